/**
 * A staff payment pays shipping and tax too, as a person does it: staff open the $2,714.11 invoice order from the back
 * office's navigation, take a payment, see the Shipping and Tax rows beside the lines in the
 * distribution table, distribute the whole amount, record it, and the order owes $0.00.
 * At 1280 and 375 px.
 */
import { expect } from 'chai';
import path from 'node:path';
import { axe, hydrated, newPage, requireChromium, screenshot } from '../helpers/browser.ts';
import { agent, apiToken, signIn } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { invoiceOrder } from '../features/invoice-order-helpers.ts';
import { signInFromLanding } from './journeys-person.ts';

describe('browser: a payment pays shipping and tax', function () {
  this.timeout(300_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  /** Opens the order's editor as staff do: the back office's Orders, a search by PO number, the order, Edit order. */
  async function openEditor(width: number, id: number, po: string) {
    const staff = await newPage({ width, height: 900 });
    await signInFromLanding(staff, base, 'staff@example.com');
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await hydrated(staff);
    const search = staff.getByRole('search', { name: 'Orders' });
    await search.getByRole('searchbox', { name: 'PO number' }).fill(po);
    await search.getByRole('button', { name: 'Search' }).click();
    await staff
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: po })
      .getByRole('link', { name: `#${id}` })
      .click();
    await hydrated(staff);
    await staff.getByRole('link', { name: 'Edit order' }).click();
    await staff.waitForURL(/\/admin\/orders\/detail\/\d+\/edit$/);
    await hydrated(staff);
    return staff;
  }

  it('goods paid before (lines only), the form still offers the shipping and the tax: $365.00 settles the order (375 px)', async () => {
    const {
      id,
      po,
      lines: [a, b],
    } = await invoiceOrder();
    const api = await agent();
    await signIn(api, 'staff@example.com');
    const paid = await api
      .post(`/en-us/api/orders/${id}/payments`)
      .set('Authorization', `Bearer ${await apiToken(api)}`)
      .send({
        payment_type: 2,
        check_number: '3320',
        amount: '2349.11',
        allocations: [
          { order_line_item_id: a, amount: '1849.11' },
          { order_line_item_id: b, amount: '500.00' },
        ],
      });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    const staff = await openEditor(375, id, po);
    const take = staff.getByRole('region', { name: 'Take a payment' });
    await take.getByRole('textbox', { name: 'Amount received (USD)' }).fill('365.00');
    await take.getByRole('textbox', { name: 'Check number' }).fill('3321');
    await take.getByRole('button', { name: 'Distribute over what is owed' }).click();
    expect(await take.getByRole('textbox', { name: 'Assigned: Shipping' }).inputValue()).to.equal('258.00');
    expect(await take.getByRole('textbox', { name: 'Assigned: Tax (State sales tax)' }).inputValue()).to.equal(
      '107.00',
    );
    expect(await take.getByRole('textbox', { name: /^Assigned: / }).count(), 'the paid lines take nothing').to.equal(2);
    await take.getByRole('button', { name: 'Record payment' }).click();
    await staff
      .getByRole('region', { name: 'Payments' })
      .getByRole('row', { name: /^\d+ Check #3321 · Successful \$365\.00 Refresh payment #\d+$/ })
      .waitFor();
    await take.waitFor({ state: 'detached' });
    expect(staff.problems).to.deep.equal([]);
    await staff.close();
  });

  for (const width of [1280, 375]) {
    it(`staff pay the whole $2,714.11 of an invoice order, shipping and tax included, and it owes $0.00 (${width} px)`, async () => {
      const { id, po } = await invoiceOrder();
      const staff = await openEditor(width, id, po);
      const take = staff.getByRole('region', { name: 'Take a payment' });
      const table = take.getByRole('table');
      // Beside the two lines: Shipping $258.00 and the tax $107.00, nothing paid on either yet.
      expect(
        (await table.getByRole('row').filter({ hasText: 'Shipping' }).textContent())?.replace(/\s+/g, ' '),
      ).to.match(/Shipping\s*\$0\.00\s*\$258\.00/);
      expect(
        (await table.getByRole('row').filter({ hasText: 'State sales tax' }).textContent())?.replace(/\s+/g, ' '),
      ).to.match(/Tax \(State sales tax\)\s*\$0\.00\s*\$107\.00/);
      await take.getByRole('textbox', { name: 'Amount received (USD)' }).fill('2714.11');
      await take.getByRole('textbox', { name: 'Check number' }).fill('3310');
      await take.getByRole('button', { name: 'Distribute over what is owed' }).click();
      expect(await take.getByRole('textbox', { name: 'Assigned: Shipping' }).inputValue()).to.equal('258.00');
      expect(await take.getByRole('textbox', { name: 'Assigned: Tax (State sales tax)' }).inputValue()).to.equal(
        '107.00',
      );
      const assigned = await take
        .getByRole('textbox', { name: /^Assigned: / })
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(assigned.sort()).to.deep.equal(['107.00', '1849.11', '258.00', '500.00']);
      // The sum shown is the amount, nothing left to assign.
      expect(await take.getByTestId('pay-assigned-sum').textContent()).to.equal('$2,714.11');
      expect(await take.getByRole('status').textContent()).to.equal('Left to assign: $0.00');
      expect(await axe(staff)).to.deep.equal([]);
      if (process.env.SCREENSHOTS)
        await take.screenshot({ path: path.resolve('test-results', `payment-parts-form-${width}.png`) });
      await take.getByRole('button', { name: 'Record payment' }).click();

      const payments = staff.getByRole('region', { name: 'Payments' });
      await payments
        .getByRole('row', { name: /^\d+ Check #3310 · Successful \$2,714\.11 Refresh payment #\d+$/ })
        .waitFor();
      const items = staff.getByRole('region', { name: 'Items' });
      await items
        .filter({
          hasText:
            /Shipping\s*\$258\.00\s*Tax\s*\$107\.00\s*Total\s*\$2,714\.11\s*Paid\s*−\$2,714\.11\s*Unpaid\s*\$0\.00/,
        })
        .waitFor();
      // Nothing owed is left: the payment form is gone.
      await take.waitFor({ state: 'detached' });
      await screenshot(staff, `payment-parts-after-${width}`);
      expect(staff.problems).to.deep.equal([]);
      await staff.close();
    });
  }
});
