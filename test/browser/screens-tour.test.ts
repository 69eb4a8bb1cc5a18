/**
 * The main screens, walked as a person walks them (from the landing page and the back
 * office's navigation, by links found by role and name) in en-us, fr-ca and es-mx, at 1280 and
 * 375 px. On each screen: the page is in the visitor's language, nothing runs off the side of the
 * window, and axe-core finds no serious or critical violation (every rule in English, the rules
 * that depend on the words in French and Spanish). `SCREENSHOTS=1` keeps a full-page
 * PNG of each (test-results/tour-…), which is how the screens were checked by looking.
 *
 * The names below are written by hand from the shipped texts: a renamed or untranslated control
 * fails here.
 */
import { expect } from 'chai';
import {
  AXE_LANGUAGE_RULES,
  axe,
  hydrated,
  newPage,
  requireChromium,
  screenshot,
  type TestPage,
} from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

type Words = {
  lang: string;
  planter: string;
  menu: string;
  products: string;
  parts: string;
  dealers: string;
  signIn: string;
  email: string;
  password: string;
  admin: { orders: string; customers: string; products: string; promotions: string; warehouses: string };
};
const WORDS: Record<'en-us' | 'fr-ca' | 'es-mx', Words> = {
  'en-us': {
    lang: 'en',
    planter: 'Custom Vacuum Planter — Build Your Own',
    menu: 'Menu',
    products: 'Products',
    parts: 'Parts diagrams',
    dealers: 'Find a dealer',
    signIn: 'Sign in',
    email: 'Email',
    password: 'Password',
    admin: {
      orders: 'Orders',
      customers: 'Customers',
      products: 'Products',
      promotions: 'Promotions',
      warehouses: 'Warehouses',
    },
  },
  'fr-ca': {
    lang: 'fr',
    planter: 'Semoir pneumatique sur mesure — À configurer',
    menu: 'Menu',
    products: 'Produits',
    parts: 'Vues éclatées',
    dealers: 'Trouver un concessionnaire',
    signIn: 'Se connecter',
    email: 'Courriel',
    password: 'Mot de passe',
    admin: {
      orders: 'Commandes',
      customers: 'Clients',
      products: 'Produits',
      promotions: 'Promotions',
      warehouses: 'Entrepôts',
    },
  },
  'es-mx': {
    lang: 'es',
    planter: 'Sembradora neumática a la medida — Configúrela',
    menu: 'Menú',
    products: 'Productos',
    parts: 'Diagramas de partes',
    dealers: 'Buscar distribuidor',
    signIn: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    admin: {
      orders: 'Pedidos',
      customers: 'Clientes',
      products: 'Productos',
      promotions: 'Promociones',
      warehouses: 'Almacenes',
    },
  },
};

/**
 * The checks every screen of the tour passes; returns what went wrong (empty when nothing).
 * axe runs every rule in English and the language-dependent rules in the other languages.
 */
async function look(page: TestPage, w: Words, name: string): Promise<string[]> {
  await page.waitForLoadState('load');
  await hydrated(page);
  const wrong: string[] = [];
  const lang = await page.getAttribute('html', 'lang');
  if (lang !== w.lang) wrong.push(`${name}: <html lang="${lang}">, expected ${w.lang}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) wrong.push(`${name}: ${overflow} px wider than the window`);
  for (const v of await axe(page, w.lang === 'en' ? undefined : AXE_LANGUAGE_RULES)) wrong.push(`${name}: ${v}`);
  await screenshot(page, `tour-${name}`);
  return wrong;
}

describe('browser: the main screens in three languages at 1280 and 375 px', function () {
  this.timeout(600_000);
  before(function () {
    requireChromium(this);
  });
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const locale of Object.keys(WORDS) as (keyof typeof WORDS)[]) {
    const w = WORDS[locale];
    for (const width of [1280, 375]) {
      it(`${locale} at ${width} px: landing, catalog, a product, parts diagrams, dealers, then the back office's main lists`, async () => {
        const page = await newPage({ width, height: 900 });
        const tag = `${locale}-${width}`;
        const wrong: string[] = [];
        /** A header link; on a phone the header's Menu opens first. */
        const headerLink = async (name: string) => {
          const menu = page.getByRole('button', { name: w.menu, exact: true });
          if (width < 992 && (await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
            await menu.click();
          await Promise.all([
            page.waitForNavigation(),
            page.getByRole('banner').getByRole('link', { name, exact: true }).first().click(),
          ]);
        };

        await page.goto(`${base}/${locale}/`); // where a person starts
        wrong.push(...(await look(page, w, `${tag}-landing`)));

        await headerLink(w.products);
        wrong.push(...(await look(page, w, `${tag}-catalog`)));
        await Promise.all([
          page.waitForNavigation(),
          page
            .getByRole('main')
            .getByRole('link', { name: new RegExp(w.planter) })
            .first()
            .click(),
        ]);
        wrong.push(...(await look(page, w, `${tag}-product`)));

        await headerLink(w.parts);
        wrong.push(...(await look(page, w, `${tag}-parts`)));

        await headerLink(w.dealers);
        wrong.push(...(await look(page, w, `${tag}-dealers`)));

        // Staff sign in from the header and land in the back office, in the same language.
        const signIn = page.getByRole('link', { name: w.signIn, exact: true }).first();
        if (!(await signIn.isVisible())) await page.getByRole('button', { name: w.menu, exact: true }).click();
        await Promise.all([page.waitForNavigation(), signIn.click()]);
        await page.getByLabel(w.email, { exact: true }).fill('admin@example.com');
        await page.getByLabel(w.password, { exact: true }).fill(DEMO_PASSWORD);
        await Promise.all([
          page.waitForNavigation(),
          page.getByRole('main').getByRole('button', { name: w.signIn, exact: true }).click(),
        ]);
        wrong.push(...(await look(page, w, `${tag}-admin-home`)));

        for (const [key, name] of Object.entries(w.admin)) {
          const nav = page.getByRole('navigation', { name: /Back office|Administration|Administración/ });
          if (!(await nav.getByRole('link', { name, exact: true }).isVisible()))
            await page.getByRole('button', { name: w.menu, exact: true }).first().click();
          await Promise.all([page.waitForNavigation(), nav.getByRole('link', { name, exact: true }).click()]);
          wrong.push(...(await look(page, w, `${tag}-admin-${key}`)));
        }
        expect(wrong).to.deep.equal([]);
        expect(page.problems).to.deep.equal([]);
      });
    }
  }
});
