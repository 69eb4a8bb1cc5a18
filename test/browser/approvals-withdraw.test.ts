/**
 * Withdrawing an approval request, as the Acme Farms buyer does it (a 2,500.00 per-order limit in
 * the demo data): a compact planter by quick order, checkout by invoice, sent for approval; the
 * locked cart offers "Withdraw the request" (pressed by keyboard): the cart is the buyer's to change
 * again (−/+, Remove, Checkout). At 375 px the buyer sends it again and withdraws it from the order
 * history's waiting list. Axe clean at both widths.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { acmeCheckoutToPayment, person, dropCart, freshAcmeCart, signInFromLanding } from './journeys-person.ts';

describe('browser: the buyer withdraws their approval request', function () {
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

  /**
   * From the cart page: checkout by invoice over the limit, up to "Sent for approval". The second
   * time the checkout resumes at Shipping (the address is the cart's still): Continue from there.
   */
  async function sendForApproval(page: TestPage, again = false) {
    const me = person(page, 'pointer');
    let payment;
    if (again) {
      await me.press(
        page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }),
      );
      await page.waitForURL(/\/en-us\/cart\/checkout$/);
      await hydrated(page);
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      await me.press(shipping.getByRole('button', { name: 'Continue' }));
      payment = page.getByRole('tabpanel', { name: 'Payment' });
      await payment.getByRole('heading', { name: 'Payment' }).waitFor();
    } else payment = await acmeCheckoutToPayment(page, me);
    await me.choose(
      payment.getByRole('group', { name: 'Payment method' }),
      payment.getByRole('radio', { name: 'Invoice (net 30)' }),
    );
    await me.press(payment.getByRole('button', { name: 'Place order' }));
    await page.getByRole('heading', { name: 'Sent for approval' }).waitFor();
  }

  /** The cart as the buyer can change it: −/+, a quantity box, Remove and Checkout, no approval notice. */
  async function editableCart(page: TestPage) {
    await page
      .getByRole('button', { name: /^Increase/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Decrease/ }).count()).to.equal(1);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).to.equal(1);
    expect(await page.getByRole('textbox', { name: /^Quantity/ }).count()).to.equal(1);
    expect(
      await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).count(),
    ).to.equal(1);
    expect(await page.getByText('Waiting for approval', { exact: true }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Withdraw the request' }).count()).to.equal(0);
  }

  it('sends the cart for approval, withdraws it from the cart (keyboard), and again from the order history at 375 px', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signInFromLanding(page, base, 'buyer@acme.example');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Quick order' }).click();
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill('PL-2RC 1');
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
    await page.waitForURL(/\/en-us\/cart$/);
    await hydrated(page);
    await sendForApproval(page);
    await page.getByRole('link', { name: 'See it in your orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-withdraw-orders-1280');
    await page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByRole('link', { name: 'View the cart' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await hydrated(page);

    // Locked: the notice says why and offers the way out.
    expect(await page.getByRole('button', { name: /^(Increase|Decrease)/ }).count()).to.equal(0);
    const withdraw = page.getByRole('button', { name: 'Withdraw the request' });
    expect(await withdraw.count()).to.equal(1);
    expect(await page.getByTestId('cart-approval').textContent())
      .to.contain('This cart is waiting for approval')
      .and.contain('withdraw the request');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-withdraw-locked-1280');

    // By keyboard: Tab to the button, Enter.
    await person(page, 'keyboard').press(withdraw);
    await page.getByText('You withdrew the request: your cart can be changed again.').waitFor();
    await page.waitForURL(/\/en-us\/cart$/);
    await hydrated(page);
    await editableCart(page);
    expect(await page.getByTestId('cart-approval').count(), 'no notice for a withdrawn request').to.equal(0);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-withdraw-unlocked-1280');
    const rows = await sqlRows<{ status: string }>(
      'select status from order_approvals where order_id = $1 order by id',
      [cartId],
    );
    expect(rows.map((r) => r.status)).to.deep.equal(['withdrawn']);

    // At 375 px: sent again, then withdrawn from the order history's list.
    await page.setViewportSize({ width: 375, height: 800 });
    await sendForApproval(page, true);
    await page.getByRole('link', { name: 'See it in your orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    expect(await waiting.getByRole('listitem').count()).to.equal(1);
    expect(await axe(page)).to.deep.equal([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    await screenshot(page, 'approvals-withdraw-orders-375');
    await page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByRole('link', { name: 'View the cart' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-withdraw-locked-375');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    await waiting.getByRole('button', { name: `Withdraw the request · Order #${cartId}` }).click();
    await page.getByText('You withdrew the request: your cart can be changed again.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await hydrated(page);
    await editableCart(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'approvals-withdraw-unlocked-375');
    const after = await sqlRows<{ status: string }>(
      'select status from order_approvals where order_id = $1 order by id',
      [cartId],
    );
    expect(after.map((r) => r.status)).to.deep.equal(['withdrawn', 'withdrawn']);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
