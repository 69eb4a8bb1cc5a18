/** Card payments and refunds on orders: staff charge a provider token, split over lines; refunds go back through the provider onto the lines. */
import { expect } from 'chai';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { agent, apiToken, csrf, signIn } from '../helpers/http.ts';
import { cloneOrder, sqlRows as query } from '../helpers/server.ts';
import { tokenize } from './checkout-helpers.ts';

const cents = (s: string | number) => Math.round(Number(s) * 100);
/** A copy of an unpaid demo order with two or more owing lines, made for this test alone (the demo orders are shared by other suites). */
async function unpaidOrder(): Promise<number> {
  const [src] = await query<{
    id: number;
  }>(`select o.id from orders o where o.status in ('pending', 'on_hold', 'processing') and not exists (select 1 from payments p where p.order_id = o.id)
    and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0 and l.unpaid_total > 20) >= 2 and o.id > 10 order by o.id desc limit 1`);
  return cloneOrder(src.id);
}
const linesOf = (id: number) =>
  query<{ id: number; paid_total: string; unpaid_total: string; total_discounted: string }>(
    `select id, paid_total, unpaid_total, total_discounted from order_line_items where order_id = $1 and line_type <> 5 order by sort, id`,
    [id],
  );

describe('card payments and refunds on orders', () => {
  let token: string;
  let browserToken: string;
  let staff: Awaited<ReturnType<typeof agent>>;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await apiToken(staff);
    browserToken = await csrf(staff, '/en-us/products');
  });
  const post = (path: string, body: object, t = token) =>
    staff.post(path).set('Authorization', `Bearer ${t}`).send(body);
  const card = (number: string = TEST_CARDS.approved) => tokenize(staff, browserToken, number);

  it('charges a card token, splits it over two lines, and a second request with the same key records nothing new', async () => {
    const id = await unpaidOrder();
    const [a, b] = await linesOf(id);
    const body = {
      payment_type: 1,
      token: await card(),
      amount: '15.00',
      idempotency_key: `same-key-${id}`,
      allocations: [
        { order_line_item_id: a.id, amount: '10.00' },
        { order_line_item_id: b.id, amount: '5.00' },
      ],
    };
    const res = await post(`/en-us/api/orders/${id}/payments`, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [p] = await query<{ payment_type: number; provider_ref: string; payment_method_id: string; total: string }>(
      `select payment_type, provider_ref, payment_method_id, total from payments where id = $1`,
      [res.body.payment_id],
    );
    expect(p.payment_type).to.equal(1);
    expect(p.provider_ref).to.match(/offline/);
    expect(p.payment_method_id).to.equal('Visa •••• 4242');
    const after = await linesOf(id);
    expect(cents(after[0].paid_total) - cents(a.paid_total)).to.equal(1000);
    expect(cents(after[1].paid_total) - cents(b.paid_total)).to.equal(500);

    const again = await post(`/en-us/api/orders/${id}/payments`, body);
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    expect(again.body.payment_id).to.equal(res.body.payment_id);
    expect(await query(`select id from payments where order_id = $1`, [id])).to.have.length(1);
  });

  it('a declined card answers 402 with the provider message and records nothing', async () => {
    const id = await unpaidOrder();
    const [a] = await linesOf(id);
    const res = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 1,
      token: await card(TEST_CARDS.declined),
      amount: '1.00',
      allocations: [{ order_line_item_id: a.id, amount: '1.00' }],
    });
    expect(res.status).to.equal(402);
    expect(res.body.error.message).to.equal('Your card was declined.');
    expect(await query(`select id from payments where order_id = $1`, [id])).to.deep.equal([]);
    expect(await linesOf(id)).to.deep.equal(await linesOf(id));
  });

  it('a bad split is refused before the card is charged; a bad or missing token is a 4xx', async () => {
    const id = await unpaidOrder();
    const [a] = await linesOf(id);
    const t = await card();
    const short = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 1,
      token: t,
      amount: '2.00',
      allocations: [{ order_line_item_id: a.id, amount: '1.99' }],
    });
    expect(short.status).to.equal(400);
    const none = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 1,
      amount: '1.00',
      allocations: [{ order_line_item_id: a.id, amount: '1.00' }],
    });
    expect(none.status).to.equal(400);
    expect(none.body.error.fields.token).to.equal('Enter the card details.');
    const unknown = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 1,
      token: 'tok_nobody',
      amount: '1.00',
      allocations: [{ order_line_item_id: a.id, amount: '1.00' }],
    });
    expect(unknown.status).to.be.within(400, 499);
    expect(await query(`select id from payments where order_id = $1`, [id])).to.deep.equal([]);
  });

  it('refunds part of a card payment newest line first, then refuses more than is left; lines owe it again', async () => {
    const id = await unpaidOrder();
    const [a, b] = await linesOf(id);
    const paid = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 1,
      token: await card(),
      amount: '12.00',
      allocations: [
        { order_line_item_id: a.id, amount: '8.00' },
        { order_line_item_id: b.id, amount: '4.00' },
      ],
    });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    const pid = paid.body.payment_id as number;

    const first = await post(`/en-us/api/orders/${id}/payments/${pid}/refund`, {
      amount: '5.00',
      reason: 'Returned a part',
    });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    const mid = await linesOf(id);
    // 4.00 from line b (newest allocation), then 1.00 from line a.
    expect(cents(mid[1].paid_total)).to.equal(cents(b.paid_total));
    expect(cents(mid[0].paid_total) - cents(a.paid_total)).to.equal(700);
    for (const l of mid) expect(cents(l.paid_total) + cents(l.unpaid_total)).to.equal(cents(l.total_discounted));

    const over = await post(`/en-us/api/orders/${id}/payments/${pid}/refund`, { amount: '7.01' });
    expect(over.status).to.equal(400);
    expect(over.body.error.message).to.match(
      /^A refund cannot be more than what is left to refund on this payment \(7\.00 /,
    );
    const rest = await post(`/en-us/api/orders/${id}/payments/${pid}/refund`, { amount: '7.00' });
    expect(rest.status, JSON.stringify(rest.body)).to.equal(201);
    const end = await linesOf(id);
    expect(end.slice(0, 2).map((l) => l.paid_total)).to.deep.equal([a.paid_total, b.paid_total]);

    const sync = await staff.get(`/en-us/api/orders/${id}/synchronize`).set('Authorization', `Bearer ${token}`);
    const payment = (
      sync.body.payments as { payment_id: number; refunded: { value: string }; refunds: unknown[] }[]
    ).find((p) => p.payment_id === pid)!;
    expect(payment.refunded.value).to.equal('12.00');
    expect(payment.refunds).to.have.length(2);
    const log = await query<{ action: string }>(
      `select action from logs where entity = 'order' and entity_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(log[0].action).to.equal('payment.refund');
  });

  it('refuses a refund of a check, of another order’s payment, bad amounts, and people without orders.pay', async () => {
    const id = await unpaidOrder();
    const [a] = await linesOf(id);
    const check = await post(`/en-us/api/orders/${id}/payments`, {
      payment_type: 2,
      check_number: '55',
      amount: '1.00',
      allocations: [{ order_line_item_id: a.id, amount: '1.00' }],
    });
    expect(check.status).to.equal(201);
    const r1 = await post(`/en-us/api/orders/${id}/payments/${check.body.payment_id}/refund`, { amount: '1.00' });
    expect(r1.status).to.equal(400);
    expect(r1.body.error.message).to.equal('Only card payments are refunded through the card provider.');
    const [{ id: other }] = await query<{ id: number }>(
      `select id from orders where id <> $1 and status <> 'cart' order by id limit 1`,
      [id],
    );
    const foreign = await post(`/en-us/api/orders/${other}/payments/${check.body.payment_id}/refund`, {
      amount: '1.00',
    });
    expect(foreign.status, JSON.stringify(foreign.body)).to.equal(404);
    for (const amount of ['0', '-1', 'abc', '1.001', '']) {
      const res = await post(`/en-us/api/orders/${id}/payments/${check.body.payment_id}/refund`, { amount });
      expect(res.status, amount).to.equal(400);
    }
    expect(
      (
        await staff
          .post(`/en-us/api/orders/${id}/payments/${check.body.payment_id}/refund`)
          .set('X-CSRF-Token', browserToken)
          .send({ amount: '1.00' })
      ).status,
      'no bearer',
    ).to.equal(401);
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    const ct = await apiToken(customer);
    const res = await post(`/en-us/api/orders/${id}/payments/${check.body.payment_id}/refund`, { amount: '1.00' }, ct);
    expect(res.status).to.be.oneOf([403, 404]);
    expect(
      await query(`select r.id from refunds r join payments p on p.id = r.payment_id where p.order_id = $1`, [id]),
    ).to.deep.equal([]);
  });
});
