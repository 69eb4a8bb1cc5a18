/**
 * The order report, computed by PostgreSQL: one CTE selects the filtered orders and converts each
 * order's amounts once, the grouping sums them, and the same statement returns the grand totals
 * (a second branch over the same CTE), so the screen, the CSV and the dashboard agree to the cent.
 *
 * Money: with a channel chosen, amounts are the orders' own (that channel's currency). Across
 * channels each order is brought to USD with its channel's mid-market rate and rounded to cents
 * ONCE per order and column (as the dashboard's revenue does); the groups and the totals are then
 * plain sums of those cents, so the totals equal the sum of the rows exactly.
 *
 * Paid and unpaid follow the balance rule (src/domain/order-balance.ts, SQL twin in
 * src/db/queries/order-balance.ts): fees are billed, paid is successful payments − refunds, unpaid
 * is total + fees − refunds of returned goods − paid (never below 0) and 0 for a quote or a cancelled order; an order flagged as
 * a quote counts under the status 'quote', so it is never revenue.
 *
 * Filtered by day, channel and status only, the report reads the rollup (src/db/schema/reports.ts,
 * kept by triggers in the writing transaction): sums by day instead of every order, the same
 * figures to the cent (test/features/report-rollup.test.ts compares the two on every grouping).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderRefs, owedStatusSql } from '../../db/queries/order-balance.ts';
import type { ReportGroup } from './schemas.ts';

export type OrderFilters = {
  from: string;
  toExclusive: string;
  channel?: string;
  status: string;
  customer?: string;
  product?: number;
  warehouse?: number;
};

/** Groupings: the report's five, plus status (the dashboard's orders-by-status and outstanding charts). */
export type Grouping = ReportGroup | 'status';

export const MONEY_COLUMNS = ['subtotal', 'discount', 'shipping', 'tax', 'total', 'fees', 'paid', 'unpaid'] as const;
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];

export type ReportRow = { key: string; label: string; orders: number; quantity: number | null } & Record<
  MoneyColumn,
  string | null
>;
export type ReportTotals = { groups: number; orders: number; quantity: number | null } & Record<
  MoneyColumn,
  string | null
>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status an order counts under: a quote (orders.quote) is a quote, whatever its status says (as the rollup's facts). */
const effectiveStatus = sql.raw(`(case when o.quote and o.status <> 'cart' then 'quote' else o.status end)`);

function statusCondition(status: string, alias = 'o'): SQL {
  const col = alias === 'o' ? effectiveStatus : sql.raw(`${alias}.status`);
  if (status === '') return sql`${col} not in ('cart', 'quote', 'cancelled')`;
  if (status === 'any') return sql`${col} <> 'cart'`;
  return sql`${col} = ${status}`;
}

/** Midnight UTC of a day: orders count under their UTC day, whatever the session's time zone. */
const utcMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;

/** The filtered orders, one row each, amounts converted once. */
function filteredOrders(f: OrderFilters): SQL {
  const conv = (col: string) => (f.channel ? sql.raw(`o.${col}`) : sql.raw(`round(o.${col} / c.mid_market_rate, 2)`));
  const where: SQL[] = [
    sql`o.created_at >= ${utcMidnight(f.from)}`,
    sql`o.created_at < ${utcMidnight(f.toExclusive)}`,
    statusCondition(f.status),
  ];
  if (f.channel) where.push(sql`c.code = ${f.channel}`);
  if (f.customer) {
    const q = `%${likeEscape(f.customer)}%`;
    where.push(
      sql`exists (select 1 from persons pe where pe.id = o.person_id and (pe.email ilike ${q} or (pe.first_name || ' ' || pe.last_name) ilike ${q}))`,
    );
  }
  if (f.product)
    where.push(
      sql`exists (select 1 from order_line_items li where li.order_id = o.id and li.product_id = ${f.product})`,
    );
  if (f.warehouse) {
    where.push(
      sql`(o.ship_from_warehouse_id = ${f.warehouse} or exists (select 1 from order_line_items li where li.order_id = o.id and li.warehouse_id = ${f.warehouse}))`,
    );
  }
  // Payments, refunds and fees summed once per order by hash joins (a correlated subquery ran twice per order: 2 × 78k probes at 100k orders).
  const o = orderRefs('o');
  const own = (v: SQL) => (f.channel ? sql`round(${v}, 2)` : sql`round(${v} / c.mid_market_rate, 2)`);
  return sql`
    select o.id, o.created_at, ${effectiveStatus} as status, ${owedStatusSql(o)} as owed, c.code as channel_code, c.name as channel_name, c.mid_market_rate as rate,
      ${conv('subtotal')} as subtotal, ${conv('discount')} as discount, ${conv('shipping')} as shipping,
      ${conv('tax')} as tax, ${conv('total')} as total,
      ${own(sql`b.fees`)} as fees, ${own(sql`b.paid`)} as paid, ${own(sql`b.unpaid`)} as unpaid
    from orders o
    join channels c on c.id = o.channel_id
    left join (select p.order_id, sum(p.total) as paid from payments p where p.successful group by p.order_id) pay on pay.order_id = o.id
    left join (select rp.order_id, sum(r.amount) as refunded, coalesce(sum(r.amount) filter (where r.return_id is not null), 0) as returned from refunds r join payments rp on rp.id = r.payment_id group by rp.order_id) ref on ref.order_id = o.id
    left join (select fe.order_id, sum(fe.amount) as fees from order_fees fe group by fe.order_id) fee on fee.order_id = o.id
    cross join lateral (select coalesce(fee.fees, 0) as fees, coalesce(pay.paid, 0) - coalesce(ref.refunded, 0) as paid, coalesce(ref.returned, 0) as returned) a
    cross join lateral (select a.fees, a.paid, case when ${owedStatusSql(o)} then greatest(0, o.total + a.fees - a.returned - a.paid) else 0.00 end as unpaid) b
    where ${sql.join(where, sql` and `)}`;
}

const DAY = sql.raw(`(f.created_at at time zone 'UTC')::date`);

/** The grouped rows of one grouping over the CTE `f`. */
function grouped(group: Grouping, f: OrderFilters): SQL {
  const orderSums = sql`count(*)::int as orders, null::int as quantity,
    sum(f.subtotal) as subtotal, sum(f.discount) as discount, sum(f.shipping) as shipping, sum(f.tax) as tax,
    sum(f.total) as total, sum(f.fees) as fees, sum(f.paid) as paid, sum(f.unpaid) as unpaid`;
  switch (group) {
    case 'day':
      return sql`select to_char(d, 'YYYY-MM-DD') as key, to_char(d, 'YYYY-MM-DD') as label, ${orderSums} from (select ${DAY} as d, f.* from f) f group by d`;
    case 'week':
      // Weeks start on Sunday (spec §9): the day minus its day-of-week (0 = Sunday).
      return sql`select to_char(${DAY} - extract(dow from ${DAY})::int, 'YYYY-MM-DD') as key, to_char(${DAY} - extract(dow from ${DAY})::int, 'YYYY-MM-DD') as label, ${orderSums} from f group by 1, 2`;
    case 'month':
      return sql`select to_char(${DAY}, 'YYYY-MM') as key, to_char(${DAY}, 'YYYY-MM') as label, ${orderSums} from f group by 1, 2`;
    case 'channel':
      return sql`select f.channel_code as key, f.channel_name as label, ${orderSums} from f group by 1, 2`;
    case 'status':
      return sql`select f.status as key, f.status as label, ${orderSums} from f group by 1, 2`;
    case 'product': {
      // Product lines (types 0, 1, 2) of the filtered orders; shipping and tax belong to orders, not products.
      const conv = (col: string) => (f.channel ? sql.raw(`li.${col}`) : sql.raw(`round(li.${col} / f.rate, 2)`));
      return sql`select li.product_id::text as key, coalesce(max(p.title), max(li.title)) as label,
          count(distinct f.id)::int as orders, sum(li.quantity)::int as quantity,
          sum(${conv('total')}) as subtotal, sum(${conv('discount')}) as discount, null::numeric as shipping, null::numeric as tax,
          sum(${conv('total_discounted')}) as total, null::numeric as fees, sum(${conv('paid_total')}) as paid,
          sum(case when f.owed then ${conv('unpaid_total')} else 0.00 end) as unpaid
        from f
        join order_line_items li on li.order_id = f.id and li.line_type in (0, 1, 2) and li.product_id is not null
          ${f.product ? sql`and li.product_id = ${f.product}` : sql``}
        left join products p on p.id = li.product_id
        group by li.product_id`;
    }
  }
}

const LINE_AMOUNTS = ['total', 'discount', 'total_discounted', 'paid_total', 'unpaid_total'] as const;

/** The whole months inside [from, toExclusive) as [firstWhole, endWhole) (empty when firstWhole >= endWhole). ISO days. */
export function wholeMonths(from: string, toExclusive: string): { firstWhole: string; endWhole: string } {
  const [y, m, d] = from.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { firstWhole: d === 1 ? from : next, endWhole: `${toExclusive.slice(0, 7)}-01` };
}

/** Filters the rollup answers (day, channel and status); customer, product and warehouse need the orders. */
export const rollupAnswers = (f: OrderFilters) => !f.customer && !f.product && !f.warehouse;

/**
 * The same groups from the rollup (src/db/schema/reports.ts): sums of the deltas of the days
 * asked for. A key whose orders all left (net 0) is no group, as in the orders themselves.
 */
function rollupGrouped(group: Grouping, f: OrderFilters): { groups: SQL; orders: SQL } {
  const u = f.channel ? '' : '_usd';
  const m = (col: string) => sql.raw(`sum(d.${col}${u})`);
  const where: SQL[] = [
    sql`d.day >= ${f.from}::date`,
    sql`d.day < ${f.toExclusive}::date`,
    statusCondition(f.status, 'd'),
  ];
  if (f.channel) where.push(sql`c.code = ${f.channel}`);
  const w = sql.join(where, sql` and `);
  const orders = sql`(select coalesce(sum(d.orders), 0)::int from report_deltas d join channels c on c.id = d.channel_id where ${w})`;
  if (group === 'product') {
    // Whole months of the period from the monthly sums, its partial months from the days.
    const { firstWhole, endWhole } = wholeMonths(f.from, f.toExclusive);
    const cols = (t: string) =>
      sql.raw(
        `${t}.product_id, ${t}.orders, ${t}.quantity, ${LINE_AMOUNTS.map((c) => `${t}.${c}${u} as ${c}`).join(', ')}`,
      );
    const keep = (t: string) => {
      const k: SQL[] = [statusCondition(f.status, t)];
      if (f.channel) k.push(sql`c.code = ${f.channel}`);
      return sql.join(k, sql` and `);
    };
    const rows =
      firstWhole < endWhole
        ? sql`select ${cols('d')} from report_product_deltas d join channels c on c.id = d.channel_id
            where ${keep('d')} and ((d.day >= ${f.from}::date and d.day < ${firstWhole}::date) or (d.day >= ${endWhole}::date and d.day < ${f.toExclusive}::date))
          union all
          select ${cols('m')} from report_product_months m join channels c on c.id = m.channel_id
            where ${keep('m')} and m.month >= ${firstWhole}::date and m.month < ${endWhole}::date`
        : sql`select ${cols('d')} from report_product_deltas d join channels c on c.id = d.channel_id
            where ${keep('d')} and d.day >= ${f.from}::date and d.day < ${f.toExclusive}::date`;
    return {
      orders,
      // Summed by product first, then named: 50 products to look up, not every delta row.
      groups: sql`select s.product_id::text as key, coalesce(p.title, s.product_id::text) as label, s.orders, s.quantity,
          s.subtotal, s.discount, null::numeric as shipping, null::numeric as tax, s.total, null::numeric as fees, s.paid, s.unpaid
        from (select r.product_id, sum(r.orders)::int as orders, sum(r.quantity)::int as quantity, sum(r.total) as subtotal, sum(r.discount) as discount,
            sum(r.total_discounted) as total, sum(r.paid_total) as paid, sum(r.unpaid_total) as unpaid
          from (${rows}) r group by r.product_id having sum(r.orders) > 0) s
        left join products p on p.id = s.product_id`,
    };
  }
  const week = sql`to_char(d.day - extract(dow from d.day)::int, 'YYYY-MM-DD')`;
  const [key, label] =
    group === 'day'
      ? [sql`to_char(d.day, 'YYYY-MM-DD')`, sql`to_char(d.day, 'YYYY-MM-DD')`]
      : group === 'week'
        ? [week, week]
        : group === 'month'
          ? [sql`to_char(d.day, 'YYYY-MM')`, sql`to_char(d.day, 'YYYY-MM')`]
          : group === 'channel'
            ? [sql`c.code`, sql`c.name`]
            : [sql`d.status`, sql`d.status`];
  return {
    orders,
    groups: sql`select ${key} as key, ${label} as label, sum(d.orders)::int as orders, null::int as quantity,
        ${m('subtotal')} as subtotal, ${m('discount')} as discount, ${m('shipping')} as shipping, ${m('tax')} as tax,
        ${m('total')} as total, ${m('fees')} as fees, ${m('paid')} as paid, ${m('unpaid')} as unpaid
      from report_deltas d join channels c on c.id = d.channel_id
      where ${w} group by 1, 2 having sum(d.orders) > 0`,
  };
}

export type ReportPage = { rows: ReportRow[]; totals: ReportTotals };

/**
 * One statement: the page of groups and the grand totals over every group. `sort` 'key' is
 * chronological / alphabetical; 'total' puts the biggest first (top products).
 */
export async function orderReport(
  db: DbOrTx,
  group: Grouping,
  f: OrderFilters,
  {
    limit,
    offset = 0,
    sort = 'key',
    source = 'auto',
  }: { limit: number; offset?: number; sort?: 'key' | 'total'; source?: 'auto' | 'orders' },
): Promise<ReportPage> {
  const order = sort === 'total' ? sql`g.total desc nulls last, g.key` : sql`g.key`;
  // The rollup when it can answer; the orders themselves otherwise (or when asked: the tests compare the two).
  const rollup = source === 'auto' && rollupAnswers(f) ? rollupGrouped(group, f) : null;
  const ctes = rollup
    ? sql`g as (${rollup.groups})`
    : sql`f as materialized (${filteredOrders(f)}), g as (${grouped(group, f)})`;
  const productOrders = rollup ? rollup.orders : sql`(select count(distinct id)::int from f)`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with ${ctes}
    (select 0 as is_total, g.* from g order by ${order} limit ${limit} offset ${offset})
    union all
    select 1, null, null, ${group === 'product' ? productOrders : sql`coalesce(sum(g.orders), 0)::int`},
      sum(g.quantity)::int,
      sum(g.subtotal), sum(g.discount), sum(g.shipping), sum(g.tax), sum(g.total), sum(g.fees), sum(g.paid), sum(g.unpaid)
    from g
    union all
    select 2, null, null, count(*)::int, null, null, null, null, null, null, null, null, null from g`);
  const money = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const rows: ReportRow[] = [];
  let totals: ReportTotals | undefined;
  let groups = 0;
  for (const r of result.rows) {
    const m = Object.fromEntries(MONEY_COLUMNS.map((c) => [c, money(r[c])])) as Record<MoneyColumn, string | null>;
    const base = { orders: Number(r.orders ?? 0), quantity: r.quantity === null ? null : Number(r.quantity), ...m };
    if (Number(r.is_total) === 0) rows.push({ key: String(r.key), label: String(r.label ?? r.key), ...base });
    else if (Number(r.is_total) === 1) totals = { groups: 0, ...base };
    else groups = Number(r.orders);
  }
  const empty = Object.fromEntries(
    MONEY_COLUMNS.map((c) => [
      c,
      group === 'product' && (c === 'shipping' || c === 'tax' || c === 'fees') ? null : '0.00',
    ]),
  ) as Record<MoneyColumn, string | null>;
  return { rows, totals: { ...(totals ?? { orders: 0, quantity: null, ...empty }), groups } };
}
