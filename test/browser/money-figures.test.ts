/**
 * Issue 33 in Chromium, as a person moves: from the landing page a new visitor finds the Disc
 * Opener Blade, adds it, makes it 4 in the cart, reads the cart's figures, checks out (reading the
 * summary) to the confirmation; then staff, signed in afresh, find the same order through the back
 * office's navigation and see the same total. Every amount is worked out by hand beside it.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { figure, signInFromLanding } from './journeys-person.ts';

/** The rows of a summary as [label, amount] pairs, in order. */
const rowsOf = (page: TestPage, testid: string) =>
  page.getByTestId(testid).evaluate((dl) => [...dl.querySelectorAll(':scope > div')].map((d) => [d.children[0]?.textContent?.trim() ?? '', d.children[1]?.textContent?.trim() ?? '']));

describe('browser: money that adds up (issue 33)', function () {
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
      await info.getByRole('textbox', { name: 'Email' }).fill(`money-${width}-${Date.now()}@example.test`);
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
      expect(await summary.locator('dl.totals').evaluate((dl) => [...dl.querySelectorAll(':scope > div')].map((d) => [d.children[0].textContent, d.children[1].textContent]))).to.deep.equal([
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
      const heading = await page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ }).textContent();
      const orderId = /#(\d+)/.exec(heading!)![1];

      // Confirmation: 4 × $42.75 = $171.00 on the line, the promotion as its own row, net $146.00; the rows add up.
      const items = page.getByRole('region', { name: 'Items' });
      expect(await items.getByRole('row', { name: width > 767 ? 'Disc Opener Blade 15" PP-DOB-15 4 $42.75 $171.00' : 'Disc Opener Blade 15" PP-DOB-15 4 × $42.75 4 $171.00', exact: true }).count()).to.equal(1);
      expect(await items.getByRole('row', { name: 'Parts Bundle −$25.00' }).count()).to.equal(1);
      expect(await items.getByRole('row', { name: 'Net $146.00' }).count()).to.equal(1);
      expect(await page.getByTestId('order-totals').evaluate((el) => [...el.querySelectorAll(':scope > div')].map((d) => [d.children[0].textContent, d.children[1].textContent]))).to.deep.equal([
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

      // Staff, signed in afresh, through the back office's navigation and order search.
      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
      await hydrated(staff);
      const find = staff.getByRole('search', { name: 'Orders' });
      await find.getByRole('searchbox', { name: 'PO number' }).fill(po);
      await find.getByRole('button', { name: 'Search' }).click();
      const found = staff.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: po });
      await found.getByRole('link', { name: `#${orderId}` }).waitFor();
      expect(await found.textContent()).to.contain('$182.83');
      await found.getByRole('link', { name: `#${orderId}` }).click();
      await hydrated(staff);
      expect(await staff.getByTestId('order-total').textContent()).to.equal('$182.83');
      expect(await staff.getByTestId('order-totals').textContent()).to.contain('$171.00').and.contain('$26.61').and.contain('$10.22');
      await staff.close();
    });
  }

  it('fr-ca: the cart reads the same rows in French, money in the Canadian French form', async () => {
    const page = await newPage({ width: 1280, height: 900 });
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
    const nb = '\u00a0';
    expect(await page.getByTestId('cart-line-unit').textContent()).to.equal(`58,57${nb}$`);
    expect(await page.getByTestId('cart-line-total').textContent()).to.equal(`Prix d’origine 234,28${nb}$200,03${nb}$`);
    expect(await rowsOf(page, 'cart-totals')).to.deep.equal([
      ['Marchandise', `234,28${nb}$`],
      ['Lot de pièces', `−34,25${nb}$`],
      ['Total avant livraison et taxes', `200,03${nb}$`],
    ]);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'money-cart-fr-ca-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
