/** The product page in Chromium: configurator, availability states, add to cart, keyboard, axe at 1280 and 375 px. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage, requireChromium } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

let base: string;
const ids: Record<string, number> = {};

async function open(code: string, opts: { width?: number } = {}): Promise<{ page: TestPage; consoleErrors: string[] }> {
  const page = await newPage(opts);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(`${base}/en-us/products/${ids[code]}`);
  await hydrated(page);
  return { page, consoleErrors };
}

/** Full-page screenshots of a scrolled page draw the sticky header mid-page: go back to the top first. */
async function shot(page: TestPage, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const text = async (page: TestPage, id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
const qtyInput = (page: TestPage, name: string) => page.getByRole('spinbutton', { name: new RegExp(`^${name}`) });
const option = (page: TestPage, name: string) =>
  page.locator('[data-testid="option"]', { has: page.locator(`legend:text-is("${name}")`) });

describe('browser: product page', function () {
  before(function () {
    requireChromium(this);
  });
  this.timeout(90_000);

  before(async () => {
    const app = await testServer();
    base = app.url;
    const { rows } = await app.database.pool.query(`select id, stockcode from products where stockcode like 'DEMO-%'`);
    for (const r of rows) ids[r.stockcode] = r.id;
    // The expected texts below are computed from these seeded USD prices (US channel, rate 1).
    const prices = await app.database.pool.query(
      `select o.name as option, c.name as choice, c.price from option_choices c join product_options o on o.id = c.option_id
        where o.product_id = $1 order by o.id, c.id`,
      [ids['DEMO-CONFIG']],
    );
    const price = (o: string, c: string) => prices.rows.find((r) => r.option === o && r.choice === c)?.price;
    expect(price('Row count', '8 rows')).to.equal('4900.00');
    expect(price('Row count', '6 rows')).to.equal('2450.00');
    expect(price('Row unit spacing', '36 in')).to.equal('350.00');
    expect(price('Hitch', 'Drawbar pull-type')).to.equal('780.00');
    expect(price('Extra seed plates', 'Corn 30-cell')).to.equal('38.50');
    const base$ = await app.database.pool.query(
      `select cp.price from channel_prices cp join channels ch on ch.id = cp.channel_id where ch.code = 'US' and cp.product_id = $1`,
      [ids['DEMO-CONFIG']],
    );
    expect(base$.rows[0].price).to.equal('18500.00');
  });

  it('configures DEMO-CONFIG through two levels of options with a live subtotal and stock code', async () => {
    const { page, consoleErrors } = await open('DEMO-CONFIG');
    expect(await text(page, 'subtotal')).to.equal('$18,500.00');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-004-0C2');
    expect(await option(page, 'Row unit spacing').count()).to.equal(0);

    // Level 1: 8 rows (+4,900) reveals the child option with its default (30 in).
    await option(page, 'Row count').getByLabel('8 rows').check();
    expect(await option(page, 'Row unit spacing').count()).to.equal(1);
    expect(await option(page, 'Row unit spacing').getByLabel('30 in').isChecked()).to.equal(true);
    expect(await text(page, 'subtotal')).to.equal('$23,400.00');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-030-0C2');

    // Level 2: 36 in (+350).
    await option(page, 'Row unit spacing').getByLabel('36 in').check();
    expect(await text(page, 'subtotal')).to.equal('$23,750.00');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0C2');

    // Drawbar hitch (+780).
    await option(page, 'Hitch').getByLabel('Drawbar pull-type').check();
    expect(await text(page, 'subtotal')).to.equal('$24,530.00');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0DB');

    // Quantity option: 10 corn plates (10 × 38.50 = 385) → 'A' in the stock code.
    const corn = qtyInput(page, 'Corn 30-cell');
    await corn.fill('10');
    expect(await text(page, 'subtotal')).to.equal('$24,915.00');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0DB-01A');

    // 40 typed is clamped to 35 as it is typed (35 × 38.50 = 1,347.50) → 'Z'.
    await corn.fill('');
    await corn.pressSequentially('40');
    expect(await corn.inputValue()).to.equal('35');
    expect(await text(page, 'subtotal')).to.equal('$25,877.50');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0DB-01Z');

    // The + button stops at 35, − steps down.
    expect(
      await option(page, 'Extra seed plates').getByRole('button', { name: 'Increase Corn 30-cell' }).isDisabled(),
    ).to.equal(true);
    await option(page, 'Extra seed plates').getByRole('button', { name: 'Decrease Corn 30-cell' }).click();
    expect(await corn.inputValue()).to.equal('34');
    await corn.fill('35');

    // Quantity 2 doubles the subtotal; 1000 is clamped to 999.
    const qty = page.getByTestId('quantity');
    await qty.fill('2');
    expect(await text(page, 'subtotal')).to.equal('$51,755.00');
    await qty.fill('1000');
    expect(await qty.inputValue()).to.equal('999');
    await qty.fill('2');

    // Back to 6 rows (+2,450): the child option disappears and its 36 in is forgotten.
    await option(page, 'Row count').getByLabel('6 rows').check();
    expect(await option(page, 'Row unit spacing').count()).to.equal(0);
    expect(await text(page, 'subtotal')).to.equal('$46,155.00'); // (18,500 + 2,450 + 780 + 1,347.50) × 2
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-006-0DB-01Z');
    await option(page, 'Row count').getByLabel('8 rows').check();
    expect(await option(page, 'Row unit spacing').getByLabel('30 in').isChecked()).to.equal(true);
    expect(await text(page, 'subtotal')).to.equal('$51,055.00'); // (18,500 + 4,900 + 780 + 1,347.50) × 2
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-030-0DB-01Z');

    expect(await page.getByTestId('add-to-cart').isEnabled()).to.equal(true);
    await shot(page, 'product-config-1280');
    expect(page.problems).to.deep.equal([]);
    expect(consoleErrors.filter((e) => /hydration/i.test(e))).to.deep.equal([]);
    await page.close();
  });

  const disabled: [string, string, string][] = [
    ['DEMO-OOS', 'out_of_stock', 'Out of stock'],
    ['DEMO-SOON', 'coming_soon', 'Coming soon'],
    ['DEMO-CALL', 'call', 'Call us for availability: 1-800-555-0142'],
  ];
  for (const [code, reason, message] of disabled) {
    it(`${code}: add to cart disabled, reason shown`, async () => {
      const { page } = await open(code);
      expect(await page.getByTestId('add-to-cart').isDisabled()).to.equal(true);
      expect(await page.getByTestId('availability').getAttribute('data-reason')).to.equal(reason);
      expect(await text(page, 'availability')).to.equal(message);
      expect(await page.getByTestId('availability').isVisible()).to.equal(true);
      await shot(page, `product-${code}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('DEMO-FUTURE: add to cart enabled with the resupply date shown', async () => {
    const { page } = await open('DEMO-FUTURE');
    expect(await page.getByTestId('add-to-cart').isEnabled()).to.equal(true);
    expect(await page.getByTestId('availability').getAttribute('data-reason')).to.equal('resupply');
    expect(await text(page, 'availability')).to.equal('Ships by March 15, 2027');
    await page.close();
  });

  it('hydrates in fr-ca with CAD prices and no hydration mismatch', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${base}/fr-ca/products/${ids['DEMO-CONFIG']}`);
    await hydrated(page);
    const before = await text(page, 'subtotal');
    expect(before).to.match(/^[\d\s\u202f\u00a0]+,\d\d\s\$$/); // '25 345,00 $'
    await page.getByRole('radio', { name: /^8 rangs/ }).check();
    expect(await text(page, 'subtotal')).not.to.equal(before);
    expect(errors.filter((e) => /hydration/i.test(e))).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('adds the configured product to the cart and updates the header count', async () => {
    const { page } = await open('DEMO-CONFIG');
    expect(await page.getByTestId('cart-count').isHidden()).to.equal(true);
    await option(page, 'Row count').getByLabel('8 rows').check();
    await qtyInput(page, 'Soybean 60-cell').fill('3');
    await page.getByTestId('quantity').fill('2');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/en-us/cart/add/inline') && r.request().method() === 'POST'),
      page.getByTestId('add-to-cart').click(),
    ]);
    expect(response.status()).to.equal(200);
    const body = await response.json();
    expect(body.quantity).to.equal(2);
    const form = new URLSearchParams(response.request().postData() ?? '');
    expect(form.get('product_id')).to.equal(String(ids['DEMO-CONFIG']));
    expect(form.get('quantity')).to.equal('2');
    expect([...form.keys()].filter((k) => k.startsWith('option_qty['))).to.have.length(1);
    await page.getByTestId('cart-count').waitFor({ state: 'visible' });
    expect(await text(page, 'cart-count')).to.equal(String(body.cart.count));
    const alert = page.getByTestId('alert').filter({ hasText: 'Added to your cart' });
    await alert.waitFor();
    expect(await alert.textContent()).to.include('2 × Custom Vacuum Planter — Build Your Own');
    await page.getByTestId('added-summary').waitFor();
    // The cart priced the line from the database: the unit price matches the page's subtotal / 2.
    expect(await text(page, 'subtotal')).to.equal('$47,016.00'); // (18,500 + 4,900 + 3 × 36) × 2
    await shot(page, 'product-added');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('shows a refused add as an error alert and keeps the page usable', async () => {
    const { page } = await open('DEMO-CONFIG');
    await page.route('**/en-us/cart/add/inline', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'out_of_stock', message: 'This product is out of stock.' } }),
      }),
    );
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('alert').filter({ hasText: 'This product is out of stock.' }).waitFor();
    expect(await page.getByTestId('add-to-cart').isEnabled()).to.equal(true);
    expect(await page.getByTestId('add-to-cart').getAttribute('aria-busy')).to.equal(null);
    await page.close();
  });

  it('configures with the keyboard only (radios, steppers, gallery thumbnails)', async () => {
    const { page } = await open('DEMO-CONFIG');
    // Into the first radio group, then arrows choose (4 → 6 → 8 rows).
    await option(page, 'Row count').getByLabel('4 rows').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await option(page, 'Row count').getByLabel('8 rows').isChecked()).to.equal(true);
    // Tab reaches the revealed child option; ArrowDown picks 36 in.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => (document.activeElement as HTMLInputElement).closest('fieldset')?.querySelector('legend')?.textContent,
      ),
    ).to.equal('Row unit spacing');
    await page.keyboard.press('ArrowDown');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0C2');
    // Tab to the hitch, then on to the first stepper: − is disabled at 0, so focus lands on the input.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).to.match(/^option_qty\[\d+\]$/);
    await page.keyboard.type('12');
    await page.keyboard.press('Tab'); // to +
    await page.keyboard.press('Enter');
    expect(await text(page, 'stock-code')).to.equal('DEMO-CONFIG-008-036-0C2-01D');
    expect(await text(page, 'subtotal')).to.equal('$24,250.50'); // 18,500 + 4,900 + 350 + 13 × 38.50

    // Gallery: one tab stop, arrows move between images.
    await page.getByTestId('gallery-thumb').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('gallery-main').getAttribute('data-index')).to.equal('1');
    expect(await page.getByTestId('gallery-thumb').nth(1).getAttribute('aria-pressed')).to.equal('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Show image 2 of 3');
    await page.keyboard.press('End');
    expect(await page.getByTestId('gallery-main').getAttribute('data-index')).to.equal('2');
    expect(await page.getByTestId('gallery-main').getAttribute('alt')).to.equal(
      'Custom Vacuum Planter — Build Your Own, image 3 of 3',
    );
    await page.keyboard.press('ArrowRight'); // wraps
    expect(await page.getByTestId('gallery-main').getAttribute('data-index')).to.equal('0');
    expect(await page.getByTestId('gallery-main').getAttribute('alt')).to.equal(
      'Custom Vacuum Planter — Build Your Own',
    );
    await page.close();
  });

  for (const width of [1280, 375]) {
    for (const code of ['DEMO-CONFIG', 'DEMO-OOS']) {
      it(`${code} at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
        const { page } = await open(code, { width });
        if (code === 'DEMO-CONFIG') await option(page, 'Row count').getByLabel('8 rows').check();
        expect(await axe(page)).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
        if (width === 375) {
          // One column: the details sit below the gallery.
          const g = await page.getByTestId('gallery').boundingBox();
          const c = await page.getByTestId('configurator').boundingBox();
          expect(c!.y).to.be.greaterThan(g!.y + g!.height - 1);
        } else {
          const g = await page.getByTestId('gallery').boundingBox();
          const c = await page.getByTestId('product-name').boundingBox();
          expect(c!.x).to.be.greaterThan(g!.x + g!.width - 1);
        }
        await shot(page, `product-${code}-${width}`);
        expect(page.problems).to.deep.equal([]);
        await page.close();
      });
    }
  }
});
