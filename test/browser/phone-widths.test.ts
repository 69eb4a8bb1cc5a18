/**
 * Screens at 375 px: a table that is wider than the phone says so (its edge fades, its
 * box is a named region a keyboard can focus and scroll), the page itself never scrolls sideways,
 * and the key column is reachable; the customer's order history fits whole; the product editor's
 * choice rows keep their labels when the header row is hidden.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { signInFromLanding } from './journeys-person.ts';

/** What a person clicks on the walk below, in each locale's words (en-ca reads as en-us). */
const EN = {
  menu: 'Menu',
  products: 'Products',
  product: /^Row Unit Rebuild Kit/,
  parts: 'Parts diagrams',
  diagram: '4-Row Vacuum Planter — Row Unit',
  dealers: 'Find a dealer',
  lead: 'Talk to our team',
  home: 'Harrow & Drill',
  cart: /^Cart/,
  account: 'My account',
  sections: 'Account sections',
  orders: 'Orders',
  addresses: 'Addresses',
  payment: 'Payment methods',
  quotes: 'Quotes',
  approvals: 'Approvals',
};
const WALK: Record<string, typeof EN> = {
  'en-us': EN,
  'en-ca': EN,
  'fr-ca': {
    menu: 'Menu',
    products: 'Produits',
    product: /^Trousse de remise à neuf/,
    parts: 'Vues éclatées',
    diagram: 'Semoir pneumatique 4 rangs — Unité de rang',
    dealers: 'Trouver un concessionnaire',
    lead: 'Parler à notre équipe',
    home: 'Harrow & Drill',
    cart: /^Panier/,
    account: 'Mon compte',
    sections: 'Sections du compte',
    orders: 'Commandes',
    addresses: 'Adresses',
    payment: 'Modes de paiement',
    quotes: 'Soumissions',
    approvals: 'Approbations',
  },
  'es-mx': {
    menu: 'Menú',
    products: 'Productos',
    product: /^Kit de reconstrucción/,
    parts: 'Diagramas de partes',
    diagram: 'Sembradora neumática de 4 surcos — Unidad de surco',
    dealers: 'Buscar distribuidor',
    lead: 'Hable con nuestro equipo',
    home: 'Harrow & Drill',
    cart: /^Carrito/,
    account: 'Mi cuenta',
    sections: 'Secciones de la cuenta',
    orders: 'Pedidos',
    addresses: 'Direcciones',
    payment: 'Formas de pago',
    quotes: 'Cotizaciones',
    approvals: 'Aprobaciones',
  },
};

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const pageScrollsSideways = (page: TestPage) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Is the right edge of `el` inside the phone's width? */
const insideViewport = (page: TestPage, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return r.right <= document.documentElement.clientWidth;
  }, selector);

describe('browser: screens at 375 px', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it("a customer's order history shows every total on a phone, in a named region", async () => {
    const page = await newPage({ width: 375 });
    await signInAs(page, base, 'customer@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true }).first().click(),
    ]);
    const region = page.getByRole('region', { name: 'Order history' }).and(page.locator('.table-wrap'));
    await region.waitFor();
    expect(await pageScrollsSideways(page)).to.equal(false);
    // The table fits its box: the Total column is on screen without scrolling.
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).to.equal(true);
    expect(await insideViewport(page, '[data-testid="account-orders"] thead th:last-child')).to.equal(true);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'phone-account-orders-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the order editor at 375 px: one card per line with its options, its total and a Remove a keyboard reaches', async () => {
    const page = await newPage({ width: 375 });
    await signInAs(page, base, 'admin@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Orders', exact: true }).click(),
    ]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: '#3', exact: true }).click()]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
    await hydrated(page);
    expect(await pageScrollsSideways(page)).to.equal(false);
    const lines = page.getByRole('region', { name: 'Items' }).and(page.locator('.table-wrap'));
    // Nothing in the lines is off to the side: the box does not need to scroll.
    expect(await lines.evaluate((el) => el.scrollWidth <= el.clientWidth)).to.equal(true);
    const planter = page.getByTestId('editor-lines').getByRole('row').filter({ hasText: 'Custom Vacuum Planter' });
    // The line's configured options, as the order page shows them.
    expect(await planter.getByTestId('line-option').allTextContents()).to.include.members([
      'Hitch: Drawbar pull-type',
      'Extra seed plates: Corn 30-cell × 10',
    ]);
    expect(await planter.getByTestId('line-total').textContent()).to.contain('$25,059.00');
    // Each figure still says which column it is (the header row is hidden on a phone).
    // The label is shown, and kept out of the accessible name (alt text "": the header row names the column for screen readers).
    expect(await planter.getByTestId('line-total').evaluate((td) => getComputedStyle(td, '::before').content)).to.equal(
      '"List total" / ""',
    );
    const remove = planter.getByRole('button', { name: 'Remove: Custom Vacuum Planter — Build Your Own' });
    await remove.scrollIntoViewIfNeeded();
    const box = (await remove.boundingBox())!;
    expect(box.x).to.be.at.least(0);
    expect(box.x + box.width).to.be.at.most(375);
    // A keyboard gets there with Tab from the product search, and Enter asks to remove the line.
    await page.getByLabel('Add a product').focus();
    let reached = false;
    for (let i = 0; i < 6 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await remove.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab reaches Remove').to.equal(true);
    for (const name of ['Payments', 'Take a payment', 'Card payments'])
      expect(await page.getByRole('heading', { name, exact: true }).count(), name).to.equal(1);
    // The payment's Assigned boxes are on screen too.
    const assigned = page.getByRole('textbox', { name: 'Assigned: Custom Vacuum Planter — Build Your Own' });
    await assigned.scrollIntoViewIfNeeded();
    const abox = (await assigned.boundingBox())!;
    expect(abox.x + abox.width).to.be.at.most(375);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'phone-order-editor-375');
    // Back on Remove, as Tab found it, and Enter: the planter is this order's only product line, so
    // the draft is refused with the spec's words and the line stays (nothing was saved).
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByText('An order requires line items').first().waitFor();
    expect(await planter.count()).to.equal(1);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("the product editor's choice rows say what each box holds when the table's header is hidden", async () => {
    const page = await newPage({ width: 375 });
    await signInAs(page, base, 'admin@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Products' }).click(),
    ]);
    await page.getByLabel('Search by title, stock code or SKU').fill('DEMO-CONFIG');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Search' }).click()]);
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: /^Edit: Custom Vacuum Planter/ }).click(),
    ]);
    await hydrated(page);
    expect(await pageScrollsSideways(page)).to.equal(false);
    const firstRow = page.locator('.pe-choices tbody tr').first();
    // Shown labels, kept out of the accessible name (alt text ""): strip the alt part to read them.
    const labels = await firstRow
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content.replace(/ \/ ""$/, '')));
    expect(labels.slice(0, 5)).to.deep.equal([
      '"Choice"',
      '"Stock code value"',
      '"Value price"',
      '"Discount price"',
      '"Default"',
    ]);
    expect(await page.getByRole('region', { name: /^Choices: / }).count()).to.be.greaterThan(0);
    await screenshot(page, 'phone-product-editor-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('product cards on a phone wrap long names and dated badges instead of cutting them', async () => {
    const page = await newPage({ width: 375 });
    await page.goto(`${base}/en-us/`);
    await page.getByTestId('nav-toggle').click();
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).first().click(),
    ]);
    expect(await pageScrollsSideways(page)).to.equal(false);
    // No title or badge in any card is wider than its box (a cut one would be: "Vacuum Fan Assem…").
    const cut = await page
      .locator('.product-card .title, .product-card .badge')
      .evaluateAll((els) =>
        els
          .filter(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 ||
              e.getBoundingClientRect().right > e.closest('.product-card')!.getBoundingClientRect().right + 0.5,
          )
          .map((e) => e.textContent),
      );
    expect(cut).to.deep.equal([]);
    const badge = page.locator('.product-card').filter({ hasText: 'Vacuum Fan Assembly' }).locator('.badge').first();
    expect((await badge.textContent())?.trim()).to.match(/^Order now: ships /);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'phone-products-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("es-mx: the cart's 'Ocultar precios originales' fits a phone", async () => {
    const page = await newPage({ width: 375 });
    await signInAs(page, base, 'customer@example.com');
    await page.goto(`${base}/es-mx/`); // the Mexican storefront's first page
    await Promise.all([page.waitForNavigation(), page.getByTestId('cart-link').click()]);
    await hydrated(page);
    const toggle = page.getByTestId('discount-toggle');
    await toggle.waitFor();
    expect(await pageScrollsSideways(page)).to.equal(false);
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).to.be.at.most(375);
    await screenshot(page, 'phone-cart-es-mx-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('with items in the cart, the phone header keeps one row above the search (es-mx and fr-ca)', async () => {
    const page = await newPage({ width: 375 });
    await signInAs(page, base, 'customer@example.com'); // the demo customer's cart has items
    for (const locale of ['es-mx', 'fr-ca']) {
      await page.goto(`${base}/${locale}/`);
      await page.getByTestId('header-checkout').waitFor({ state: 'visible' });
      const tops = await page.evaluate(() =>
        ['brand', 'nav-toggle', 'cart-link', 'header-checkout'].map((id) =>
          Math.round(document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().top),
        ),
      );
      const spread = Math.max(...tops) - Math.min(...tops);
      expect(spread, `${locale}: brand, menu, cart and checkout on one row (${tops.join(', ')})`).to.be.at.most(12);
      // The brand still has its name for screen readers.
      expect(
        (await page.getByTestId('brand').getAttribute('aria-label')) ?? (await page.getByTestId('brand').innerText()),
      ).to.not.equal('');
      expect(await pageScrollsSideways(page)).to.equal(false);
    }
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('fr-ca at 1280 px: the search placeholder fits and the cart and sign-in icons keep their size', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'customer@example.com'); // signed in with a cart: the most crowded header
    await page.goto(`${base}/fr-ca/`);
    expect(await pageScrollsSideways(page)).to.equal(false);
    const search = page.getByPlaceholder('Nom ou numéro de pièce');
    const fits = await search.evaluate((el) => {
      const input = el as HTMLInputElement;
      const cs = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return { text: input.placeholder, room, need: ctx.measureText(input.placeholder).width };
    });
    expect(fits.text).to.equal('Nom ou numéro de pièce');
    expect(fits.need, `placeholder needs ${fits.need}px, has ${fits.room}px`).to.be.at.most(fits.room);
    for (const id of ['cart-link', 'account-menu']) {
      const icon = (await page.getByTestId(id).locator('svg').first().boundingBox())!;
      expect(icon.width, id).to.be.at.least(18);
    }
    await screenshot(page, 'header-fr-ca-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("a product's EPP schedules fold on a phone behind a button that opens them", async () => {
    const page = await newPage({ width: 375 });
    await page.goto(`${base}/en-us/`);
    await page.getByTestId('nav-toggle').click();
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).first().click(),
    ]);
    await Promise.all([
      page.waitForNavigation(),
      page
        .getByRole('link', { name: /Custom Vacuum Planter/ })
        .first()
        .click(),
    ]);
    await hydrated(page);
    const standard = page.locator('[data-testid="epp-plan"][data-kind="standard"]').first();
    const toggle = standard.getByRole('button', { name: 'Show the 12 payments' });
    await toggle.waitFor();
    expect(await standard.getByTestId('epp-row').first().isVisible()).to.equal(false);
    expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
    await toggle.click();
    await standard.getByTestId('epp-row').first().waitFor();
    expect(await standard.getByRole('button', { name: 'Hide the payments' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    expect(await pageScrollsSideways(page)).to.equal(false);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'phone-product-epp-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('every storefront and account page a person clicks to, in all four locales, is no wider than a 375 px phone', async () => {
    const page = await newPage({ width: 375 });
    // The Acme buyer: orders, saved addresses, and the organisation's Approvals in the account navigation.
    await signInFromLanding(page, base, 'buyer@acme.example');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const wide: string[] = [];
    const visits: string[] = [];
    const fits = async (locale: string, what: string) => {
      await page.waitForLoadState('load');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      visits.push(`${locale} ${what}`);
      if (width > 375) {
        await screenshot(page, `phone-wide-${locale}-${what}`);
        wide.push(`${locale} ${what}: ${width} px (${new URL(page.url()).pathname})`);
      }
    };
    const click = async (target: ReturnType<TestPage['getByRole']>) => {
      const from = page.url();
      await Promise.all([page.waitForNavigation(), target.click()]).catch((e) => {
        throw new Error(`${from} → ${page.url()}: ${target}: ${(e as Error).message.split('\n')[0]}`);
      });
    };
    for (const [locale, w] of Object.entries(WALK)) {
      await page.goto(`${base}/${locale}/`); // each storefront's own landing page
      await fits(locale, 'landing');
      await click(page.getByRole('main').getByRole('link', { name: w.lead }));
      await fits(locale, 'leads');
      const menu = async (name: string) => {
        await page.getByRole('button', { name: w.menu, exact: true }).click();
        await click(
          page.getByRole('navigation', { name: w.menu, exact: true }).getByRole('link', { name, exact: true }),
        );
      };
      await menu(w.products);
      await fits(locale, 'catalog');
      await click(page.getByRole('main').getByRole('link', { name: w.product }).first());
      await fits(locale, 'product');
      await menu(w.parts);
      await fits(locale, 'parts');
      await click(page.getByRole('main').getByRole('link', { name: w.diagram }));
      await fits(locale, 'parts-diagram');
      await menu(w.dealers);
      await fits(locale, 'dealers');
      await click(page.getByRole('banner').getByRole('link', { name: w.cart }));
      await fits(locale, 'cart');
      await page.getByRole('banner').getByText('Jordan', { exact: true }).locator('xpath=..').click(); // the account menu (its name is hidden on a phone)
      await click(page.getByRole('banner').getByRole('link', { name: w.account }));
      await fits(locale, 'account');
      const section = (name: string) =>
        click(page.getByRole('navigation', { name: w.sections }).getByRole('link', { name, exact: true }));
      await section(w.orders);
      await fits(locale, 'orders');
      await click(page.getByRole('main').getByRole('link', { name: '5', exact: true }));
      await fits(locale, 'order-detail');
      await click(page.getByRole('main').getByRole('link', { name: new RegExp(w.account) }));
      for (const [key, name] of [
        ['addresses', w.addresses],
        ['payment-methods', w.payment],
        ['quotes', w.quotes],
        ['approvals', w.approvals],
      ] as const) {
        await section(name);
        await fits(locale, key);
      }
    }
    expect(visits.length).to.equal(4 * 15);
    expect(wide).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
