/**
 * Quotes, as people do it: the Acme Farms buyer puts a seed plate in a fresh cart and,
 * from the cart page, asks for a quote with a message. Staff open "Quotes" from the back office's
 * navigation, open the request, lower the unit price, raise the quantity and send a counter-offer.
 * The catalogue price then changes; the buyer opens their account's "Quotes", reads the offer and
 * accepts it: the order exists with the quoted price, not the new one. At 1280 px, the quote
 * pages also at 375 (axe on each).
 */
import { expect } from 'chai';
import { axe, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { addPopularToCart, person, dropCart, freshAcmeCart, signInFromLanding } from './journeys-person.ts';

const PRODUCT = 'Seed Plate — Corn 30-cell';

describe('browser: quotes', function () {
  this.timeout(300_000);
  let base: string;
  let cartId: number | null = null;
  let oldPrice: { id: number; price: string; channel: string | null } | undefined;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    cartId = await freshAcmeCart();
    [oldPrice] = await sqlRows<{ id: number; price: string; channel: string | null }>(
      `select p.id, p.price, (select c.price from channel_prices c where c.product_id = p.id and c.channel_id = (select id from channels where code = 'US')) as channel from products p where p.title = $1`,
      [PRODUCT],
    );
  });
  after(async () => {
    await dropCart(cartId);
    if (!oldPrice) return;
    await sqlRows('update products set price = $2 where id = $1', [oldPrice.id, oldPrice.price]);
    if (oldPrice.channel !== null)
      await sqlRows(
        `update channel_prices set price = $2 where product_id = $1 and channel_id = (select id from channels where code = 'US')`,
        [oldPrice.id, oldPrice.channel],
      );
  });

  const signIn = (page: TestPage, email: string) => signInFromLanding(page, base, email);
  const signOut = async (page: TestPage, name: string) => {
    await page.getByRole('banner').getByText(name, { exact: true }).locator('xpath=..').click();
    await page.getByRole('button', { name: /^Sign out$/i }).click();
    await page.waitForURL((u) => !u.pathname.includes('/quotes'));
  };
  const at375 = async (page: TestPage, name: string) => {
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, `${name}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  it('the buyer asks for a quote on the cart; staff lower a price and send a counter-offer; the buyer accepts: the order keeps the quoted price', async () => {
    // The buyer: a product into the cart, then "Request a quote" on the cart page.
    const page = await newPage({ width: 1280, height: 900 });
    const me = person(page, 'pointer');
    await signIn(page, 'buyer@acme.example');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await addPopularToCart(page, me, PRODUCT);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'quotes-cart-1280');
    // From here the buyer uses the keyboard only (Tab to a control, Enter, typing).
    const kb = person(page, 'keyboard');
    await kb.press(
      page.getByRole('complementary', { name: 'Request a quote' }).getByRole('link', { name: 'Request a quote' }),
    );
    await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
    // An empty message is refused beside the field.
    await kb.press(page.getByRole('button', { name: 'Send quote request' }));
    await page.getByText('Write a message of 1 to 2000 characters.').first().waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'quotes-request-1280');
    await at375(page, 'quotes-request');
    await kb.type(
      page.getByRole('textbox', { name: 'Message' }),
      'We plant 400 acres this spring: what is your best price for ten?',
    );
    await kb.press(page.getByRole('button', { name: 'Send quote request' }));
    const heading = await page.getByRole('heading', { level: 1, name: /^Quote #\d+$/ }).textContent();
    const quoteId = Number(/#(\d+)/.exec(heading!)![1]);
    await page.getByText('Your quote request was sent.').waitFor();
    expect(await page.getByTestId('quote-state').textContent()).to.equal('Requested');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'quotes-requested-1280');
    const [asked] = await sqlRows<{ status: string; order_id: number }>(
      'select q.status, q.order_id from quotes q where q.id = $1',
      [quoteId],
    );
    expect(asked).to.deep.equal({ status: 'requested', order_id: cartId });
    expect(page.problems).to.deep.equal([]);
    await signOut(page, 'Jordan');
    await page.close();

    // Staff: the back office's navigation, then "Quotes".
    const staff = await newPage({ width: 1280, height: 900 });
    await signIn(staff, 'staff@example.com');
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Quotes' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
    await staff.getByLabel('Status').selectOption({ label: 'Requested' });
    await staff.getByRole('button', { name: 'Apply' }).click();
    await staff.waitForURL(/state=requested/);
    const row = staff
      .getByRole('table', { name: 'Quotes' })
      .getByRole('row')
      .filter({ has: staff.getByRole('link', { name: `Quote #${quoteId}`, exact: true }) });
    expect(await row.textContent())
      .to.contain('buyer@acme.example')
      .and.contain('Requested');
    expect(await axe(staff)).to.deep.equal([]);
    await screenshot(staff, 'quotes-admin-index-1280');
    await at375(staff, 'quotes-admin-index');
    await row.getByRole('link', { name: `Quote #${quoteId}`, exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: `Quote #${quoteId}` }).waitFor();
    expect(await staff.getByText('We plant 400 acres this spring').isVisible()).to.equal(true);
    await staff.getByRole('textbox', { name: /^Unit price of / }).fill('9.50');
    await staff.getByRole('spinbutton', { name: /^Quantity of / }).fill('10');
    // The figures follow the prices typed once staff ask: 10 × $9.50 = $95.00, no promotion: the Parts Bundle comes off parts only, and seed plates are not parts.
    await staff.getByRole('button', { name: 'Update totals' }).click();
    await staff
      .getByRole('status')
      .filter({ hasText: 'Totals updated for the prices and quantities above.' })
      .waitFor();
    expect(await staff.getByTestId('quote-total').textContent()).to.equal('$95.00');
    expect(await staff.getByRole('textbox', { name: /^Unit price of / }).inputValue()).to.equal('9.50');
    await staff
      .getByRole('textbox', { name: 'Message to the buyer' })
      .fill('Ten plates at 9.50 each, delivered with your planter order.');
    expect(await axe(staff)).to.deep.equal([]);
    await screenshot(staff, 'quotes-admin-offer-1280');
    await at375(staff, 'quotes-admin-offer');
    await staff.getByRole('button', { name: 'Send counter-offer' }).click();
    await staff.getByText('Counter-offer sent to the buyer.').waitFor();
    await screenshot(staff, 'quotes-admin-sent-1280');
    expect(await staff.getByTestId('quote-state').textContent()).to.equal('Offer sent');
    expect(staff.problems).to.deep.equal([]);
    await signOut(staff, 'Sam');
    await staff.close();

    // The catalogue price goes up after the offer: the accepted order must not follow it.
    await sqlRows('update products set price = price + 50 where id = $1', [oldPrice!.id]);
    await sqlRows('update channel_prices set price = price + 50 where product_id = $1', [oldPrice!.id]);

    // The buyer: the account's "Quotes", the offer, "Accept offer".
    const back = await newPage({ width: 1280, height: 900 });
    await signIn(back, 'buyer@acme.example');
    await back.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await back.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Quotes' }).click();
    await back.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
    expect(await axe(back)).to.deep.equal([]);
    await screenshot(back, 'quotes-list-1280');
    await back.getByRole('link', { name: `Quote #${quoteId}`, exact: true }).click();
    await back.getByRole('heading', { level: 1, name: `Quote #${quoteId}` }).waitFor();
    expect(await back.getByText('Ten plates at 9.50 each').isVisible()).to.equal(true);
    const lines = back.getByRole('table', { name: 'Lines' });
    expect(await lines.getByRole('row').filter({ hasText: PRODUCT }).textContent())
      .to.contain('$9.50')
      .and.contain('$95.00');
    expect(await axe(back)).to.deep.equal([]);
    await screenshot(back, 'quotes-offer-1280');
    await at375(back, 'quotes-offer');
    await person(back, 'keyboard').press(back.getByRole('button', { name: 'Accept offer' }));
    await back.waitForURL(/\/en-us\/orders\/\d+$/);
    await back.getByText(`Quote accepted: order #${cartId} is placed at the quoted prices.`).waitFor();
    await screenshot(back, 'quotes-accepted-1280');
    expect(back.problems).to.deep.equal([]);
    const [order] = await sqlRows<{ status: string; unit_price: string; quantity: number; total: string }>(
      'select o.status, l.unit_price, l.quantity, l.total from orders o join order_line_items l on l.order_id = o.id and l.product_id is not null where o.id = $1',
      [cartId],
    );
    expect(order).to.deep.equal({ status: 'pending', unit_price: '9.50', quantity: 10, total: '95.00' });
    await signOut(back, 'Jordan');
    await back.close();
  });
});
