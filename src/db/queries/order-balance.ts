/**
 * The SQL twin of what an order owes (src/domain/order-balance.ts, storedOrderBalance), for lists,
 * exports, reminders, the dashboard and reports that read many orders at once:
 *
 *   unpaid = total + Σ fees − Σ refunds of returned goods − Σ successful payments + Σ refunds,
 *            never below 0, and 0 unless the order is a sale (status in OWED_STATUSES and not a quote).
 *
 * No rule is decided here: the statuses come from OWED_STATUSES, and test/features/order-balance-sql
 * compares these expressions with storedOrderBalance on the same orders.
 * Every builder takes the SQL of the order's id, status, quote flag and total, so it fits any alias.
 */
import { sql, type SQL } from 'drizzle-orm';
import { OWED_STATUSES } from '../../domain/order-balance.ts';

export type OrderRefs = { id: SQL; status: SQL; quote: SQL; total: SQL };

/** The columns of an orders row under an alias ('o' → o.id, o.status, o.quote, o.total). */
export function orderRefs(alias: string): OrderRefs {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`bad alias ${alias}`);
  return {
    id: sql.raw(`${alias}.id`),
    status: sql.raw(`${alias}.status`),
    quote: sql.raw(`${alias}.quote`),
    total: sql.raw(`${alias}.total`),
  };
}

/**
 * The columns of the drizzle `orders` table (a query built on db.select().from(orders)), always
 * qualified: drizzle writes a column of a one-table select without its table ("id"), which inside
 * these subqueries would name the subquery's own table.
 */
export const ORDERS: OrderRefs = orderRefs('orders');

/** The owed statuses as a SQL list literal: ('pending', 'processing', …). */
const OWED_LIST = sql.raw(`(${OWED_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The order is a sale, counted as revenue and as owed (isOwedStatus). */
export function owedStatusSql(o: OrderRefs): SQL<boolean> {
  return sql<boolean>`(${o.status} in ${OWED_LIST} and not coalesce(${o.quote}, false))`;
}

/** Σ fees of the order, paid or not (part of the bill). */
export function feesSql(o: OrderRefs): SQL<string> {
  return sql<string>`(select coalesce(sum(f.amount), 0) from order_fees f where f.order_id = ${o.id})`;
}

/** Σ successful payments of the order. */
export function paidSql(o: OrderRefs): SQL<string> {
  return sql<string>`(select coalesce(sum(p.total), 0) from payments p where p.order_id = ${o.id} and p.successful)`;
}

/** Σ refunds of the order's payments. */
export function refundedSql(o: OrderRefs): SQL<string> {
  return sql<string>`(select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id where p.order_id = ${o.id})`;
}

/** Σ refunds of returned goods (refunds.return_id): the goods left the bill. */
export function returnedSql(o: OrderRefs): SQL<string> {
  return sql<string>`(select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id where p.order_id = ${o.id} and r.return_id is not null)`;
}

/**
 * What the order owes (numeric): storedOrderBalance(...).unpaid. A refund of returned goods is both
 * off the bill and paid back, so only the other refunds are owed again.
 */
export function unpaidSql(o: OrderRefs): SQL<string> {
  return sql<string>`(case when ${owedStatusSql(o)} then greatest(0, ${o.total} + ${feesSql(o)} - ${paidSql(o)} + ${keptRefundsSql(o)}) else 0.00 end)`;
}

/** Σ refunds that are not of returned goods (refunded − returned, in one subquery). */
function keptRefundsSql(o: OrderRefs): SQL<string> {
  return sql<string>`(select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id where p.order_id = ${o.id} and r.return_id is null)`;
}
