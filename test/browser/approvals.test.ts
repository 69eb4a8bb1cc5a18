/**
 * Spending limits and approval, as people do it: the Acme Farms buyer (a 2,500.00
 * per-order limit in the demo data) puts a compact planter in the cart and checks out by invoice:
 * the order is sent for approval instead of placed. Will Harper, Acme's approver, opens his
 * account's "Approvals" and approves: the order exists, by invoice. At 1280 px (the queue also at 375).
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { acmeCheckoutToPayment, person, dropCart, freshAcmeCart, signInFromLanding } from './journeys-person.ts';

describe('browser: spending limits and approval', function () {
  this.timeout(300_000);
  let base: string;
  let cartId: number | null = null;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    await sqlRows(
      `update inventory set quantity = greatest(quantity, 20) where product_id = (select id from products where stockcode = 'PL-2RC')`,
    );
    // The buyer shops in a new, empty cart of their own (other suites use Acme's demo cart).
    cartId = await freshAcmeCart();
  });
  after(async () => {
    await sqlRows(`delete from order_approvals where order_id = $1 and status = 'pending'`, [cartId]);
    await dropCart(cartId);
  });

  const signIn = (page: TestPage, email: string) => signInFromLanding(page, base, email);

  it('the buyer over the limit sends the cart for approval; the approver approves from the queue; the order exists', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    const me = person(page, 'pointer');
    await signIn(page, 'buyer@acme.example');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    // A dealer's way: the header's Quick order, one line with the planter's part number.
    await page.getByRole('banner').getByRole('link', { name: 'Quick order' }).click();
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill('PL-2RC 1');
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
    await page.waitForURL(/\/en-us\/cart$/);
    await hydrated(page);
    const payment = await acmeCheckoutToPayment(page, me);
    await me.choose(
      payment.getByRole('group', { name: 'Payment method' }),
      payment.getByRole('radio', { name: 'Invoice (net 30)' }),
    );
    await me.press(payment.getByRole('button', { name: 'Place order' }));
    await page.getByRole('heading', { name: 'Sent for approval' }).waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /went to your organisation’s approvers/ })
        .count(),
    ).to.equal(1);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-sent-1280');
    const [pending] = await sqlRows<{ status: string; n: number }>(
      `select o.status, (select count(*)::int from order_approvals a where a.order_id = o.id and a.status = 'pending') as n from orders o where o.id = $1`,
      [cartId],
    );
    expect(pending).to.deep.equal({ status: 'cart', n: 1 });
    // The page names the order and leads to it in the account's orders.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `Order #${cartId} is waiting for approval.` })
        .count(),
    ).to.equal(1);
    await me.press(page.getByRole('link', { name: 'See it in your orders' }));
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    expect(await waiting.getByRole('listitem').allTextContents()).to.have.length(1);
    expect(await waiting.getByRole('listitem').first().textContent())
      .to.contain(`Order #${cartId}`)
      .and.contain('$5,805.57')
      .and.contain('Over the per-order limit');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-waiting-orders-1280');
    // The locked cart: read-only, a notice where Checkout was; nothing to press that the server would refuse.
    await me.press(waiting.getByRole('link', { name: 'View the cart' }));
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await hydrated(page);
    const lockedCart = async (words: {
      summary: string;
      waiting: string;
      quantity: string;
      remove: RegExp;
      checkout: RegExp;
    }) => {
      const summary = page.getByRole('complementary', { name: words.summary });
      expect(await summary.getByText(words.waiting, { exact: true }).isVisible()).to.equal(true);
      expect(
        await page.getByRole('link', { name: words.checkout }).count(),
        'no Checkout, in the summary or the header',
      ).to.equal(0);
      expect(
        await page.getByRole('button', { name: /^(Decrease|Increase|Disminuir|Aumentar)/ }).count(),
        'no − or +',
      ).to.equal(0);
      expect(
        await page.getByRole('textbox', { name: new RegExp(`^${words.quantity}`) }).count(),
        'no quantity box',
      ).to.equal(0);
      expect(await page.getByRole('button', { name: words.remove }).count(), 'no Remove').to.equal(0);
      expect(await page.getByTestId('cart-line-quantity').allTextContents()).to.deep.equal([`${words.quantity}: 1`]);
    };
    await lockedCart({
      summary: 'Order summary',
      waiting: 'Waiting for approval',
      quantity: 'Quantity',
      remove: /^Remove/,
      checkout: /^Checkout$/,
    });
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-locked-cart-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'approvals-locked-cart-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The same cart in Mexican Spanish, by the header's language picker.
    await Promise.all([
      page.waitForURL(/\/es-mx\/cart$/),
      page.getByRole('combobox', { name: 'Language' }).selectOption('es-mx'),
    ]);
    await hydrated(page);
    await lockedCart({
      summary: 'Resumen del pedido',
      waiting: 'En espera de aprobación',
      quantity: 'Cantidad',
      remove: /^Quitar/,
      checkout: /^Pagar/,
    });
    await screenshot(page, 'approvals-locked-cart-es-mx-1280');
    expect(page.problems).to.deep.equal([]);
    await page.getByRole('banner').getByText('Jordan', { exact: true }).locator('xpath=..').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await page.close();

    // Will Harper, Acme's approver: his account's navigation, then "Approvals".
    const will = await newPage({ width: 1280, height: 900 });
    await signIn(will, 'will.harper@acme.example');
    await will.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    // The buyer's limits, on the organisation users page (set there per member).
    await will
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Organisation users' })
      .click();
    await will.getByRole('heading', { level: 1, name: 'Organisation users' }).waitFor();
    expect(await will.getByRole('textbox', { name: 'Per order buyer@acme.example' }).inputValue()).to.equal('2500.00');
    expect(await will.getByRole('textbox', { name: 'Per period buyer@acme.example' }).inputValue()).to.equal('');
    expect(await axe(will)).to.deep.equal([]);
    await screenshot(will, 'approvals-limits-1280');
    await will.setViewportSize({ width: 375, height: 900 });
    await screenshot(will, 'approvals-limits-375');
    await will.setViewportSize({ width: 1280, height: 900 });
    await will.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Approvals' }).click();
    await will.getByRole('heading', { level: 1, name: 'Orders waiting for approval' }).waitFor();
    const row = will
      .getByRole('table', { name: 'Orders waiting for approval' })
      .getByRole('row')
      .filter({ hasText: 'buyer@acme.example' });
    expect(await row.count()).to.equal(1);
    expect(await row.textContent())
      .to.contain('Over the per-order limit')
      .and.contain('Jordan Okafor');
    // The approver sees what is bought, the figures adding up, the PO and how it will be paid.
    expect(await row.getByTestId('approval-line').allTextContents()).to.deep.equal([
      '1 × 2-Row Plate Planter, Compact · $4,850.00 = $4,850.00',
    ]);
    const figures = await row
      .getByTestId('approval-figures')
      .evaluate((el) => [...el.children].map((d) => [...d.children].map((c) => c.textContent?.trim() ?? '')));
    // 4,850.00 + 555.44 + 400.13 = 5,805.57 (the shipping and tax checkout quoted for Acme's address).
    expect(figures).to.deep.equal([
      ['Merchandise', '$4,850.00'],
      ['Shipping', '$555.44'],
      ['Tax', '$400.13'],
      ['Total', '$5,805.57'],
    ]);
    const cents = (v: string) => Math.round(Number(v.replace(/[^\d.−-]/g, '').replace('−', '-')) * 100);
    expect(
      figures.slice(0, -1).reduce((s, [, v]) => s + cents(v), 0),
      'the rows add up to the total',
    ).to.equal(cents(figures[figures.length - 1][1]));
    expect(await row.getByTestId('approval-payment').textContent()).to.equal(
      'PO number: — · Payment: Invoice (net terms)',
    );
    expect(await axe(will)).to.deep.equal([]);
    await screenshot(will, 'approvals-queue-1280');
    await will.setViewportSize({ width: 375, height: 900 });
    expect(await axe(will)).to.deep.equal([]);
    await screenshot(will, 'approvals-queue-375');
    await will.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole('button', { name: /^Approve/ }).click();
    await will.getByText(`Order #${cartId} approved and placed.`).waitFor();
    expect(await will.getByText('No orders are waiting for approval.').isVisible()).to.equal(true);
    await screenshot(will, 'approvals-approved-1280');
    expect(will.problems).to.deep.equal([]);
    const [order] = await sqlRows<{ status: string; payment_type: number; subtotal: string }>(
      'select status, payment_type, subtotal from orders where id = $1',
      [cartId],
    );
    expect(order).to.deep.equal({ status: 'processing', payment_type: 4, subtotal: '4850.00' });
    await will.getByRole('banner').getByText('Will', { exact: true }).locator('xpath=..').click();
    await will.getByRole('button', { name: /^Sign out$/i }).click();
    await will.waitForURL((u) => !u.pathname.includes('/approvals'));
    await will.close();
  });
});
