/**
 * A staff payment pays shipping and tax too. The invoice order of $2,714.11
 * (lines 1,849.11 + 500.00, shipping 258.00, State sales tax 107.00; invoice-order-helpers.ts).
 */
import { expect } from 'chai';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { owedPartsOfOrder, sumOwed } from '../../src/domain/payment-parts.ts';
import { agent, apiToken, csrf, signIn } from '../helpers/http.ts';
import { sqlRows as query } from '../helpers/server.ts';
import { tokenize } from './checkout-helpers.ts';
import { invoiceOrder } from './invoice-order-helpers.ts';

type Alloc = { type: number; line_item_id: number | null; tax_name: string | null; amount: string };
const allocationsOf = (paymentId: number) =>
  query<Alloc>(
    `select type, line_item_id, tax_name, amount::text from payment_allocations where payment_id = $1 order by type, line_item_id`,
    [paymentId],
  );

describe('payments over shipping and tax POST /{locale}/api/orders/{id}/payments', () => {
  let token: string;
  let staff: Awaited<ReturnType<typeof agent>>;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await apiToken(staff);
  });
  const pay = (id: number, body: object, locale = 'en-us') =>
    staff.post(`/${locale}/api/orders/${id}/payments`).set('Authorization', `Bearer ${token}`).send(body);
  const sync = async (id: number) =>
    (await staff.get(`/en-us/api/orders/${id}/synchronize`).set('Authorization', `Bearer ${token}`)).body;

  it('one check of $2,714.11 with no split pays the lines, the shipping and the tax: unpaid $0.00', async () => {
    const {
      id,
      lines: [a, b],
    } = await invoiceOrder();
    expect(sumOwed(owedPartsOfOrder(await sync(id))), 'owed before').to.equal(271_411);
    const res = await pay(id, { payment_type: 2, check_number: '3301', amount: '2714.11' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(await allocationsOf(res.body.payment_id)).to.deep.equal([
      { type: 0, line_item_id: Math.min(a, b), tax_name: null, amount: a < b ? '1849.11' : '500.00' },
      { type: 0, line_item_id: Math.max(a, b), tax_name: null, amount: a < b ? '500.00' : '1849.11' },
      { type: 2, line_item_id: null, tax_name: null, amount: '258.00' },
      { type: 3, line_item_id: null, tax_name: 'State sales tax', amount: '107.00' },
    ]);
    const order = await sync(id);
    expect(order.totals.unpaid_total).to.equal('0.00');
    expect(sumOwed(owedPartsOfOrder(order)), 'owed after').to.equal(0);
    const shown = order.payments[0].allocations.map(
      (x: { type: number; tax_name: string | null; amount: { value: string } }) => [x.type, x.tax_name, x.amount.value],
    );
    expect(shown).to.deep.include.members([
      [2, null, '258.00'],
      [3, 'State sales tax', '107.00'],
    ]);
    // Nothing is left to pay.
    const more = await pay(id, { payment_type: 2, check_number: '3302', amount: '0.01' });
    expect(more.status).to.equal(400);
    expect(more.body.error.fields.amount).to.equal('The payment is more than the order still owes ($0.00).');
  });

  it('a hand split of shipping 258.01 (a cent over) is a 400 naming allocations.1.amount, in French for /fr-ca/, and nothing is written', async () => {
    const {
      id,
      lines: [a],
    } = await invoiceOrder();
    const before = await query(
      `select id, paid_total, unpaid_total from order_line_items where order_id = $1 order by id`,
      [id],
    );
    const res = await pay(
      id,
      {
        payment_type: 2,
        check_number: '3303',
        amount: '268.01',
        allocations: [
          { type: 0, order_line_item_id: a, amount: '10.00' },
          { type: 2, amount: '258.01' },
        ],
      },
      'fr-ca',
    );
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid');
    expect(res.body.error.fields).to.have.keys('allocations.1.amount');
    expect(res.body.error.message).to.equal(
      'Un paiement ne peut pas mettre sur la livraison, les taxes ou des frais plus que ce qui reste dû.',
    );
    expect(await query(`select id from payments where order_id = $1`, [id])).to.deep.equal([]);
    expect(
      await query(`select id, paid_total, unpaid_total from order_line_items where order_id = $1 order by id`, [id]),
    ).to.deep.equal(before);

    // A tax the order does not have, and a tax allocation without its name.
    const unknown = await pay(id, {
      payment_type: 2,
      check_number: '3304',
      amount: '1.00',
      allocations: [{ type: 3, tax_name: 'GST', amount: '1.00' }],
    });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.fields).to.have.keys('allocations.0');
    const nameless = await pay(id, {
      payment_type: 2,
      check_number: '3305',
      amount: '1.00',
      allocations: [{ type: 3, amount: '1.00' }],
    });
    expect(nameless.status).to.equal(400);
    expect(nameless.body.error.fields['allocations.0.tax_name']).to.equal('Name the tax (tax_name).');
    expect(await query(`select id from payments where order_id = $1`, [id])).to.deep.equal([]);
  });

  it('shipping and tax paid by hand, then a card refund takes back the tax first (newest allocation) and they owe it again', async () => {
    const { id } = await invoiceOrder();
    const card = await tokenize(staff, await csrf(staff, '/en-us/products'), TEST_CARDS.approved);
    const paid = await pay(id, {
      payment_type: 1,
      token: card,
      amount: '365.00',
      allocations: [
        { type: 2, amount: '258.00' },
        { type: 3, tax_name: 'State sales tax', amount: '107.00' },
      ],
    });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    // 2,714.11 − 365.00 = 2,349.11: the goods.
    expect(sumOwed(owedPartsOfOrder(await sync(id)))).to.equal(234_911);
    const refund = await staff
      .post(`/en-us/api/orders/${id}/payments/${paid.body.payment_id}/refund`)
      .set('Authorization', `Bearer ${token}`)
      .send({ amount: '150.00' });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(201);
    const back = await query(
      `select type, line_item_id, tax_name, amount::text from refund_allocations where refund_id = $1 order by type`,
      [refund.body.refund_id],
    );
    // 107.00 of tax, then 43.00 of shipping.
    expect(back).to.deep.equal([
      { type: 2, line_item_id: null, tax_name: null, amount: '43.00' },
      { type: 3, line_item_id: null, tax_name: 'State sales tax', amount: '107.00' },
    ]);
    const order = await sync(id);
    const owed = Object.fromEntries(owedPartsOfOrder(order).map((p) => [p.key, p.owedCents]));
    expect([owed.shipping, owed['tax:State sales tax']]).to.deep.equal([4_300, 10_700]);
    expect(sumOwed(owedPartsOfOrder(order))).to.equal(249_911); // 2,349.11 + 150.00
    const shown = order.payments[0].refunds[0].allocations.map((x: { type: number; amount: { value: string } }) => [
      x.type,
      x.amount.value,
    ]);
    expect(shown).to.deep.include.members([
      [2, '43.00'],
      [3, '107.00'],
    ]);
  });
});
