/**
 * A core deposit charged through HTTP: the demo meter housing (MT-VMH, $312.00) carries an $85.00
 * core charge. Added to the cart it brings a line of its own, "Core deposit: <part>", that follows
 * the part's quantity and leaves with it; checkout taxes the part only where no core tax rule
 * says deposits are taxed (Iowa has none), and the placed order's lines add up to its total.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place, tokenize, xhr } from './checkout-helpers.ts';

type Line = { order_line_item_id: number; line_type: number; title: string; quantity: number; unit_price: string };

describe('core deposit: charged with the part', function () {
  this.timeout(120_000);
  let housing: number;
  let placedOrder: { orderId: number; depositLine: number; a: Agent; token: string };

  before(async () => {
    housing = await productIdByStockcode('MT-VMH');
    await sqlRows(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [housing]);
  });

  it('shows the deposit as its own cart line, charges it at checkout and keeps it on the placed order', async () => {
    const c = await newCustomer(housing, 2);
    const sync = await c.a.get('/en-us/cart/synchronize').set(xhr(c.token));
    expect(sync.status, sync.text).to.equal(200);
    const lines = (sync.body.line_items as Line[]).filter((l) => l.line_type === 0);
    expect(lines.map((l) => [l.quantity, l.unit_price])).to.deep.equal([
      [2, '312.00'],
      [2, '85.00'],
    ]);
    expect(lines[0].title).not.to.match(/^Core deposit/);
    // The deposit names its part, so the cart shows it without controls of its own.
    const marks = (sync.body.line_items as (Line & { core_of_line_id: number | null })[])
      .filter((l) => l.line_type === 0)
      .map((l) => l.core_of_line_id);
    expect(marks).to.deep.equal([null, lines[0].order_line_item_id]);
    expect(lines[1].title).to.equal(`Core deposit: ${lines[0].title}`);

    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    // 2 × $312.00 + 2 × $85.00 = $794.00; the $25.00 Parts Bundle comes off the part only. The deposit
    // is not taxed in Iowa: 6 % + 1 % of the part's $624.00 − $25.00 = $599.00 is $35.94 + $5.99 = $41.93
    // (taxing the deposit too would make it $53.83); total 794.00 − 25.00 + 23.80 shipping + 41.93 = 834.73.
    expect(totals).to.deep.include({
      subtotal: '794.00',
      discount: '25.00',
      shipping: '23.80',
      tax: '41.93',
      total: '834.73',
    });

    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: await tokenize(c.a, c.token, TEST_CARDS.approved),
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const placed = await sqlRows<{
      title: string;
      quantity: number;
      unit_price: string;
      discount: string;
      total_discounted: string;
      core: boolean;
    }>(
      `select id, title, quantity, unit_price, discount, total_discounted, core_of_line_id is not null as core
         from order_line_items where order_id = $1 and line_type = 0 order by sort, id`,
      [c.orderId],
    );
    expect(placed.map((l) => [l.core, l.quantity, l.unit_price])).to.deep.equal([
      [false, 2, '312.00'],
      [true, 2, '85.00'],
    ]);
    // No discount or promotion takes from the deposit.
    expect([placed[1].discount, placed[1].total_discounted]).to.deep.equal(['0.00', '170.00']);
    const [o] = await sqlRows<{ subtotal: string; total: string; paid: string }>(
      `select subtotal, total, (select sum(total)::text from payments where order_id = $1) as paid from orders where id = $1`,
      [c.orderId],
    );
    expect(o.subtotal).to.equal('794.00');
    expect(o.total).to.equal(totals.total);
    expect(o.paid).to.equal(totals.total);
    const [dep] = await sqlRows<{ id: number }>(
      'select id from order_line_items where order_id = $1 and core_of_line_id is not null',
      [c.orderId],
    );
    placedOrder = { orderId: c.orderId, depositLine: dep.id, a: c.a, token: c.token };
  });

  describe('credited when the core comes back', () => {
    let staff: Agent;
    let staffCsrf: string;
    let bearer: string;
    const credit = (who: Agent, t: string, body: Record<string, unknown>, locale = 'en-us') =>
      who
        .post(`/${locale}/admin/orders/detail/${placedOrder.orderId}/lines/${placedOrder.depositLine}/core-credit`)
        .set(xhr(t))
        .send(body);
    const refunds = () =>
      sqlRows<{ amount: string; return_id: number | null }>(
        `select r.amount, r.return_id from refunds r join payments p on p.id = r.payment_id where p.order_id = $1`,
        [placedOrder.orderId],
      );

    before(async () => {
      staff = await agent();
      await signIn(staff, 'staff@example.com');
      bearer = await apiToken(staff);
      staffCsrf = await csrf(staff, '/en-us/admin/returns');
    });

    it('refuses the customer (403) and writes nothing', async () => {
      const res = await credit(placedOrder.a, placedOrder.token, { quantity: 2, full: '1' });
      expect(res.status).to.equal(403);
      expect(await refunds()).to.deep.equal([]);
    });

    it('refuses a partial credit without a reason, in the visitor’s language, and writes nothing', async () => {
      const res = await credit(staff, staffCsrf, { quantity: 1, credit: '50.00', reason: '' }, 'fr-ca');
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.message).to.equal('Indiquez pourquoi le crédit est partiel.');
      expect(await refunds()).to.deep.equal([]);
    });

    it('credits both cores in full: $170.00 back on the card through a return, $0.00 owed', async () => {
      await staff.get('/en-us/admin/returns'); // back to English after the French request
      const page = await staff.get(`/admin/orders/detail/${placedOrder.orderId}`);
      expect(page.status).to.equal(200);
      expect(page.text).to.include(`data-testid="core-credit" data-line-id="${placedOrder.depositLine}"`);
      expect(page.text).to.include('Credit core');
      const res = await credit(staff, staffCsrf, { quantity: 2, full: '1' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ status: 'refunded', refund: '170.00' });
      expect(await refunds()).to.deep.equal([{ amount: '170.00', return_id: res.body.return_id }]);
      const sync = await staff
        .get(`/en-us/api/orders/${placedOrder.orderId}/synchronize`)
        .set('Authorization', `Bearer ${bearer}`);
      expect(sync.status, sync.text).to.equal(200);
      expect(sync.body.totals.unpaid_total).to.equal('0.00');
      const deposit = (sync.body.line_items as (Line & { core_of_line_id: number | null })[]).find(
        (l) => l.order_line_item_id === placedOrder.depositLine,
      );
      expect(deposit?.core_of_line_id).to.be.a('number');
      const after = await staff.get(`/admin/orders/detail/${placedOrder.orderId}`);
      expect(after.text).to.match(/data-testid="order-returned">−\$170\.00</);
      expect(after.text).to.match(/data-testid="order-unpaid">\$0\.00</);
      const again = await credit(staff, staffCsrf, { quantity: 1, full: '1' });
      expect(again.status).to.equal(400);
      expect(again.body.error.message).to.equal('Every core of this line has already been returned.');
    });
  });

  it('takes the deposit out of the cart with its part', async () => {
    const c = await newCustomer(housing, 1);
    const before = await c.a.get('/en-us/cart/synchronize').set(xhr(c.token));
    const part = (before.body.line_items as Line[]).find((l) => l.line_type === 0 && l.unit_price === '312.00')!;
    const gone = await c.a.post(`/en-us/cart/${part.order_line_item_id}`).set(xhr(c.token)).send({ _method: 'delete' });
    expect(gone.status, gone.text).to.equal(200);
    expect(gone.body.subtotal).to.equal('0.00');
    const after = await c.a.get('/en-us/cart/synchronize').set(xhr(c.token));
    expect((after.body.line_items as Line[]).filter((l) => l.line_type === 0)).to.deep.equal([]);
  });
});
