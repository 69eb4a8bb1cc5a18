/**
 * Core deposits in Chromium, as people move, at 1280 and 375 px with axe on each screen:
 *   - a visitor searches the landing page's header for the meter housing, opens it and reads
 *     "Core deposit, refunded when the old part is returned: $85.00" beside its price;
 *   - staff open "Core deposit tax" from the back office's navigation, set a rule for Jalisco
 *     (Mexico) as taxed, and see it in the list; then remove it (the shared rules stay as seeded);
 *   - a customer has bought 2 housings by card (placed through HTTP as in
 *     test/features/core-deposit-charge.test.ts: $834.73, $170.00 of it deposits); staff find the
 *     order from Orders by the customer's email, try a partial credit without a reason (refused
 *     above the order, nothing refunded), then credit both cores in full: $170.00 goes back to the
 *     card as a return, and the order owes $0.00.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { chooseShipping, newCustomer, place, tokenize } from '../features/checkout-helpers.ts';
import { randomUUID } from 'node:crypto';

describe('browser: core deposits', function () {
  this.timeout(180_000);
  let base: string;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });
  after(async () => {
    await sqlRows(`delete from core_tax_rules where country = 'MX' and region = 'JAL'`);
  });

  const signIn = async (page: TestPage, email: string) => {
    await page.goto(`${base}/en-us/`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  };

  for (const width of [1280, 375]) {
    it(`at ${width} px: the meter housing's page shows its $85.00 core deposit beside the price`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/`);
      await hydrated(page);
      const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      await search.fill('Vacuum Seed Meter Housing');
      await Promise.all([page.waitForNavigation(), search.press('Enter')]);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name: 'Vacuum Seed Meter Housing' }).first().click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.contain('Vacuum Seed Meter Housing');
      const deposit = page.getByTestId('core-deposit');
      expect(await deposit.isVisible()).to.equal(true);
      expect(await deposit.textContent()).to.equal('Core deposit, refunded when the old part is returned: $85.00');
      expect(await axe(page), 'axe on the product page').to.deep.equal([]);
      await screenshot(page, `cores-product-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });

    it(`at ${width} px: staff set where core deposits are taxed from the back office's navigation`, async () => {
      await sqlRows(`delete from core_tax_rules where country = 'MX' and region = 'JAL'`);
      const page = await newPage({ width, height: 900 });
      await signIn(page, 'staff@example.com');
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Core deposit tax' }).click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Core deposit tax');
      const form = page.getByTestId('core-rule-form');
      await form.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Mexico' });
      await form.getByRole('textbox', { name: 'Region code (optional)' }).fill('JAL');
      await form.getByRole('radio', { name: 'Taxed', exact: true }).check();
      await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Save rule' }).click()]);
      expect(await page.getByRole('status').first().textContent()).to.contain('Rule added.');
      const row = page.locator('[data-testid="core-rule"][data-place="MX-JAL"]');
      expect(await row.getByTestId('core-rule-taxed').textContent()).to.equal('Taxed');
      expect(await row.textContent()).to.contain('Jalisco');
      expect(await axe(page), 'axe on the core tax rules').to.deep.equal([]);
      await screenshot(page, `cores-tax-rules-${width}`);
      await Promise.all([
        page.waitForNavigation(),
        row.getByRole('button', { name: 'Remove the rule of Mexico — Jalisco' }).click(),
      ]);
      expect(await page.locator('[data-testid="core-rule"][data-place="MX-JAL"]').count()).to.equal(0);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
    it(`at ${width} px: staff credit the returned cores of a paid order, and it owes $0.00`, async () => {
      const housing = await productIdByStockcode('MT-VMH');
      await sqlRows(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [housing]);
      const c = await newCustomer(housing, 2);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      expect(totals.total).to.equal('834.73');
      const placed = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 1,
        token: await tokenize(c.a, c.token, TEST_CARDS.approved),
        expected_total: totals.total,
      });
      expect(placed.status, placed.text).to.equal(201);

      const page = await newPage({ width, height: 900 });
      await signIn(page, 'staff@example.com');
      await Promise.all([
        page.waitForNavigation(),
        page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: 'Orders', exact: true })
          .click(),
      ]);
      await page.getByRole('searchbox', { name: 'Customer name or email' }).fill(c.email);
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Search', exact: true }).click()]);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: `#${c.orderId}` }).click()]);
      expect(await page.getByTestId('order-total').textContent()).to.equal('$834.73');
      expect(await page.getByTestId('order-unpaid').textContent()).to.equal('$0.00');

      // A partial credit without its reason is refused above the order, and nothing is refunded.
      const form = page.getByRole('form', { name: 'Credit the returned core of Vacuum Seed Meter Housing' });
      await form.getByRole('checkbox', { name: 'Full credit (received and inspected)' }).uncheck();
      await form.getByRole('spinbutton', { name: 'Cores returned' }).fill('1');
      await form.getByRole('textbox', { name: 'Partial credit', exact: true }).fill('50.00');
      await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Credit core' }).click()]);
      await page.getByText('Say why the credit is partial.').waitFor();
      expect(await page.getByTestId('order-returned').count()).to.equal(0);

      // Both cores back and inspected: the whole $170.00 of deposits is refunded to the card.
      await form.getByRole('spinbutton', { name: 'Cores returned' }).fill('2');
      await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Credit core' }).click()]);
      await page.getByText('Refund sent to the original payment.').waitFor();
      expect(await page.getByTestId('order-total').textContent()).to.equal('$834.73');
      expect(await page.getByTestId('order-returned').textContent()).to.equal('−$170.00');
      expect(await page.getByTestId('order-paid').textContent()).to.equal('−$664.73');
      expect(await page.getByTestId('order-unpaid').textContent()).to.equal('$0.00');
      expect(await axe(page), 'axe on the order after the credit').to.deep.equal([]);
      await screenshot(page, `cores-credited-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
