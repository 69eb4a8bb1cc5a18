/**
 * An order's date is the moment it was placed (migration 0017's trigger): a cart made
 * long ago is dated the day checkout places it, a staff draft the moment it is submitted, and
 * the report rollup moves the order to that day with it (equal to the report from the orders).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { orderReport } from '../../src/features/reports/queries.ts';
import { chooseShipping, newCustomer, place } from './checkout-helpers.ts';
import { cloneOrder, productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

const day = async (id: number) =>
  (
    await sqlRows<{ d: string; same: boolean }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as d, created_at = submitted_at as same from orders where id = $1`,
      [id],
    )
  )[0];

describe('an order is dated when it is placed', function () {
  this.timeout(60_000);

  it('checkout: a cart made on 14 Feb 2024 is dated the day it is placed, and counted on that day only', async () => {
    const { db } = (await testServer()).database;
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const c = await newCustomer(product, 1);
    await sqlRows(`update orders set created_at = '2024-02-14T09:00:00Z' where id = $1`, [c.orderId]);
    expect((await day(c.orderId)).d).to.equal('2024-02-14'); // still a cart: its own creation
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '6604',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const today = new Date().toISOString().slice(0, 10);
    const d = await day(c.orderId);
    expect(d.same).to.equal(true);
    expect(d.d).to.equal(today);
    const feb = { from: '2024-02-14', toExclusive: '2024-02-15', status: 'any' };
    expect((await orderReport(db, 'day', feb, { limit: 10 })).totals.orders).to.equal(0);
    expect((await orderReport(db, 'day', feb, { limit: 10, source: 'orders' })).totals.orders).to.equal(0);
    const todays = {
      from: today,
      toExclusive: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      status: 'any',
    };
    expect(await orderReport(db, 'day', todays, { limit: 10 })).to.deep.equal(
      await orderReport(db, 'day', todays, { limit: 10, source: 'orders' }),
    );
  });

  it('a staff draft is dated when it is submitted; a write that sets the date itself keeps it', async () => {
    const [src] = await sqlRows<{ id: number }>(`select id from orders where status = 'pending' order by id limit 1`);
    const id = await cloneOrder(src.id);
    await sqlRows(
      `update orders set draft = true, created_at = '2024-03-03T10:00:00Z', submitted_at = null where id = $1`,
      [id],
    );
    expect((await day(id)).d).to.equal('2024-03-03');
    await sqlRows(`update orders set draft = false, submitted_at = '2026-04-05T16:30:00Z' where id = $1`, [id]);
    expect(await day(id)).to.deep.equal({ d: '2026-04-05', same: true });
    const [facts] = await sqlRows<{ d: string }>(
      `select to_char(day, 'YYYY-MM-DD') as d from report_order_facts where order_id = $1`,
      [id],
    );
    expect(facts.d).to.equal('2026-04-05');
    // An explicit date (an import, a correction) is not overwritten.
    await sqlRows(`update orders set draft = true where id = $1`, [id]);
    await sqlRows(`update orders set draft = false, created_at = '2025-09-09T08:00:00Z' where id = $1`, [id]);
    expect((await day(id)).d).to.equal('2025-09-09');
    await sqlRows('delete from orders where id = $1', [id]);
  });
});
