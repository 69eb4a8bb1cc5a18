/**
 * The catalogue in the visitor's language, as a person reaches it: from the landing
 * page through the header's Products link, a category, the product page (name, options, choices)
 * and add to cart, to the cart (line, summary rows), in fr-ca and es-mx at 1280 and 375 px, with
 * axe and screenshots (SCREENSHOTS=1).
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

const LOCALES = {
  'fr-ca': {
    products: 'Produits',
    category: 'Semoirs',
    product: 'Semoir pneumatique sur mesure — À configurer',
    option: 'Nombre de rangs',
    choice: '6 rangs',
    addToCart: 'Ajouter au panier',
    added: 'Ajouté à votre panier : 1 × Semoir pneumatique sur mesure — À configurer',
    cart: 'Panier',
    merchandise: 'Marchandise',
    beforeShipping: 'Total avant livraison et taxes',
  },
  'es-mx': {
    products: 'Productos',
    category: 'Sembradoras',
    product: 'Sembradora neumática a la medida — Configúrela',
    option: 'Número de surcos',
    choice: '6 surcos',
    addToCart: 'Agregar al carrito',
    added: 'Agregado a su carrito: 1 × Sembradora neumática a la medida — Configúrela',
    cart: 'Carrito',
    merchandise: 'Mercancía',
    beforeShipping: 'Total antes de envío e impuestos',
  },
} as const;

/** Full-page screenshots of a scrolled page draw the sticky header mid-page: go back to the top first. */
async function shot(page: TestPage, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe('browser: the catalogue in the visitor\u2019s language', function () {
  before(function () {
    requireChromium(this);
  });
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const [locale, L] of Object.entries(LOCALES)) {
    for (const width of [1280, 375]) {
      it(`${locale} at ${width} px: catalog, product page and cart name the product, options and promotion in the language`, async () => {
        const page = await newPage({ width, height: 900 });
        await page.goto(`${base}/${locale}/`);
        await hydrated(page);
        if (width < 992) await page.getByTestId('nav-toggle').click();
        await Promise.all([
          page.waitForURL(`${base}/${locale}/products`),
          page.getByTestId('main-nav').getByRole('link', { name: L.products, exact: true }).click(),
        ]);

        // The category list and the product cards are in the language.
        await Promise.all([
          page.waitForURL(/category=planters/),
          page
            .getByRole('link', { name: new RegExp(`^${L.category}\\b`) })
            .first()
            .click(),
        ]);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include(L.category);
        await page.getByRole('link', { name: L.product }).first().click();

        // The product page: name, option and choice.
        await page.getByRole('heading', { level: 1, name: L.product }).waitFor();
        await hydrated(page);
        const option = page.getByRole('group', { name: L.option, exact: true });
        await option.getByRole('radio', { name: new RegExp(`^${L.choice}`) }).check();
        await shot(page, `catalog-i18n-product-${locale}-${width}`);
        expect(await axe(page)).to.deep.equal([]);

        await page.getByRole('button', { name: L.addToCart }).click();
        await page.getByTestId('alert').filter({ hasText: L.added }).waitFor();

        // The cart: the line, its options and the promotion.
        await Promise.all([page.waitForURL(`${base}/${locale}/cart`), page.getByTestId('cart-link').click()]);
        await hydrated(page);
        await page.getByTestId('cart-line').filter({ hasText: L.product }).first().waitFor();
        // The summary's rows in the language. The Parts Bundle applies to parts only, so a planter has no promotion row.
        const totals = (await page.getByTestId('cart-totals').textContent()) ?? '';
        expect(totals).to.include(L.merchandise).and.include(L.beforeShipping);
        expect(totals).to.not.include('Parts Bundle');
        await shot(page, `catalog-i18n-cart-${locale}-${width}`);
        expect(await axe(page)).to.deep.equal([]);
        expect(page.problems).to.deep.equal([]);
        await page.close();
      });
    }
  }
});
