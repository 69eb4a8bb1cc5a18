/**
 * Quick order in Chromium, as a dealer does it: from the landing page, "Quick order" in
 * the header, paste 20 part numbers with quantities (one mistyped), check them, read the mistyped
 * line's message, find the right part by typeahead, add every line, see them in the cart, go to
 * checkout. Prices are the demo catalogue's, summed by hand. Axe and both widths.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { acmeCheckoutToPayment, dropCart, freshAcmeCart, person, signInFromLanding } from './journeys-person.ts';

let base: string;

// 19 parts that resolve, and PP-DOB-51 (PP-DOB-15 mistyped) on line 12.
const PASTE = [
  'PP-GWA-16, 1',
  'PP-SCW, 4',
  'PP-RCW-12, 4',
  'PP-STG, 2',
  'PP-PAB, 3',
  'PP-DPS-H, 2',
  'PP-VH-10, 1',
  'PP-SHL, 2',
  'DC-40-10\t2',
  'DC-CL40-5\t5',
  'DC-SP19\t1',
  'PP-DOB-51, 4',
  'DC-SP28 1',
  'DC-IDL 2',
  'MT-CPL 4',
  'MK-DSC-16 2',
  'HT-CLV 1',
  'HT-PIN-1 6',
  'TL-BRUSH 3',
  'TL-GREASE 1',
].join('\n');

async function openQuickOrder(page: TestPage, width: number) {
  await page.goto(`${base}/en-us/`);
  const banner = page.getByRole('banner');
  // On a phone the links fold behind the menu button.
  if (width < 992) await banner.getByRole('button', { name: 'Menu' }).click();
  await banner.getByRole('link', { name: 'Quick order' }).click();
  await page.waitForURL(/\/en-us\/quick-order$/);
  await hydrated(page);
}

describe('browser: quick order', function () {
  this.timeout(120_000);
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  it('pastes 20 part numbers, fixes the unknown one by typeahead, adds all and goes to checkout', async () => {
    const page = await newPage();
    await openQuickOrder(page, 1280);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill(PASTE);
    await page.getByRole('button', { name: 'Check lines' }).click();

    const table = page.getByRole('table');
    await table.waitFor();
    expect(await page.getByTestId('quick-summary').textContent()).to.equal('19 of 20 lines ready');
    const bad = table.getByRole('row').filter({ hasText: 'PP-DOB-51' });
    expect(await bad.getByTestId('quick-message').textContent()).to.equal('No product has the part number PP-DOB-51.');
    // Nothing can be added until every line is ready.
    expect(await page.getByRole('button', { name: 'Add 20 lines to cart' }).isDisabled()).to.equal(true);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'quick-order-checked-1280');

    const search = page.getByRole('combobox', { name: 'Find the right part for line 12' });
    await search.click();
    await search.pressSequentially('Disc Opener', { delay: 30 });
    const suggestion = page.getByRole('option', { name: /Disc Opener Blade 15"/ });
    await suggestion.first().waitFor();
    await screenshot(page, 'quick-order-fix-1280');
    await suggestion.first().click();

    await page.getByText('20 of 20 lines ready').waitFor();
    const fixed = table.getByRole('row').filter({ hasText: 'PP-DOB-15' });
    expect(await fixed.getByText('Ready').count()).to.equal(1);
    expect(await fixed.textContent()).to.contain('$171.00');

    await page.getByRole('button', { name: 'Add 20 lines to cart' }).click();
    await page.waitForURL(/\/en-us\/cart$/);
    await hydrated(page);
    expect(
      await page.getByRole('status').filter({ hasText: '20 lines from quick order are in your cart.' }).count(),
    ).to.equal(1);
    expect(await page.getByTestId('cart-line').count()).to.equal(20);
    // The toast covers no control: a tap on the toast's text goes through to the page beneath it.
    const beneath = await page.evaluate(() => {
      const r = document.querySelector('#alerts .alert-message')!.getBoundingClientRect();
      return !document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('#alerts');
    });
    expect(beneath, 'a tap on the toast reaches the page').to.equal(true);
    // 51 units; $1,746.00 is the demo prices times the pasted quantities.
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\b/ })
        .textContent(),
    ).to.match(/51\s*$/);
    expect(await page.getByTestId('cart-subtotal').textContent()).to.equal('$1,746.00');
    await screenshot(page, 'quick-order-cart-1280');

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/en-us\/cart\/checkout$/);
    expect(page.problems).to.deep.equal([]);
  });

  it('a signed-in dealer (Acme Farms) pastes 20 part numbers, fixes the unknown one, and checks out by invoice: the order holds the 20 lines', async () => {
    const cartId = await freshAcmeCart();
    try {
      const page = await newPage({ width: 1280, height: 900 });
      const me = person(page, 'pointer');
      await signInFromLanding(page, base, 'buyer@acme.example');
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Quick order' }).click();
      await page.waitForURL(/\/en-us\/quick-order$/);
      await hydrated(page);
      await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill(PASTE);
      await page.getByRole('button', { name: 'Check lines' }).click();
      await page.getByText('19 of 20 lines ready').waitFor();
      const search = page.getByRole('combobox', { name: 'Find the right part for line 12' });
      await search.click();
      await search.pressSequentially('Disc Opener', { delay: 30 });
      await page
        .getByRole('option', { name: /Disc Opener Blade 15"/ })
        .first()
        .click();
      await page.getByText('20 of 20 lines ready').waitFor();
      await page.getByRole('button', { name: 'Add 20 lines to cart' }).click();
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      expect(await page.getByTestId('cart-line').count()).to.equal(20);

      const payment = await acmeCheckoutToPayment(page, me);
      await me.choose(
        payment.getByRole('group', { name: 'Payment method' }),
        payment.getByRole('radio', { name: 'Invoice (net 30)' }),
      );
      await me.press(payment.getByRole('button', { name: 'Place order' }));
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = Number(/#(\d+)/.exec(heading!)![1]);
      expect(orderId).to.equal(cartId);
      const [placed] = await sqlRows<{ status: string; due: boolean; lines: number; units: number; subtotal: string }>(
        `select o.status, o.payment_due_on is not null as due, count(l.id)::int as lines, sum(l.quantity)::int as units, sum(l.unit_price * l.quantity)::text as subtotal
         from orders o join order_line_items l on l.order_id = o.id where o.id = $1 and l.line_type = 0 group by o.status, o.payment_due_on`,
        [orderId],
      );
      // Placed on invoice (processing, with a due date); 51 units at the demo prices: $1,746.00.
      expect(placed).to.deep.equal({ status: 'processing', due: true, lines: 20, units: 51, subtotal: '1746.00' });
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, 'quick-order-placed-1280');
      expect(page.problems).to.deep.equal([]);
    } finally {
      await dropCart(cartId);
    }
  });

  it('reads an uploaded CSV file (header optional) into the same lines', async () => {
    const page = await newPage();
    await openQuickOrder(page, 1280);
    await page.getByLabel('Or upload a CSV file').setInputFiles({
      name: 'order.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('part_number,quantity\r\n"PP-SCW",2\r\nDC-IDL,3\r\nNOPE-7,1\r\n'),
    });
    await page.getByText('2 of 3 lines ready').waitFor();
    expect(await page.getByRole('textbox', { name: 'Part numbers and quantities' }).inputValue()).to.contain(
      'DC-IDL,3',
    );
    expect(await page.getByTestId('quick-message').allTextContents()).to.deep.equal([
      'No product has the part number NOPE-7.',
    ]);
    // The header row is row 1: the lines keep the file's row numbers.
    expect(
      await page.getByTestId('quick-line').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-line'))),
    ).to.deep.equal(['2', '3', '4']);
    expect(page.problems).to.deep.equal([]);
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: keyboard only, no serious axe violations, no horizontal scroll`, async () => {
      const page = await newPage({ width, height: 900 });
      await openQuickOrder(page, width);
      const box = page.getByRole('textbox', { name: 'Part numbers and quantities' });
      await box.focus();
      await page.keyboard.insertText('PP-SCW 2\nNOPE-1 1\nHT-PIN-1 0\nPP-SCW 1\nDEMO-OOS 1');
      await page.keyboard.press('Tab'); // the file chooser
      await page.keyboard.press('Tab'); // Check lines
      await page.keyboard.press('Enter');
      await page.getByText('1 of 5 lines ready').waitFor();
      const messages = await page.getByTestId('quick-message').allTextContents();
      expect(messages).to.deep.equal([
        'No product has the part number NOPE-1.',
        'Enter a whole number from 1 to 999.',
        'This part number is already on line 1: change the quantity there.',
        'This product is out of stock.',
      ]);
      // A quantity fixed by keyboard is checked again.
      const qty = page.getByRole('textbox', { name: 'Quantity for line 3' });
      await qty.fill('5');
      await qty.press('Enter');
      await page.getByText('2 of 5 lines ready').waitFor();
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `quick-order-${width}`);
      expect(page.problems).to.deep.equal([]);
    });
  }
});
