/**
 * The order report's rollup (facts per order, sums by day). First against figures written here by
 * hand for orders placed in an empty month; then against the same report computed from the orders
 * themselves, on a sample of groupings, statuses, channels and periods, after the seed, a checkout,
 * a payment, a status change, a line change, an order deleted, a channel's rate changed, a change
 * rolled back, and after the deltas are compacted.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { orderReport, wholeMonths, type Grouping, type OrderFilters } from '../../src/features/reports/queries.ts';
import { chooseShipping, newCustomer, place } from './checkout-helpers.ts';
import { cloneOrder, productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

const GROUPS: Grouping[] = ['day', 'week', 'month', 'channel', 'status', 'product'];
const STATUSES = ['', 'any', 'cancelled'];
const CHANNELS = [undefined, 'CA'];
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const PERIODS = [
  { from: '2025-06-01', toExclusive: '2026-06-01' }, // the seed's year
  { from: '2020-01-01', toExclusive: tomorrow }, // everything, today's orders included
  { from: '2025-07-15', toExclusive: '2026-02-10' }, // partial months at both ends (products: days + whole months)
];

/** A demo order copied into March 2031 (a month no other test uses) with the given figures. */
async function orderIn2031(
  channel: 'US' | 'CA',
  at: string,
  status: string,
  [subtotal, discount, shipping, tax, total]: string[],
  paid?: string,
): Promise<number> {
  const [source] = await sqlRows<{ id: number }>(
    `select o.id from orders o join channels c on c.id = o.channel_id
    where c.code = $1 and o.status in ('pending', 'processing', 'completed') and not coalesce(o.quote, false) order by o.id limit 1`,
    [channel],
  );
  const id = await cloneOrder(source.id);
  await sqlRows(
    `update orders set created_at = $2::timestamptz, status = $3, subtotal = $4, discount = $5, shipping = $6, tax = $7, total = $8
    where id = $1`,
    [id, at, status, subtotal, discount, shipping, tax, total],
  );
  if (paid)
    await sqlRows('insert into payments (order_id, payment_type, successful, total) values ($1, 2, true, $2)', [
      id,
      paid,
    ]);
  return id;
}

const money = (r: { orders: number } & Record<string, unknown>) => ({
  orders: r.orders,
  subtotal: r.subtotal,
  discount: r.discount,
  shipping: r.shipping,
  tax: r.tax,
  total: r.total,
  paid: r.paid,
  unpaid: r.unpaid,
});

/** Every combination: the rollup's answer must be the orders' answer. Returns how many were compared. */
async function expectSameReports(periods = PERIODS): Promise<number> {
  const { db } = (await testServer()).database;
  let n = 0;
  for (const period of periods) {
    for (const channel of CHANNELS) {
      for (const status of STATUSES) {
        const f: OrderFilters = { ...period, channel, status };
        for (const group of GROUPS) {
          const opts = { limit: 1000, sort: group === 'product' ? ('total' as const) : ('key' as const) };
          const fromRollup = await orderReport(db, group, f, opts);
          const fromOrders = await orderReport(db, group, f, { ...opts, source: 'orders' });
          expect(fromRollup, `${group} ${JSON.stringify(f)}`).to.deep.equal(fromOrders);
          n++;
        }
      }
    }
  }
  return n;
}

describe('order report rollup', function () {
  this.timeout(240_000);

  it('splits a period into its whole months and the days around them', () => {
    expect(wholeMonths('2025-07-15', '2026-02-10')).to.deep.equal({ firstWhole: '2025-08-01', endWhole: '2026-02-01' });
    expect(wholeMonths('2025-06-01', '2026-06-01')).to.deep.equal({ firstWhole: '2025-06-01', endWhole: '2026-06-01' });
    expect(wholeMonths('2025-12-31', '2026-01-02')).to.deep.equal({ firstWhole: '2026-01-01', endWhole: '2026-01-01' });
    expect(wholeMonths('2026-02-03', '2026-02-20')).to.deep.equal({ firstWhole: '2026-03-01', endWhole: '2026-02-01' });
  });

  it('adds up orders of an empty month to figures written by hand, before and after a change', async () => {
    const { db } = (await testServer()).database;
    const march = { from: '2031-03-01', toExclusive: '2031-04-01', status: '' };
    await orderIn2031('US', '2031-03-04T10:00:00Z', 'processing', ['100.00', '10.00', '15.00', '7.20', '112.20']);
    const b = await orderIn2031(
      'US',
      '2031-03-04T23:59:00Z',
      'processing',
      ['50.00', '0.00', '5.00', '3.30', '58.30'],
      '20.00',
    );
    const c = await orderIn2031(
      'US',
      '2031-03-05T00:00:00Z',
      'shipped',
      ['200.00', '0.00', '0.00', '0.00', '200.00'],
      '200.00',
    );
    await orderIn2031('CA', '2031-03-05T12:00:00Z', 'processing', ['80.00', '0.00', '0.00', '0.00', '80.00']);

    for (const source of ['auto', 'orders'] as const) {
      const byDay = await orderReport(db, 'day', { ...march, channel: 'US' }, { limit: 10, source });
      expect(
        byDay.rows.map((r) => [r.key, money(r)]),
        source,
      ).to.deep.equal([
        [
          '2031-03-04',
          {
            orders: 2,
            subtotal: '150.00',
            discount: '10.00',
            shipping: '20.00',
            tax: '10.50',
            total: '170.50',
            paid: '20.00',
            unpaid: '150.50',
          },
        ],
        [
          '2031-03-05',
          {
            orders: 1,
            subtotal: '200.00',
            discount: '0.00',
            shipping: '0.00',
            tax: '0.00',
            total: '200.00',
            paid: '200.00',
            unpaid: '0.00',
          },
        ],
      ]);
      expect(money(byDay.totals), source).to.deep.equal({
        orders: 3,
        subtotal: '350.00',
        discount: '10.00',
        shipping: '20.00',
        tax: '10.50',
        total: '370.50',
        paid: '220.00',
        unpaid: '150.50',
      });
      const ca = await orderReport(db, 'status', { ...march, channel: 'CA' }, { limit: 10, source });
      expect(
        ca.rows.map((r) => [r.key, r.orders, r.total, r.unpaid]),
        source,
      ).to.deep.equal([['processing', 1, '80.00', '80.00']]);
    }

    // The paid-in-part order is cancelled (it leaves the default statuses) and the shipped one deleted.
    await sqlRows("update orders set status = 'cancelled' where id = $1", [b]);
    await sqlRows('delete from orders where id = $1', [c]);
    for (const source of ['auto', 'orders'] as const) {
      const byStatus = await orderReport(
        db,
        'status',
        { ...march, channel: 'US', status: 'any' },
        { limit: 10, source },
      );
      expect(
        byStatus.rows.map((r) => [r.key, r.orders, r.total, r.paid, r.unpaid]),
        source,
      ).to.deep.equal([
        ['cancelled', 1, '58.30', '20.00', '0.00'],
        ['processing', 1, '112.20', '0.00', '112.20'],
      ]);
      const byDay = await orderReport(db, 'day', { ...march, channel: 'US' }, { limit: 10, source });
      expect(
        byDay.rows.map((r) => [r.key, r.orders, r.total]),
        source,
      ).to.deep.equal([['2031-03-04', 1, '112.20']]);
    }
  });

  it('equals the report computed from the orders on a sample of groupings, status, channel and period after the seed', async () => {
    const { db } = (await testServer()).database;
    expect(await expectSameReports()).to.equal(PERIODS.length * CHANNELS.length * STATUSES.length * GROUPS.length);
    // And it is not trivially equal: the seed's year has orders in every channel.
    const year = await orderReport(db, 'channel', { ...PERIODS[0], status: '' }, { limit: 10 });
    expect(year.rows.map((r) => r.key).sort()).to.deep.equal(['CA', 'MX', 'US']);
    expect(year.totals.orders).to.be.greaterThan(20);
  });

  it('stays equal through a checkout, a payment, status and line changes, a deleted order, a rate change and a rollback', async () => {
    const { pool } = (await testServer()).database;
    // A checkout today (check: the order is placed with a pending payment).
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const c = await newCustomer(product, 3);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '5512',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const todays = await sqlRows<{ orders: number }>(
      'select coalesce(sum(orders), 0)::int as orders from report_deltas where day = $1::date',
      [today],
    );
    expect(todays[0].orders).to.be.greaterThan(0);

    // Staff work on copies of seeded orders: the check clears, a status moves, a line changes.
    const [source] = await sqlRows<{ id: number }>(`select o.id from orders o join channels c on c.id = o.channel_id
      where o.status in ('pending', 'processing', 'completed') and exists (select 1 from order_line_items li where li.order_id = o.id and li.product_id is not null)
      order by (c.code = 'CA') desc, o.id limit 1`);
    const copy = await cloneOrder(source.id);
    await sqlRows('update payments set successful = true where order_id = $1 and payment_type = 2', [
      placed.body.order_id,
    ]);
    await sqlRows("update orders set status = 'shipped' where id = $1", [copy]);
    await sqlRows(
      'update order_line_items set quantity = quantity + 1, total = total + 10, total_discounted = total_discounted + 10, unpaid_total = unpaid_total + 10 where id = (select min(id) from order_line_items where order_id = $1)',
      [copy],
    );
    await sqlRows('insert into payments (order_id, payment_type, successful, total) values ($1, 2, true, 12.34)', [
      copy,
    ]);
    // A deleted order leaves the report.
    const doomed = await cloneOrder(source.id);
    await sqlRows('delete from orders where id = $1', [doomed]);
    // A change that rolls back changes nothing.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("update orders set status = 'cancelled' where id = $1", [copy]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await expectSameReports();

    // The Canadian dollar moves: every CA order's USD figures are converted again.
    const [{ rate }] = await sqlRows<{ rate: string }>(
      "select mid_market_rate as rate from channels where code = 'CA'",
    );
    try {
      await sqlRows("update channels set mid_market_rate = 1.2345 where code = 'CA'");
      await expectSameReports([PERIODS[0]]);
    } finally {
      await sqlRows("update channels set mid_market_rate = $1 where code = 'CA'", [rate]);
    }
    await expectSameReports([PERIODS[0]]);
  });

  it('compacting the deltas keeps every figure and leaves one row per day, channel and status', async () => {
    const [{ before }] = await sqlRows<{ before: number }>('select count(*)::int as before from report_deltas');
    const [{ removed }] = await sqlRows<{ removed: number }>('select report_compact() as removed');
    const [{ after, keys }] = await sqlRows<{ after: number; keys: number }>(
      'select count(*)::int as after, count(distinct (day, channel_id, status))::int as keys from report_deltas',
    );
    expect(after).to.equal(keys);
    expect(removed).to.be.at.least(before - after);
    await expectSameReports();
  });
});
