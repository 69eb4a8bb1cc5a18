/**
 * The order report on orders whose figures are written here by hand: four orders placed in March
 * 2019 (a month no demo order falls in) in the US channel, one of each kind the report must tell
 * apart. Every expected amount below is worked out on paper from the rows this test writes, never
 * asked of the code under test.
 *
 *   A  processing  2019-03-04  subtotal 300.00 − discount 30.00 + shipping 20.00 + tax 17.60 = 307.60, paid 100.00, fee 5.00
 *   B  completed   2019-03-20  subtotal 150.00 − discount 0.00 + shipping 10.00 + tax 0.00 = 160.00, paid 160.00, refunded 40.00
 *   C  cancelled   2019-03-05  total 999.00, nothing paid (never counted unless asked for)
 *   D  a quote     2019-03-06  total 500.00 (counted only as a quote)
 *
 * Sales (status ''): A + B. Unpaid: A owes 307.60 + 5.00 − 100.00 = 212.60; B owes 160.00 − 160.00 + 40.00 = 40.00.
 */
import { expect } from 'chai';
import { orderReport, type OrderFilters } from '../../src/features/reports/queries.ts';
import { cloneOrder, sqlRows, testServer } from '../helpers/server.ts';

type Fig = {
  status: string;
  day: string;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  quote?: boolean;
};

async function orderOf(source: number, f: Fig): Promise<number> {
  const id = await cloneOrder(source);
  // One line: quantity 3 of the source's first product line, at the subtotal written above.
  await sqlRows(
    'delete from order_line_items where order_id = $1 and id <> (select min(id) from order_line_items where order_id = $1 and product_id is not null)',
    [id],
  );
  await sqlRows(
    `update order_line_items set quantity = 3, unit_price = round($2::numeric / 3, 2), total = $2, discount = $3, total_discounted = $2::numeric - $3::numeric,
      paid_total = 0, unpaid_total = $2::numeric - $3::numeric where order_id = $1`,
    [id, f.subtotal, f.discount],
  );
  await sqlRows(
    `update orders set status = $2, quote = $3, created_at = ($4::date + time '10:00') at time zone 'UTC',
      subtotal = $5, discount = $6, shipping = $7, tax = $8, total = $9 where id = $1`,
    [id, f.status, !!f.quote, f.day, f.subtotal, f.discount, f.shipping, f.tax, f.total],
  );
  return id;
}

describe('order report: figures written by hand', () => {
  const march: OrderFilters = { from: '2019-03-01', toExclusive: '2019-04-01', channel: 'US', status: '' };

  before(async () => {
    await testServer();
    const [source] = await sqlRows<{ id: number }>(`select o.id from orders o join channels c on c.id = o.channel_id
      where c.code = 'US' and o.status = 'processing' and not o.quote
        and exists (select 1 from order_line_items li where li.order_id = o.id and li.product_id is not null) order by o.id limit 1`);
    const a = await orderOf(source.id, {
      status: 'processing',
      day: '2019-03-04',
      subtotal: '300.00',
      discount: '30.00',
      shipping: '20.00',
      tax: '17.60',
      total: '307.60',
    });
    const b = await orderOf(source.id, {
      status: 'completed',
      day: '2019-03-20',
      subtotal: '150.00',
      discount: '0.00',
      shipping: '10.00',
      tax: '0.00',
      total: '160.00',
    });
    await orderOf(source.id, {
      status: 'cancelled',
      day: '2019-03-05',
      subtotal: '999.00',
      discount: '0.00',
      shipping: '0.00',
      tax: '0.00',
      total: '999.00',
    });
    await orderOf(source.id, {
      status: 'pending',
      day: '2019-03-06',
      subtotal: '500.00',
      discount: '0.00',
      shipping: '0.00',
      tax: '0.00',
      total: '500.00',
      quote: true,
    });
    await sqlRows(
      'insert into payments (order_id, payment_type, successful, total) values ($1, 2, true, 100.00), ($2, 2, true, 160.00)',
      [a, b],
    );
    const [refundable] = await sqlRows<{ id: number }>('select id from payments where order_id = $1', [b]);
    await sqlRows("insert into refunds (payment_id, amount, provider_ref) values ($1, 40.00, 'test-refund-b')", [
      refundable.id,
    ]);
    await sqlRows("insert into order_fees (order_id, amount, name) values ($1, 5.00, 'Late fee')", [a]);
  });

  it('sums a month of sales from the rollup: merchandise, discounts, shipping, tax, fees, paid and unpaid', async () => {
    const { db } = (await testServer()).database;
    const { rows, totals } = await orderReport(db, 'month', march, { limit: 10 });
    expect(rows).to.deep.equal([
      {
        key: '2019-03',
        label: '2019-03',
        orders: 2,
        quantity: null,
        subtotal: '450.00',
        discount: '30.00',
        shipping: '30.00',
        tax: '17.60',
        total: '467.60',
        fees: '5.00',
        paid: '220.00',
        unpaid: '252.60',
      },
    ]);
    expect(totals).to.include({ orders: 2, total: '467.60', unpaid: '252.60' });
  });

  it('gives the same figures by day from the orders themselves (a period that is not whole months)', async () => {
    const { db } = (await testServer()).database;
    const { rows } = await orderReport(db, 'day', { ...march, toExclusive: '2019-03-31' }, { limit: 10 });
    expect(rows.map((r) => [r.key, r.orders, r.total, r.paid, r.unpaid])).to.deep.equal([
      ['2019-03-04', 1, '307.60', '100.00', '212.60'],
      ['2019-03-20', 1, '160.00', '120.00', '40.00'],
    ]);
  });

  it('puts the cancelled order and the quote under their own status, owing nothing', async () => {
    const { db } = (await testServer()).database;
    const { rows } = await orderReport(db, 'status', { ...march, status: 'any' }, { limit: 10 });
    expect(rows.map((r) => [r.key, r.orders, r.total, r.unpaid])).to.deep.equal([
      ['cancelled', 1, '999.00', '0.00'],
      ['completed', 1, '160.00', '40.00'],
      ['processing', 1, '307.60', '212.60'],
      ['quote', 1, '500.00', '0.00'],
    ]);
  });
});
