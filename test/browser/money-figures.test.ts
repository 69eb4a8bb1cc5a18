/**
 * One ledger on every screen, in Chromium, as a person moves, in en-us and fr-ca at 1280 and 375 px: from the landing
 * page a new visitor finds the Disc Opener Blade, adds it, makes it 4 in the cart, reads the cart's
 * figures, checks out (reading the summary) to the confirmation; then staff, signed in afresh from
 * the landing page in the same locale, find the same order through the back office's navigation
 * (Orders, search by PO), read its ledger rows, and open the order report through the navigation
 * (filtered to the customer and channel) to read its row. Every amount is worked out by hand beside
 * it; each screen's rows add up to its total, and the total is the same string on every screen.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { figure } from './journeys-person.ts';

/** The rows of a summary as [label, amount] pairs, in order. */
const rowsOf = (page: TestPage, testid: string) =>
  page
    .getByTestId(testid)
    .evaluate((dl) =>
      [...dl.querySelectorAll(':scope > div')].map((d) => [
        d.children[0]?.textContent?.trim() ?? '',
        d.children[1]?.textContent?.trim() ?? '',
      ]),
    );

/** A shown amount in cents, read by hand: "−1 234,56 $" (fr-CA) or "$1,234.56" (en-US) → −123456. */
const centsOf = (text: string): number => {
  const digits = text.replace(/[^0-9]/g, '');
  if (!/^\d+$/.test(digits) || !/[.,]\d\d(?!\d)/.test(text))
    throw new Error(`not an amount with cents: ${JSON.stringify(text)}`);
  return (/^[−-]/.test(text.trim()) ? -1 : 1) * Number(digits);
};

/** Every row above the total adds up to it (discounts are shown with their minus sign). */
const addsUp = (rows: string[][], totalLabel: string) => {
  const at = rows.findIndex(([label]) => label === totalLabel);
  expect(at, `a ${totalLabel} row in ${JSON.stringify(rows)}`).to.be.greaterThan(0);
  const sum = rows.slice(0, at).reduce((acc, [, amount]) => acc + centsOf(amount), 0);
  expect(sum, `rows above ${totalLabel} in ${JSON.stringify(rows)}`).to.equal(centsOf(rows[at][1]));
};

/** A report row adds up: subtotal − discount + shipping + tax + fees = total, and total − paid = unpaid. */
const reportAddsUp = (row: Record<string, string>) => {
  const c = (col: string) => centsOf(row[col]);
  expect(
    c('subtotal') - c('discount') + c('shipping') + c('tax') + c('fees'),
    `report row ${JSON.stringify(row)}`,
  ).to.equal(c('total'));
  expect(c('total') - c('paid'), `report row ${JSON.stringify(row)}`).to.equal(c('unpaid'));
};

/** The rows of the back office order page (its ledger) as [label, amount] pairs. */
const ledgerOf = (page: TestPage) =>
  page
    .getByTestId('order-totals')
    .evaluate((el) =>
      [...el.querySelectorAll('[data-testid="ledger-row"]')].map((d) => [
        d.children[0]?.textContent?.trim() ?? '',
        d.children[1]?.textContent?.trim() ?? '',
      ]),
    );

/** The words a person reads in the back office, per locale. */
type StaffWords = {
  locale: string;
  signIn: string;
  email: string;
  password: string;
  dashboard: string;
  nav: string;
  orders: string;
  po: string;
  search: string;
  reports: string;
  orderReport: RegExp;
  filters: string;
  customer: string;
  channel: string;
  channelOption: string;
  groupBy: string;
  byChannel: string;
  apply: string;
};
const STAFF_WORDS: Record<'en-us' | 'fr-ca', StaffWords> = {
  'en-us': {
    locale: 'en-us',
    signIn: 'Sign in',
    email: 'Email',
    password: 'Password',
    dashboard: 'Dashboard',
    nav: 'Back office',
    orders: 'Orders',
    po: 'PO number',
    search: 'Search',
    reports: 'Reports',
    orderReport: /^Order report/,
    filters: 'Filters',
    customer: 'Customer',
    channel: 'Channel',
    channelOption: 'United States (USD)',
    groupBy: 'Group by',
    byChannel: 'Channel',
    apply: 'Apply',
  },
  'fr-ca': {
    locale: 'fr-ca',
    signIn: 'Se connecter',
    email: 'Courriel',
    password: 'Mot de passe',
    dashboard: 'Tableau de bord',
    nav: 'Administration',
    orders: 'Commandes',
    po: 'Bon de commande',
    search: 'Rechercher',
    reports: 'Rapports',
    orderReport: /^Rapport des commandes/,
    filters: 'Filtres',
    customer: 'Client',
    channel: 'Canal',
    channelOption: 'Canada (CAD)',
    groupBy: 'Regrouper par',
    byChannel: 'Canal',
    apply: 'Appliquer',
  },
};

/**
 * Staff, signed in afresh from the landing page in the locale, find the order by its PO through the
 * back office's navigation, read its ledger rows; then open the order report (through the navigation)
 * filtered to the order's customer and channel, grouped by channel, and read its one row. Returns both, as shown.
 */
async function staffReads(base: string, width: number, w: StaffWords, po: string, orderId: string, email: string) {
  const staff = await newPage({ width, height: 900 });
  await staff.goto(`${base}/${w.locale}/`);
  await hydrated(staff);
  const banner = staff.getByRole('banner');
  const signIn = banner.getByRole('link', { name: w.signIn });
  if (!(await signIn.isVisible())) await banner.getByRole('button', { name: 'Menu' }).click();
  await signIn.click();
  await staff.getByRole('textbox', { name: w.email }).fill('staff@example.com');
  await staff.getByRole('textbox', { name: w.password }).fill(DEMO_PASSWORD);
  await staff.getByRole('button', { name: w.signIn }).click();
  await staff.getByRole('heading', { level: 1, name: w.dashboard }).waitFor();
  await staff.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.orders, exact: true }).click();
  await hydrated(staff);
  const find = staff.getByRole('search', { name: w.orders });
  await find.getByRole('searchbox', { name: w.po }).fill(po);
  await find.getByRole('button', { name: w.search }).click();
  const found = staff.getByRole('table', { name: w.orders }).getByRole('row').filter({ hasText: po });
  await found.getByRole('link', { name: `#${orderId}` }).waitFor();
  const listed = (await found.textContent()) ?? '';
  await found.getByRole('link', { name: `#${orderId}` }).click();
  await hydrated(staff);
  const ledger = await ledgerOf(staff);
  expect(await axe(staff)).to.deep.equal([]);
  await screenshot(staff, `money-staff-order-${w.locale}-${width}`);

  await staff.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.reports }).click();
  await staff.getByRole('link', { name: w.orderReport }).click();
  const filters = staff.getByRole('form', { name: w.filters });
  await filters.getByRole('searchbox', { name: w.customer }).fill(email);
  await filters.getByRole('combobox', { name: w.channel }).selectOption({ label: w.channelOption });
  await filters.getByRole('combobox', { name: w.groupBy }).selectOption({ label: w.byChannel });
  await Promise.all([staff.waitForNavigation(), filters.getByRole('button', { name: w.apply }).click()]);
  const rows = staff.getByTestId('report-row');
  expect(await rows.count()).to.equal(1);
  const report = Object.fromEntries(
    await rows
      .first()
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-col') ?? '', td.textContent?.trim() ?? ''])),
  ) as Record<string, string>;
  await screenshot(staff, `money-report-${w.locale}-${width}`);
  expect(staff.problems).to.deep.equal([]);
  await staff.close();
  return { listed, ledger, report };
}

describe('browser: money that adds up', function () {
  this.timeout(240_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`en-us at ${width} px: cart, checkout summary, confirmation and the back office show figures that add up`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/`);
      await hydrated(page);
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.fill('Disc Opener');
      await page.getByRole('option', { name: /Disc Opener Blade 15"/ }).click();
      await page.waitForURL(/\/en-us\/products\/\d+$/);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'View cart' }).click();
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      const more = page.getByRole('button', { name: 'Increase quantity: Disc Opener Blade 15"' });
      for (let i = 0; i < 3; i++) await more.click();
      await page.getByTestId('cart-line-total-original').filter({ hasText: '$171.00' }).waitFor();

      // Cart: 4 × $42.75 = $171.00 struck through; the $25 Parts Bundle once; 171.00 − 25.00 = $146.00.
      expect(await page.getByTestId('cart-line-unit').textContent()).to.equal('$42.75');
      expect(await page.getByTestId('cart-line-total').textContent()).to.equal('Original price $171.00$146.00');
      expect(await rowsOf(page, 'cart-totals')).to.deep.equal([
        ['Merchandise', '$171.00'],
        ['Parts Bundle', '−$25.00'],
        ['Total before shipping and tax', '$146.00'],
      ]);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `money-cart-${width}`);

      // Checkout as a new customer in Ames, Iowa.
      await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('link', { name: 'Continue as a new customer' }).click();
      await hydrated(page);
      const info = page.getByRole('tabpanel', { name: 'Customer info' });
      const email = `money-${width}-${Date.now()}@example.test`;
      await info.getByRole('textbox', { name: 'Email' }).fill(email);
      await info.getByRole('textbox', { name: 'First name' }).fill('Pat');
      await info.getByRole('textbox', { name: 'Last name' }).fill('Lee');
      await info.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Main Street');
      await info.getByRole('textbox', { name: 'City' }).fill('Ames');
      await info.getByRole('combobox', { name: 'State / province' }).selectOption({ label: 'Iowa' });
      await info.getByRole('textbox', { name: 'Postal code' }).fill('50010');
      await info.getByRole('button', { name: 'Continue' }).click();
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      await shipping.getByRole('button', { name: 'Continue' }).click();
      const payment = page.getByRole('tabpanel', { name: 'Payment' });
      await payment.getByRole('textbox', { name: 'Card number' }).waitFor();
      // Summary: the line at list price (4 × $42.75 = $171.00, the merchandise), the promotion, shipping
      // $26.61, tax 7 % of 146.00 = $10.22; 146.00 + 26.61 + 10.22 = $182.83.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await figure(summary, 'Tax').filter({ hasText: '$10.22' }).waitFor();
      expect(await summary.getByTestId('summary-line-total').allTextContents()).to.deep.equal(['$171.00']);
      expect(await summary.getByTestId('summary-line-math').textContent()).to.equal('4 × $42.75');
      expect(
        await summary
          .locator('dl.totals')
          .evaluate((dl) =>
            [...dl.querySelectorAll(':scope > div')].map((d) => [d.children[0].textContent, d.children[1].textContent]),
          ),
      ).to.deep.equal([
        ['Merchandise', '$171.00'],
        ['Parts Bundle', '−$25.00'],
        ['Shipping', '$26.61'],
        ['Tax', '$10.22'],
        ['Total', '$182.83'],
      ]);
      await screenshot(page, `money-checkout-${width}`);
      const po = `I33-${width}-${Date.now()}`;
      await payment.getByRole('textbox', { name: 'PO number (optional)' }).fill(po);
      await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
      await payment.getByRole('textbox', { name: 'Security code' }).fill('123');
      await payment.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = /#(\d+)/.exec(heading!)![1];

      // Confirmation: 4 × $42.75 = $171.00 on the line, the promotion as its own row, net $146.00; the rows add up.
      const items = page.getByRole('region', { name: 'Items' });
      expect(
        await items
          .getByRole('row', {
            name:
              width > 767
                ? 'Disc Opener Blade 15" PP-DOB-15 4 $42.75 $171.00'
                : 'Disc Opener Blade 15" PP-DOB-15 4 × $42.75 4 $171.00',
            exact: true,
          })
          .count(),
      ).to.equal(1);
      expect(await items.getByRole('row', { name: 'Parts Bundle −$25.00' }).count()).to.equal(1);
      expect(await items.getByRole('row', { name: 'Net $146.00' }).count()).to.equal(1);
      expect(
        await page
          .getByTestId('order-totals')
          .evaluate((el) =>
            [...el.querySelectorAll(':scope > div')].map((d) => [d.children[0].textContent, d.children[1].textContent]),
          ),
      ).to.deep.equal([
        ['Merchandise', '$171.00'],
        ['Parts Bundle', '−$25.00'],
        ['Shipping', '$26.61'],
        ['Tax', '$10.22'],
        ['Total', '$182.83'],
      ]);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `money-confirmation-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();

      // Staff, signed in afresh, through the back office's navigation and order search; then the order report.
      // The card paid the whole $182.83 at checkout, so nothing is unpaid.
      const seen = await staffReads(base, width, STAFF_WORDS['en-us'], po, orderId, email);
      expect(seen.listed).to.contain('$182.83');
      expect(seen.ledger).to.deep.equal([
        ['Merchandise', '$171.00'],
        ['Parts Bundle', '−$25.00'],
        ['Shipping', '$26.61'],
        ['Tax', '$10.22'],
        ['Total', '$182.83'],
        ['Paid', '−$182.83'],
        ['Unpaid', '$0.00'],
      ]);
      addsUp(seen.ledger, 'Total');
      addsUp(seen.ledger.slice(4), 'Unpaid');
      // The report row: subtotal 171.00 − discount 25.00 + shipping 26.61 + tax 10.22 = 182.83, all paid.
      expect(seen.report).to.deep.equal({
        orders: '1',
        subtotal: '$171.00',
        discount: '$25.00',
        shipping: '$26.61',
        tax: '$10.22',
        fees: '$0.00',
        total: '$182.83',
        paid: '$182.83',
        unpaid: '$0.00',
      });
      reportAddsUp(seen.report);
    });
  }

  for (const width of [1280, 375]) {
    it(`fr-ca at ${width} px: the same order reads the same figures in French from the cart to the order report`, async () => {
      const nb = '\u00a0';
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/fr-ca/`);
      await hydrated(page);
      await page.getByRole('combobox', { name: 'Rechercher des produits' }).fill('Disque ouvreur');
      await page.getByRole('option', { name: /Disque ouvreur 15 po/ }).click();
      await page.waitForURL(/\/fr-ca\/products\/\d+$/);
      await hydrated(page);
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByRole('link', { name: 'Voir le panier' }).click();
      await page.waitForURL(/\/fr-ca\/cart$/);
      await hydrated(page);
      const more = page.getByRole('button', { name: 'Augmenter la quantité: Disque ouvreur 15 po' });
      for (let i = 0; i < 3; i++) await more.click();
      await page.getByTestId('qty-input').and(page.locator('[value="4"]')).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="cart-status"]')?.textContent !== '');
      // CAD prices: 4 × 58,57 $ = 234,28 $; the $25 Parts Bundle at the channel's rate 1.37 = 34,25 $;
      // 234,28 − 34,25 = 200,03 $. fr-CA writes money "234,28 $" (a no-break space before the sign).
      expect(await page.getByTestId('cart-line-unit').textContent()).to.equal(`58,57${nb}$`);
      expect(await page.getByTestId('cart-line-total').textContent()).to.equal(
        `Prix d’origine 234,28${nb}$200,03${nb}$`,
      );
      const cart = await rowsOf(page, 'cart-totals');
      expect(cart).to.deep.equal([
        ['Marchandise', `234,28${nb}$`],
        ['Lot de pièces', `−34,25${nb}$`],
        ['Total avant livraison et taxes', `200,03${nb}$`],
      ]);
      addsUp(cart, 'Total avant livraison et taxes');
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `money-cart-fr-ca-${width}`);

      // Checkout as a new customer in Saskatoon, Saskatchewan.
      await page
        .getByRole('complementary', { name: 'Récapitulatif' })
        .getByRole('link', { name: 'Passer la commande' })
        .click();
      await page.getByRole('link', { name: 'Continuer comme nouveau client' }).click();
      await hydrated(page);
      const info = page.getByRole('tabpanel', { name: 'Client' });
      const email = `argent-${width}-${Date.now()}@example.test`;
      await info.getByRole('textbox', { name: 'Courriel' }).fill(email);
      await info.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await info.getByRole('textbox', { name: 'Nom', exact: true }).fill('Gagnon');
      await info.getByRole('textbox', { name: 'Adresse', exact: true }).fill('225 avenue Main');
      await info.getByRole('textbox', { name: 'Ville' }).fill('Saskatoon');
      await info.getByRole('combobox', { name: 'Province / État' }).selectOption({ label: 'Saskatchewan' });
      await info.getByRole('textbox', { name: 'Code postal' }).fill('S7K 5Z7');
      await info.getByRole('button', { name: 'Continuer' }).click();
      const shipping = page.getByRole('tabpanel', { name: 'Livraison' });
      await shipping.getByRole('radio').first().waitFor();
      await shipping.getByRole('button', { name: 'Continuer' }).click();
      const payment = page.getByRole('tabpanel', { name: 'Paiement' });
      await payment.getByRole('textbox', { name: 'Numéro de carte' }).waitFor();
      const summary = page.getByRole('complementary', { name: 'Résumé de la commande' });
      // Summary: the line at list price (4 × 58,57 $ = 234,28 $), the promotion −34,25 $, shipping as quoted to
      // Saskatoon 38,98 $, tax GST 5 % + PST 6 % = 11 % of 200,03 = 22,0033 → 22,00 $;
      // 200,03 + 38,98 + 22,00 = 261,01 $.
      await figure(summary, 'Taxes')
        .filter({ hasText: `22,00${nb}$` })
        .waitFor();
      expect(await summary.getByTestId('summary-line-total').allTextContents()).to.deep.equal([`234,28${nb}$`]);
      expect(await summary.getByTestId('summary-line-math').textContent()).to.equal(`4 × 58,57${nb}$`);
      const checkout = await summary
        .locator('dl.totals')
        .evaluate((dl) =>
          [...dl.querySelectorAll(':scope > div')].map((d) => [
            d.children[0].textContent ?? '',
            d.children[1].textContent ?? '',
          ]),
        );
      expect(checkout).to.deep.equal([
        ['Marchandise', `234,28${nb}$`],
        ['Lot de pièces', `−34,25${nb}$`],
        ['Livraison', `38,98${nb}$`],
        ['Taxes', `22,00${nb}$`],
        ['Total', `261,01${nb}$`],
      ]);
      addsUp(checkout, 'Total');
      await screenshot(page, `money-checkout-fr-ca-${width}`);
      const po = `I33-FR-${width}-${Date.now()}`;
      await payment.getByRole('textbox', { name: 'Numéro de bon de commande (facultatif)' }).fill(po);
      await payment.getByRole('textbox', { name: 'Numéro de carte' }).fill(TEST_CARDS.approved);
      await payment.getByRole('textbox', { name: 'Expiration (MM/AA)' }).fill('1240');
      await payment.getByRole('textbox', { name: 'Code de sécurité' }).fill('123');
      await payment.getByRole('button', { name: 'Passer la commande' }).click();
      await page.waitForURL(/\/fr-ca\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Merci! La commande no \d+ est passée\.$/ })
        .textContent();
      const orderId = /no (\d+)/.exec(heading!)![1];

      // Confirmation: 4 × 58,57 $ = 234,28 $ on the line, the promotion as its own row, net 200,03 $; the
      // same rows and the same total as the checkout summary.
      const items = page.getByRole('region', { name: 'Articles' });
      const line =
        width > 767
          ? `Disque ouvreur 15 po PP-DOB-15 4 58,57${nb}$ 234,28${nb}$`
          : `Disque ouvreur 15 po PP-DOB-15 4 × 58,57${nb}$ 4 234,28${nb}$`;
      expect(await items.getByRole('row', { name: line, exact: true }).count()).to.equal(1);
      expect(await items.getByRole('row', { name: `Lot de pièces −34,25${nb}$`, exact: true }).count()).to.equal(1);
      expect(await items.getByRole('row', { name: `Net 200,03${nb}$`, exact: true }).count()).to.equal(1);
      const confirmation = await page
        .getByTestId('order-totals')
        .evaluate((el) =>
          [...el.querySelectorAll(':scope > div')].map((d) => [
            d.children[0].textContent ?? '',
            d.children[1].textContent ?? '',
          ]),
        );
      expect(confirmation).to.deep.equal(checkout);
      addsUp(confirmation, 'Total');
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `money-confirmation-fr-ca-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();

      const seen = await staffReads(base, width, STAFF_WORDS['fr-ca'], po, orderId, email);
      // The back office, in French: the same rows, the same total string; the card paid all 261,01 $.
      expect(seen.listed).to.contain(`261,01${nb}$`);
      expect(seen.ledger).to.deep.equal([
        ['Marchandise', `234,28${nb}$`],
        ['Parts Bundle', `−34,25${nb}$`],
        ['Livraison', `38,98${nb}$`],
        ['Taxes', `22,00${nb}$`],
        ['Total', `261,01${nb}$`],
        ['Payé', `−261,01${nb}$`],
        ['Impayé', `0,00${nb}$`],
      ]);
      addsUp(seen.ledger, 'Total');
      addsUp(seen.ledger.slice(4), 'Impayé');
      expect(seen.ledger.map(([, amount]) => amount).slice(0, 5)).to.deep.equal(checkout.map(([, amount]) => amount));
      // The report row: subtotal 234,28 − discount 34,25 + shipping 38,98 + tax 22,00 + fees 0,00 = 261,01; all paid.
      expect(seen.report).to.deep.equal({
        orders: '1',
        subtotal: `234,28${nb}$`,
        discount: `34,25${nb}$`,
        shipping: `38,98${nb}$`,
        tax: `22,00${nb}$`,
        fees: `0,00${nb}$`,
        total: `261,01${nb}$`,
        paid: `261,01${nb}$`,
        unpaid: `0,00${nb}$`,
      });
      reportAddsUp(seen.report);
      expect(seen.report.total).to.equal(checkout[4][1]);
    });
  }
});
