/**
 * The back office's order search: filters, any-column sort and keyset pagination over
 * (sort value, id), so page 1 000 costs what page 1 does. Every filter is served by an index
 * (migrations/0001_order_search.sql): (created_at, id) alone or led by status, person or channel;
 * lower(po_number) and erp_id by prefix; "unpaid" by the balance rule's SQL twin (db/queries/order-balance.ts);
 * placed_total (the total of an order that is no longer a cart) for the sort by total.
 * Carts (open baskets) are left out unless asked for by status.
 */
import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, persons } from '../../db/schema/index.ts';
import { ORDERS, owedStatusSql, unpaidSql } from '../../db/queries/order-balance.ts';
import { decodeCursor, encodeCursor, keysetPage, keysetPlan, type SortDir } from '../../domain/keyset.ts';
import type { OrderSearchQuery, OrderSort } from './schemas.ts';

export const PAGE_SIZE = 25;

/** LIKE pattern for "starts with", with the user's % and _ taken literally. */
export const prefixPattern = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Persons whose email, first or last name (or "first last") starts with the words typed. */
export function personMatch(q: string): SQL {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 3);
  if (q.includes('@'))
    return sql`select id from ${persons} where lower(${persons.email}) like ${prefixPattern(q.trim())}`;
  if (words.length >= 2) {
    const [a, b] = [prefixPattern(words[0]), prefixPattern(words.slice(1).join(' '))];
    return sql`select id from ${persons} where (lower(${persons.firstName}) like ${a} and lower(${persons.lastName}) like ${b}) or (lower(${persons.lastName}) like ${a} and lower(${persons.firstName}) like ${b})`;
  }
  const p = prefixPattern(words[0] ?? '');
  return sql`select id from ${persons} where lower(${persons.lastName}) like ${p} or lower(${persons.firstName}) like ${p} or lower(${persons.email}) like ${p}`;
}

/** The column sorts, and 'priority': the default list, machine-down orders first, newest first within each. */
export type SearchSort = OrderSort | 'priority';

type SortSql = {
  expr: (q: OrderSearchQuery) => SQL;
  cast: string;
  defaultDir: SortDir;
  /** A sort on more than one column: its ORDER BY columns and its cursor's row comparison. */
  rows?: { columns: SQL[]; after: (v: string, op: string, id: number) => SQL };
};

const SORT_SQL: Record<SearchSort, SortSql> = {
  id: { expr: () => sql`${orders.id}`, cast: 'integer', defaultDir: 'desc' },
  date: { expr: () => sql`${orders.createdAt}`, cast: 'timestamptz', defaultDir: 'desc' },
  status: { expr: () => sql`${orders.status}`, cast: 'text', defaultDir: 'asc' },
  // Carts have no placed_total (null): listed by status, they sort by their total itself (few, unindexed).
  total: {
    expr: (q) => (q.status === 'cart' ? sql`${orders.total}` : sql`${orders.placedTotal}`),
    cast: 'numeric',
    defaultDir: 'desc',
  },
  customer: {
    expr: () => sql`coalesce(lower(${persons.lastName} || ' ' || ${persons.firstName}), '')`,
    cast: 'text',
    defaultDir: 'asc',
  },
  // The cursor's value is "1|<created_at>" (machine down) or "0|<created_at>".
  priority: {
    expr: () => sql`(case when ${orders.machineDown} then '1' else '0' end) || '|' || ${orders.createdAt}::text`,
    cast: 'text',
    defaultDir: 'desc',
    rows: {
      columns: [sql`${orders.machineDown}`, sql`${orders.createdAt}`],
      after: (v, op, id) =>
        sql`(${orders.machineDown}, ${orders.createdAt}, ${orders.id}) ${sql.raw(op)} (${v.startsWith('1|')}, ${v.slice(2)}::timestamptz, ${id})`,
    },
  },
};

const PRIORITY_VALUE = /^[01]\|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)?$/;

export const defaultDir = (sort: SearchSort): SortDir => SORT_SQL[sort].defaultDir;

/** The WHERE of a search, without the cursor. */
export function orderFilters(q: OrderSearchQuery, channelId: number | undefined): SQL[] {
  const where: SQL[] = [];
  if (q.status === 'draft') where.push(eq(orders.draft, true));
  else if (q.status) where.push(eq(orders.status, q.status));
  else where.push(ne(orders.status, 'cart'));
  if (q.order) where.push(eq(orders.id, q.order));
  if (q.customer) where.push(sql`${orders.personId} in (${personMatch(q.customer)})`);
  if (q.from) where.push(gte(orders.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(orders.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)));
  if (channelId !== undefined) where.push(eq(orders.channelId, channelId));
  if (q.po) where.push(sql`lower(${orders.poNumber}) like ${prefixPattern(q.po)}`);
  if (q.erp) where.push(sql`lower(${orders.erpId}) like ${prefixPattern(q.erp)}`);
  // Owing by the one rule (order-balance.ts): a sale whose total + fees − paid + refunds is above 0.
  if (q.machine_down) where.push(eq(orders.machineDown, true));
  if (q.unpaid) where.push(sql`${owedStatusSql(ORDERS)} and ${unpaidSql(ORDERS)} > 0`);
  return where;
}

export type OrderRow = {
  id: number;
  createdAt: Date;
  status: string;
  draft: boolean;
  quote: boolean;
  /** The quote's own number (the buyer's "Quote #N"), when the order is or was a quote. */
  quoteId: number | null;
  total: string;
  currency: string;
  channelId: number;
  poNumber: string | null;
  erpId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Bought as a guest (no account). */
  guest: boolean;
  unpaid: string;
  /** The buyer's machine is stopped: a "Machine down" badge, first in the default list. */
  machineDown: boolean;
  sortKey: string;
};

export type OrderPage = { rows: OrderRow[]; next: string | null; prev: string | null };

/** The search as a drizzle query (not run): searchOrders runs it; the benchmark EXPLAINs it. */
export function buildOrderSearch(db: DbOrTx, q: OrderSearchQuery, channelId: number | undefined) {
  const sort: SearchSort = q.sort ?? 'priority';
  const dir = q.dir ?? defaultDir(sort);
  const { cast, rows } = SORT_SQL[sort];
  const expr = SORT_SQL[sort].expr(q);
  const mode: 'after' | 'before' = q.before ? 'before' : 'after';
  const decoded = decodeCursor(q.before ?? q.after);
  // A forged priority cursor (not "0|" or "1|" and a time) is the first page, never a database error.
  const cursor = rows && decoded && !PRIORITY_VALUE.test(String(decoded.v)) ? null : decoded;
  const plan = keysetPlan(dir, mode);
  const where = orderFilters(q, channelId);
  if (cursor) {
    const v = sort === 'id' ? cursor.id : cursor.v;
    if (rows) where.push(rows.after(String(v), plan.op, cursor.id));
    else where.push(sql`(${expr}, ${orders.id}) ${sql.raw(plan.op)} (${v}::${sql.raw(cast)}, ${cursor.id})`);
  }
  const fetchDir = sql.raw(plan.fetchDir);
  const orderBy = [...(rows?.columns ?? [expr]), sql`${orders.id}`].map((c) => sql`${c} ${fetchDir}`);
  const query = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      draft: orders.draft,
      total: orders.total,
      currency: orders.orderCurrency,
      channelId: orders.channelId,
      poNumber: orders.poNumber,
      erpId: orders.erpId,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      guest: sql<boolean>`exists (select 1 from users gu where gu.id = ${orders.userId} and gu.is_guest)`,
      quote: orders.quote,
      quoteId: sql<number | null>`(select max(qu.id) from quotes qu where qu.order_id = ${ORDERS.id})`,
      unpaid: sql<string>`(${unpaidSql(ORDERS)})::text`,
      machineDown: orders.machineDown,
      sortKey: sql<string>`(${expr})::text`,
    })
    .from(orders)
    .leftJoin(persons, eq(persons.id, orders.personId))
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(PAGE_SIZE + 1);
  return { query, sort, mode, cursor, plan };
}

/**
 * One page of orders. `channelId` is the channel filter already resolved from its code
 * (undefined: any channel; null: a code that matches no channel, so nothing is found).
 */
export async function searchOrders(
  db: DbOrTx,
  q: OrderSearchQuery,
  channelId: number | null | undefined,
): Promise<OrderPage> {
  if (channelId === null) return { rows: [], next: null, prev: null };
  const { query, sort, mode, cursor, plan } = buildOrderSearch(db, q, channelId);
  const rows = (await query) as OrderRow[];
  const key = (r: OrderRow) => encodeCursor({ v: sort === 'id' ? null : r.sortKey, id: r.id });
  return keysetPage(rows, PAGE_SIZE, mode, !!cursor, plan.reverse, key);
}
