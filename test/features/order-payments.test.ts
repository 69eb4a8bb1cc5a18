/** Check payments on orders: the split over lines (cap, exact sum, thirds, tolerance), fees as allocation type 1, who may pay. */
import { expect } from 'chai';
import { distributePayment } from '../../src/domain/prorate.ts';
import { agent, apiToken, signIn } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

const query = sqlRows;
const cents = (s: string | number) => Math.round(Number(s) * 100);

const taken = new Set<number>();
async function unpaidOrder(minLines = 2): Promise<number> {
  const rows = await query<{ id: number }>(
    `select o.id from orders o where o.status in ('pending', 'on_hold') and not exists (select 1 from payments p where p.order_id = o.id and p.successful)
    and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0 and l.unpaid_total > 0) >= $1 and o.id > 10 order by o.id`,
    [minLines],
  );
  const id = rows.map((r) => r.id).find((x) => !taken.has(x))!;
  taken.add(id);
  return id;
}
const linesOf = (id: number) =>
  query<{ id: number; paid_total: string; unpaid_total: string; total_discounted: string }>(
    `select id, paid_total, unpaid_total, total_discounted from order_line_items where order_id = $1 and line_type <> 5 order by sort, id`,
    [id],
  );

describe('check payments POST /{locale}/api/orders/{id}/payments', () => {
  let token: string;
  before(async () => {
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await apiToken(staff);
  });
  const pay = async (id: number, body: object, t = token) =>
    (await agent()).post(`/en-us/api/orders/${id}/payments`).set('Authorization', `Bearer ${t}`).send(body);

  it('a partial payment distributed in line order: allocations sum to the payment, paid + unpaid = line total', async () => {
    const id = await unpaidOrder(2);
    const lines = await linesOf(id);
    const amount = (cents(lines[0].unpaid_total) + 1) / 100; // fills line 1, one cent onto line 2
    const split = distributePayment(
      amount,
      lines.map((l) => ({ id: l.id, unpaid_total: Number(l.unpaid_total) })),
    );
    const res = await pay(id, {
      payment_type: 2,
      check_number: '1001',
      amount: amount.toFixed(2),
      allocations: split
        .filter((s) => s.assigned > 0)
        .map((s) => ({ order_line_item_id: s.id, amount: s.assigned.toFixed(2) })),
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const after = await linesOf(id);
    expect(cents(after[0].unpaid_total)).to.equal(0);
    expect(cents(after[1].paid_total)).to.equal(1);
    for (const l of after) expect(cents(l.paid_total) + cents(l.unpaid_total)).to.equal(cents(l.total_discounted));
    const [{ sum }] = await query<{ sum: string }>(
      `select sum(a.amount)::text as sum from payment_allocations a where a.payment_id = $1`,
      [res.body.payment_id],
    );
    expect(cents(sum)).to.equal(cents(amount));
    const logs = await query<{ action: string }>(
      `select action from logs where entity = 'order' and entity_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(logs[0].action).to.equal('payment.create');
  });

  it('refuses a split that does not add up, goes over a line, or names a foreign line — and records nothing', async () => {
    const id = await unpaidOrder(2);
    const lines = await linesOf(id);
    const [a, b] = lines;
    const before = await query(`select count(*)::int as n from payments where order_id = $1`, [id]);
    const cases: [string, object][] = [
      ['a cent short', { amount: '1.00', allocations: [{ order_line_item_id: a.id, amount: '0.99' }] }],
      ['a cent over', { amount: '1.00', allocations: [{ order_line_item_id: a.id, amount: '1.01' }] }],
      [
        'over the line',
        {
          amount: ((cents(a.unpaid_total) + 1) / 100).toFixed(2),
          allocations: [{ order_line_item_id: a.id, amount: ((cents(a.unpaid_total) + 1) / 100).toFixed(2) }],
        },
      ],
      [
        'thirds of a cent',
        {
          amount: '0.01',
          allocations: [
            { order_line_item_id: a.id, amount: '0.003' },
            { order_line_item_id: b.id, amount: '0.007' },
          ],
        },
      ],
      ['a line of another order', { amount: '1.00', allocations: [{ order_line_item_id: 1, amount: '1.00' }] }],
      ['nothing', { amount: '0', allocations: [] }],
      ['negative', { amount: '-5.00', allocations: [] }],
      [
        'no check number',
        { amount: '1.00', check_number: '', allocations: [{ order_line_item_id: a.id, amount: '1.00' }] },
      ],
      ['card', { payment_type: 1, amount: '1.00', allocations: [{ order_line_item_id: a.id, amount: '1.00' }] }],
      [
        'same line twice',
        {
          amount: '1.00',
          allocations: [
            { order_line_item_id: a.id, amount: '0.50' },
            { order_line_item_id: a.id, amount: '0.50' },
          ],
        },
      ],
    ];
    for (const [name, body] of cases) {
      const res = await pay(id, { payment_type: 2, check_number: '77', ...body });
      expect(res.status, name).to.equal(400);
      expect(res.body.error.message, name).to.be.a('string');
    }
    expect(await query(`select count(*)::int as n from payments where order_id = $1`, [id])).to.deep.equal(before);
    expect(await linesOf(id)).to.deep.equal(lines);
  });

  it('10.00 in thirds (3.33, 3.33, 3.34) over three lines is recorded to the cent', async () => {
    const [row] = await query<{
      id: number;
    }>(`select o.id from orders o where o.status in ('pending', 'on_hold', 'processing') and o.id > 10
      and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type <> 5 and l.unpaid_total >= 3.34) >= 3 order by o.id desc limit 1`);
    const lines = (await linesOf(row.id)).filter((l) => cents(l.unpaid_total) >= 334).slice(0, 3);
    const before = lines.map((l) => cents(l.paid_total));
    const res = await pay(row.id, {
      payment_type: 2,
      check_number: '3333',
      amount: '10.00',
      allocations: lines.map((l, i) => ({ order_line_item_id: l.id, amount: i === 2 ? '3.34' : '3.33' })),
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const after = (await linesOf(row.id)).filter((l) => lines.some((x) => x.id === l.id));
    expect(after.map((l, i) => cents(l.paid_total) - before[i])).to.deep.equal([333, 333, 334]);
  });

  it('pays an unpaid fee in full as allocation type 1 and marks it paid', async () => {
    const [fee] = await query<{ id: number; order_id: number; amount: string }>(
      `select id, order_id, amount from order_fees where not paid and amount > 0 order by id limit 1`,
    );
    const res = await pay(fee.order_id, {
      payment_type: 2,
      check_number: '4444',
      amount: fee.amount,
      allocations: [],
      fee_ids: [fee.id],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [row] = await query<{ paid: boolean }>(`select paid from order_fees where id = $1`, [fee.id]);
    expect(row.paid).to.equal(true);
    const [alloc] = await query<{ type: number }>(`select type from payment_allocations where payment_id = $1`, [
      res.body.payment_id,
    ]);
    expect(alloc.type).to.equal(1);
    const sync = await (await agent())
      .get(`/en-us/api/orders/${fee.order_id}/synchronize`)
      .set('Authorization', `Bearer ${token}`);
    expect(sync.body.fees.paid.map((f: { fee_id: number }) => f.fee_id)).to.include(fee.id);
    expect(
      (await pay(fee.order_id, { payment_type: 2, check_number: '4445', amount: fee.amount, fee_ids: [fee.id] }))
        .status,
    ).to.equal(400);
  });

  it('customers and users without orders.pay are refused', async () => {
    const id = await unpaidOrder(1);
    const [line] = await linesOf(id);
    const body = {
      payment_type: 2,
      check_number: '1',
      amount: '1.00',
      allocations: [{ order_line_item_id: line.id, amount: '1.00' }],
    };
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await pay(id, body, await apiToken(customer))).status).to.be.oneOf([403, 404]);
    const wh = await agent();
    await signIn(wh, 'warehouse@example.com');
    expect((await pay(id, body, await apiToken(wh))).status).to.equal(403);
    expect(
      (await (await agent()).post(`/en-us/api/orders/${id}/payments`).set('Authorization', 'Bearer nope').send(body))
        .status,
    ).to.equal(401);
  });
});
