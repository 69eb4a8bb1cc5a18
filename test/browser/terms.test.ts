/**
 * Pay on terms, as a person does it: the Acme Farms buyer (Acme is on net 30 in the demo
 * data) shops from the landing page, checks out choosing "Invoice (net 30)" and reads the due date
 * on the confirmation; staff open "Invoices due" from the back office's navigation and find it.
 * At 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import {
  acmeCheckoutToPayment,
  addPopularToCart,
  person,
  dropCart,
  freshAcmeCart,
  signInFromLanding,
} from './journeys-person.ts';

/** "Dec 26, 2026": today + 30 days as the pages write a date (en-US, medium, UTC), computed here by hand. */
const in30Days = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 30);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

describe('browser: pay on terms', function () {
  this.timeout(300_000);
  let base: string;
  let cartId: number | null = null;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    await sqlRows(
      `update inventory set quantity = greatest(quantity, 60) where product_id = (select id from products where stockcode = 'DEMO-SEED-PLATE')`,
    );
  });
  // The buyer shops in a new, empty cart of their own (other suites use Acme's demo cart).
  beforeEach(async () => {
    cartId = await freshAcmeCart();
  });
  afterEach(async () => {
    await dropCart(cartId);
  });

  const signIn = (page: TestPage, email: string) => signInFromLanding(page, base, email);

  for (const width of [1280, 375]) {
    it(`the Acme Farms buyer pays by invoice on net 30 and sees the due date; staff see it under Invoices due (${width} px)`, async () => {
      const page = await newPage({ width, height: 900 });
      const me = person(page, 'pointer');
      await signIn(page, 'buyer@acme.example');
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      await addPopularToCart(page, me, 'Seed Plate — Corn 30-cell');
      const payment = await acmeCheckoutToPayment(page, me);
      await me.choose(
        payment.getByRole('group', { name: 'Payment method' }),
        payment.getByRole('radio', { name: 'Invoice (net 30)' }),
      );
      expect(await payment.getByText(/payment is due 30 days after the order is placed/).isVisible()).to.equal(true);
      expect(await payment.getByText(/^Credit available: \$[\d,]+\.\d\d$/).isVisible()).to.equal(true);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `terms-checkout-invoice-${width}`);
      await me.press(payment.getByRole('button', { name: 'Place order' }));
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = /#(\d+)/.exec(heading!)![1];
      const paid = page.getByRole('region', { name: 'Payment' });
      expect(await paid.textContent())
        .to.contain('Invoice (net 30)')
        .and.contain(`Due by ${in30Days()}`);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `terms-confirmation-${width}`);
      expect(page.problems).to.deep.equal([]);

      // Staff: the back office's navigation, then "Invoices due".
      const staff = await newPage({ width, height: 900 });
      await signIn(staff, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Invoices due' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Invoices due' }).waitFor();
      const row = staff
        .getByRole('table', { name: 'Invoices due' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name: `#${orderId}` }) });
      expect(await row.count()).to.equal(1);
      expect(await row.textContent())
        .to.contain(in30Days())
        .and.contain('Not yet due')
        .and.contain('Acme Farms');
      // Overdue only: this one is not due yet.
      await staff.getByRole('checkbox', { name: 'Overdue only' }).check();
      await staff.getByRole('button', { name: 'Apply' }).click();
      await staff.waitForURL(/overdue=1/);
      expect(await staff.getByRole('link', { name: `#${orderId}` }).count()).to.equal(0);
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `terms-invoices-due-${width}`);
      await staff.getByRole('link', { name: 'Show all' }).click();
      await staff.getByRole('link', { name: `#${orderId}` }).waitFor();
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `terms-invoices-all-${width}`);
      // The customer's page shows the organisation's terms, with the form staff change them with.
      await staff
        .getByRole('table', { name: 'Invoices due' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name: `#${orderId}` }) })
        .getByRole('link', { name: 'Jordan Okafor' })
        .click();
      const terms = staff.getByRole('form', { name: 'Payment terms' });
      await terms.waitFor();
      expect(await terms.getByRole('radio', { name: 'Net 30' }).isChecked()).to.equal(true);
      expect(await terms.getByRole('textbox', { name: 'Credit limit' }).inputValue()).to.equal('25000.00');
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `terms-customer-${width}`);
      expect(staff.problems).to.deep.equal([]);
      // The browser is shared: staff sign out from their menu before the buyer comes back.
      await staff.getByRole('banner').getByText('Sam', { exact: true }).locator('xpath=..').click();
      await staff.getByRole('button', { name: /^Sign out$/i }).click();
      await staff.waitForURL((u) => !u.pathname.includes('/customers'));
      await staff.close();
      await page.close();
    });
  }
});
