/**
 * Journeys, done as a person does them. Each starts on the landing page (the only
 * page.goto) and moves ONLY through what a person sees: links, buttons and fields found by role
 * and accessible name, never by test id, CSS class or typed URL. Each runs at 1280 and 375 px;
 * the visitor's journey also by keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys and
 * typing), so a control a keyboard cannot reach, or a way on that only a mouse finds, fails here.
 *
 * Expected figures are the demo catalogue's prices, written by hand.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, requireChromium, type TestPage } from '../helpers/browser.ts';
import { figure, person, type Mode } from './journeys-person.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

describe('browser: journeys', function () {
  this.timeout(240_000);
  let base: string;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    // Every run buys planters: keep enough in stock in the US warehouses (other suites buy too).
    await sqlRows(
      `update inventory set quantity = greatest(quantity, 40) where product_id = (select id from products where stockcode = 'DEMO-CONFIG')`,
    );
  });

  const hydratedAt = async (page: TestPage, url: RegExp) => {
    await page.waitForURL(url);
    await hydrated(page);
  };

  async function visitorBuysAPlanter(width: number, mode: Mode) {
    const page = await newPage({ width, height: 900 });
    const me = person(page, mode);
    await page.goto(`${base}/en-us/`);
    await hydrated(page);

    // The header search: type, then pick the suggestion.
    const search = page.getByRole('combobox', { name: 'Search products' });
    await me.type(search, 'planter');
    const suggestion = page.getByRole('option', { name: /Custom Vacuum Planter — Build Your Own/ });
    await suggestion.waitFor();
    if (mode === 'pointer') await suggestion.click();
    else {
      for (let i = 0; i < 12 && (await suggestion.getAttribute('aria-selected')) !== 'true'; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    }
    await hydratedAt(page, /\/en-us\/products\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Custom Vacuum Planter — Build Your Own' }).waitFor();

    // Configure: 6 rows, the drawbar hitch, two soybean plates.
    await me.choose(page.getByRole('group', { name: 'Row count' }), page.getByRole('radio', { name: /^6 rows/ }));
    await me.choose(
      page.getByRole('group', { name: 'Hitch' }),
      page.getByRole('radio', { name: /^Drawbar pull-type/ }),
    );
    const moreSoy = page.getByRole('button', { name: 'Increase Soybean 60-cell' });
    await me.press(moreSoy);
    await me.press(moreSoy);
    // $18,500 + 6 rows $2,450 + drawbar $780 + 2 × $36.
    await page.getByRole('definition').filter({ hasText: '$21,802.00' }).first().waitFor();
    await me.press(page.getByRole('button', { name: 'Add to cart' }));

    // The confirmation offers the cart; the header shows the count and Checkout.
    const viewCart = page.getByRole('link', { name: 'View cart' });
    await viewCart.waitFor();
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\b/ })
        .textContent(),
    ).to.match(/1\s*$/);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Checkout' }).isVisible()).to.equal(true);
    await me.press(viewCart);
    await hydratedAt(page, /\/en-us\/cart$/);

    const items = page.getByRole('region', { name: 'Items' });
    await items.getByRole('link', { name: 'Custom Vacuum Planter — Build Your Own' }).waitFor();
    const options = await items.getByRole('listitem').allTextContents();
    expect(options.map((t) => t.trim())).to.include.members([
      'Row count: 6 rows',
      'Hitch: Drawbar pull-type',
      'Extra seed plates: Soybean 60-cell × 2',
    ]);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    expect(await figure(summary, 'Merchandise').textContent()).to.equal('$21,802.00');
    const checkout = summary.getByRole('link', { name: 'Checkout' });
    expect(await checkout.isVisible()).to.equal(true);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, `journey-visitor-cart-${width}-${mode}`);
    await me.press(checkout);

    // Not signed in: sign in, or go on as a new customer.
    await page.waitForURL(/\/en-us\/cart\/checkout$/);
    await me.press(page.getByRole('link', { name: 'Continue as a new customer' }));
    await hydratedAt(page, /\/en-us\/cart\/checkout\?new=1$/);

    const info = page.getByRole('tabpanel', { name: 'Customer info' });
    await me.type(info.getByRole('textbox', { name: 'Email' }), `journey-${width}-${mode}-${Date.now()}@example.test`);
    await me.type(info.getByRole('textbox', { name: 'First name' }), 'Dana');
    await me.type(info.getByRole('textbox', { name: 'Last name' }), 'Quist');
    await me.type(info.getByRole('textbox', { name: 'Address', exact: true }), '12 Field Road');
    await me.type(info.getByRole('textbox', { name: 'City' }), 'Ames');
    await me.select(info.getByRole('combobox', { name: 'State / province' }), 'Iowa');
    await me.type(info.getByRole('textbox', { name: 'Postal code' }), '50010');
    await me.press(info.getByRole('button', { name: 'Continue' }));

    const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
    await shipping.getByRole('radio').first().waitFor();
    await me.press(shipping.getByRole('button', { name: 'Continue' }));

    const payment = page.getByRole('tabpanel', { name: 'Payment' });
    await me.type(payment.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await me.type(payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/40');
    await me.type(payment.getByRole('textbox', { name: 'Security code' }), '123');
    await me.press(payment.getByRole('button', { name: 'Place order' }));

    await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
    const thanks = page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ });
    await thanks.waitFor();
    const lines = page.getByRole('region', { name: 'Items' });
    const planterRow = lines.getByRole('row', {
      name: /^Custom Vacuum Planter — Build Your Own DEMO-CONFIG-006-0DB-022 /,
    });
    expect(await planterRow.count()).to.equal(1);
    // The configured options, under the line.
    expect((await planterRow.getByRole('listitem').allTextContents()).map((t) => t.trim())).to.include.members([
      'Row count: 6 rows',
      'Hitch: Drawbar pull-type',
      'Extra seed plates: Soybean 60-cell × 2',
    ]);
    expect(await page.getByRole('region', { name: 'Payment' }).textContent()).to.contain('VISA ending in 4242');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  }

  for (const width of [1280, 375]) {
    it(`a visitor finds the configurable planter by the header search, configures it, checks out as a new customer and reads the confirmation (${width} px)`, () =>
      visitorBuysAPlanter(width, 'pointer'));
  }
  it('the same visitor journey by keyboard only (1280 px)', () => visitorBuysAPlanter(1280, 'keyboard'));

  it('a visitor who empties the cart is told so and offered the products; the header Checkout goes away (375 px)', async () => {
    const page = await newPage({ width: 375, height: 900 });
    await page.goto(`${base}/en-us/`);
    await hydrated(page);
    await page
      .getByRole('region', { name: 'Popular right now' })
      .getByRole('link', { name: /^Seed Plate — Corn 30-cell/ })
      .click();
    await hydratedAt(page, /\/en-us\/products\/\d+$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'View cart' }).click();
    await hydratedAt(page, /\/en-us\/cart$/);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Checkout' }).isVisible()).to.equal(true);
    await page.getByRole('button', { name: 'Remove: Seed Plate — Corn 30-cell' }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await header.getByRole('link', { name: 'Checkout' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('complementary', { name: 'Order summary' }).count()).to.equal(0);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'journey-cart-emptied-375');
    await page.getByRole('link', { name: 'Browse products' }).click();
    await page.waitForURL(/\/en-us\/products$/);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  describe('a returning customer', () => {
    let cartId: number | null = null;
    // customer@example.com's demo cart is what other suites read: the journey shops in a new, empty
    // cart of its own (the newest cart is the customer's cart), placed as an order at its end.
    beforeEach(async () => {
      [{ id: cartId }] = await sqlRows<{ id: number }>(
        `insert into orders (status, locale, channel_id, currency_id, order_currency, user_id, person_id, created_by, created_at)
         select 'cart', 'en-us', o.channel_id, o.currency_id, o.order_currency, o.user_id, o.person_id, o.user_id, now()
         from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status = 'cart' order by o.id limit 1 returning id`,
      );
    });
    afterEach(async () => {
      // Only when the journey stopped before placing it.
      await sqlRows(`delete from orders where id = $1 and status = 'cart'`, [cartId]);
    });

    for (const width of [1280, 375]) {
      it(`signs in, orders an earlier order again, checks out with the saved card and finds the new order under the account (${width} px)`, async () => {
        const page = await newPage({ width, height: 900 });
        await page.goto(`${base}/en-us/`);
        await hydrated(page);
        await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
        await page.getByRole('textbox', { name: 'Email' }).fill('customer@example.com');
        await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();

        // The newest order: the planter with its setup service.
        const recent = page.getByRole('region', { name: 'Recent orders' });
        const newest = recent.getByRole('row').nth(1);
        const earlierId = (await newest.getByRole('link').textContent())!.trim();
        await newest.getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: `Order #${earlierId}` }).waitFor();
        await page
          .getByRole('region', { name: 'Items' })
          .getByRole('row', { name: /Custom Vacuum Planter — Build Your Own/ })
          .waitFor();
        expect(await axe(page)).to.deep.equal([]);
        await page.getByRole('button', { name: 'Order again' }).click();

        // The message is read as the page arrives (flash alerts fade after ten seconds).
        // Read it as soon as the document has it: on a loaded machine the page's 'load' can come after
        // the alert's ten seconds.
        await page.waitForURL(/\/en-us\/cart$/, { waitUntil: 'commit' });
        const notes = page.getByRole('region', { name: 'Notifications' });
        await notes.getByTestId('alert').first().waitFor();
        expect(await notes.textContent()).to.contain(
          `2 products from order #${earlierId} are now in your cart, at today's prices.`,
        );
        await hydrated(page);
        const items = page.getByRole('region', { name: 'Items' });
        const options = (await items.getByRole('listitem').allTextContents()).map((t) => t.trim());
        expect(options).to.include.members([
          'Row count: 8 rows',
          'Row unit spacing: 36 in',
          'Hitch: Drawbar pull-type',
          'Extra seed plates: Corn 30-cell × 10',
          'Extra seed plates: Soybean 60-cell × 4',
        ]);
        expect(await items.getByRole('link', { name: 'Planter Setup & Calibration Service' }).count()).to.equal(1);
        // Today's prices: the planter $18,500 + 8 rows $4,900 + 36 in $350 + drawbar $780 + 10 × $38.50 + 4 × $36 = $25,059; setup $350.
        const summary = page.getByRole('complementary', { name: 'Order summary' });
        expect(await figure(summary, 'Merchandise').textContent()).to.equal('$25,409.00');
        expect(await axe(page)).to.deep.equal([]);
        await screenshot(page, `journey-returning-cart-${width}`);
        await summary.getByRole('link', { name: 'Checkout' }).click();

        await hydratedAt(page, /\/en-us\/cart\/checkout$/);
        const info = page.getByRole('tabpanel', { name: 'Customer info' });
        await info.getByRole('radio', { name: /1412 Oakwood Drive, Ames IA 50010/ }).check();
        await info.getByRole('button', { name: 'Continue' }).click();
        const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
        await shipping.getByRole('radio').first().waitFor();
        await shipping.getByRole('button', { name: 'Continue' }).click();
        const payment = page.getByRole('tabpanel', { name: 'Payment' });
        const saved = payment.getByRole('radio', { name: /^Visa ending 4242/ });
        await saved.check();
        await payment.getByRole('button', { name: 'Place order' }).click();

        await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
        const heading = await page
          .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
          .textContent();
        const newId = /#(\d+)/.exec(heading!)![1];
        expect(newId).not.to.equal(earlierId);
        expect(await page.getByRole('region', { name: 'Payment' }).textContent()).to.contain('VISA ending in 4242');

        // Later: the account lists it first.
        await page.getByRole('link', { name: '← My account' }).click();
        await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
        const first = page.getByRole('region', { name: 'Recent orders' }).getByRole('row').nth(1);
        expect((await first.getByRole('link').textContent())!.trim()).to.equal(newId);
        await first.getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: `Order #${newId}` }).waitFor();
        expect(
          await page
            .getByRole('region', { name: 'Items' })
            .getByRole('row', { name: /Planter Setup & Calibration Service SV-SETUP (1 × \$350\.00 )?1 \$350\.00/ })
            .count(),
        ).to.equal(1);
        expect(page.problems).to.deep.equal([]);
        await page.close();
      });
    }
  });
});
