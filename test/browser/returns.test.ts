/**
 * A return in Chromium, as people do it, at 1280 and 375 px: the customer signs in from the landing
 * page, opens their order from Account → Orders, presses "Return items", asks to return 1 of 2 units
 * with a reason; staff open "Returns" from the back office's navigation, approve it, mark it
 * received into a warehouse and refund it. The figures are written here by hand: 2 × $50.00 + 10 %
 * tax = $110.00 paid by card; one unit is worth $55.00; afterwards the order owes $0.00. Each width
 * has its own new customer and order.
 */
import { expect } from 'chai';
import { axe, newPage, requireChromium, screenshot } from '../helpers/browser.ts';
import { agent, apiToken, csrf, signIn as signInAgent } from '../helpers/http.ts';
import { payByCard, placedOrder } from '../helpers/returns.ts';
import { testServer } from '../helpers/server.ts';
import { makeUser } from '../helpers/users.ts';
import { signInFromLanding } from './journeys-person.ts';

describe('browser: a return asked, approved, received and refunded', function () {
  this.timeout(240_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: from the order page to the refund, with the balance at $0.00`, async () => {
      const customer = await makeUser({ prefix: `rma-browser-${width}` });
      const order = await placedOrder(customer, 2, 'Gauge wheel arm');
      const api = await agent();
      await signInAgent(api, 'staff@example.com');
      await payByCard(api, { token: await apiToken(api), csrf: await csrf(api, '/en-us/products') }, order);

      // The customer: sign in, Account → Orders → the order → "Return items".
      const page = await newPage({ width, height: 900 });
      await signInFromLanding(page, base, customer.email);
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Account sections' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      await page.getByRole('link', { name: String(order.orderId), exact: true }).click();
      await page.getByRole('link', { name: 'Return items' }).click();
      await page.getByRole('heading', { level: 1, name: `Return items from order ${order.orderId}` }).waitFor();
      await page.getByRole('spinbutton', { name: 'Quantity of Gauge wheel arm to return' }).fill('1');
      await page.getByRole('textbox', { name: 'Reason' }).fill('One arm arrived bent.');
      expect(await axe(page), 'axe on the return form').to.deep.equal([]);
      await screenshot(page, `return-new-${width}`);
      await page.getByRole('button', { name: 'Ask for the return' }).click();
      await page.getByText('Your return request was sent.').waitFor();
      const returnId = Number(/\/account\/returns\/(\d+)/.exec(page.url())![1]);
      expect(await page.getByTestId('return-status').textContent()).to.equal('Requested');
      expect(await page.getByTestId('return-credit').textContent()).to.equal('$55.00');
      expect(await axe(page), 'axe on the return').to.deep.equal([]);
      expect(page.problems).to.deep.equal([]);
      await page.close();

      // Staff: the back office's navigation → Returns → the return; approve, receive, refund.
      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Returns' }).waitFor();
      await staff.getByLabel('Status').selectOption({ label: 'Requested' });
      await staff.getByRole('button', { name: 'Apply' }).click();
      await staff.waitForURL(/status=requested/);
      expect(await axe(staff), 'axe on Returns').to.deep.equal([]);
      await screenshot(staff, `returns-admin-${width}`);
      await staff.getByRole('link', { name: `Return ${returnId}`, exact: true }).click();
      await staff.getByRole('heading', { level: 1, name: `Return ${returnId}` }).waitFor();
      await staff.getByRole('textbox', { name: 'Message to the customer' }).fill('Send it back, please.');
      await staff.getByRole('button', { name: 'Approve' }).click();
      await staff.getByText('Return approved; the customer was told.').waitFor();
      await staff.getByRole('combobox', { name: 'Warehouse that received the goods' }).selectOption({ index: 1 });
      await staff.getByRole('button', { name: 'Mark received' }).click();
      await staff.getByText('Goods received and put back in stock.').waitFor();
      expect(await axe(staff), 'axe on the return, received').to.deep.equal([]);
      await staff.getByRole('button', { name: 'Refund $55.00' }).click();
      await staff.getByText('Refund sent to the original payment.').waitFor();
      expect(await staff.getByTestId('return-status').textContent()).to.equal('Refunded');
      await screenshot(staff, `return-refunded-${width}`);

      // The order's staff page: total $110.00 − returned $55.00 − paid $55.00 = $0.00.
      await staff
        .getByRole('link', { name: `Order #${order.orderId}` })
        .first()
        .click();
      await staff.getByTestId('order-unpaid').waitFor();
      expect(await staff.getByTestId('order-total').textContent()).to.equal('$110.00');
      expect(await staff.getByTestId('order-returned').textContent()).to.equal('−$55.00');
      expect(await staff.getByTestId('order-paid').textContent()).to.equal('−$55.00');
      expect(await staff.getByTestId('order-unpaid').textContent()).to.equal('$0.00');
      expect(staff.problems).to.deep.equal([]);
      await staff.close();
    });
  }
});
