/** Concurrent payments never over-allocate a line: the line rows are locked and re-read inside the payment's transaction. */
import { expect } from 'chai';
import { postgresOnly } from '../helpers/db.ts';
import { agent, apiToken, signIn } from '../helpers/http.ts';
import { cloneOrder, sqlRows } from '../helpers/server.ts';

const cents = (s: string | number) => Math.round(Number(s) * 100);

describe('concurrent payments on one line', function () {
  this.timeout(120_000);

  it('ten payments each for the whole unpaid balance of a line at once: one is recorded, nine are refused, nothing over-allocated (PostgreSQL only)', async function () {
    postgresOnly(this);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const token = await apiToken(staff);
    const [source] = await sqlRows<{
      id: number;
    }>(`select o.id from orders o where o.status in ('pending', 'on_hold') and not exists (select 1 from payments p where p.order_id = o.id)
      and exists (select 1 from order_line_items l where l.order_id = o.id and l.line_type = 0 and l.unpaid_total > 1) order by o.id desc limit 1`);
    const id = await cloneOrder(source.id);
    const [line] = await sqlRows<{ id: number; unpaid_total: string; paid_total: string }>(
      `select id, unpaid_total, paid_total from order_line_items where order_id = $1 and line_type = 0 and unpaid_total > 1 order by sort, id limit 1`,
      [id],
    );
    const body = {
      payment_type: 2,
      check_number: '4242',
      amount: line.unpaid_total,
      allocations: [{ order_line_item_id: line.id, amount: line.unpaid_total }],
    };

    const results = await Promise.all(
      Array.from({ length: 10 }, async () =>
        (await agent()).post(`/en-us/api/orders/${id}/payments`).set('Authorization', `Bearer ${token}`).send(body),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).to.have.length(1);
    expect(
      statuses.every((s) => s === 201 || (s >= 400 && s < 500)),
      statuses.join(','),
    ).to.equal(true);

    const [after] = await sqlRows<{ paid_total: string; unpaid_total: string; allocated: string }>(
      `select l.paid_total, l.unpaid_total,
      (select coalesce(sum(a.amount), 0) from payment_allocations a where a.line_item_id = l.id)::text as allocated from order_line_items l where l.id = $1`,
      [line.id],
    );
    expect(cents(after.allocated)).to.equal(cents(line.unpaid_total) + cents(line.paid_total));
    expect(cents(after.unpaid_total)).to.equal(0);
    const [{ n }] = await sqlRows<{ n: number }>('select count(*)::int as n from payments where order_id = $1', [id]);
    expect(n).to.equal(1);
  });
});
