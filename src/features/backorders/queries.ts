/** The Back orders list's reads and the line writes behind its actions. Drizzle only. */
import { and, asc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderLineItems, orders, persons, users, warehouses } from '../../db/schema/index.ts';

/** Orders whose back-ordered lines still wait: placed, not cancelled, not a cart or a quote. */
const OPEN_STATUSES = ['pending', 'processing', 'on_hold', 'shipped'] as const;

export const BACKORDERS_PAGE_SIZE = 25;

export type BackorderFilter = { from?: string; to?: string; product?: string; warehouseId?: number };

/** A line waiting for stock, as the list shows it. */
export type BackorderRow = {
  lineId: number;
  orderId: number;
  title: string;
  stockcode: string | null;
  quantity: number;
  shipOn: string | null;
  warehouse: string | null;
  customer: string | null;
  email: string | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(f: BackorderFilter): SQL | undefined {
  const text = f.product?.trim();
  return and(
    gt(orderLineItems.backorderedQuantity, 0),
    isNull(orderLineItems.backorderShippedAt),
    inArray(orders.status, [...OPEN_STATUSES]),
    f.from ? gte(orderLineItems.backorderShipOn, f.from) : undefined,
    f.to ? lte(orderLineItems.backorderShipOn, f.to) : undefined,
    f.warehouseId ? eq(orderLineItems.warehouseId, f.warehouseId) : undefined,
    text
      ? or(
          ilike(orderLineItems.stockcode, `${escapeLike(text)}%`),
          ilike(orderLineItems.title, `%${escapeLike(text)}%`),
        )
      : undefined,
  );
}

/**
 * One page of back-ordered lines, soonest expected first (lines with no known day last, then by
 * line), and whether another page follows.
 */
export async function backorderPage(
  db: DbOrTx,
  f: BackorderFilter,
  page: number,
  size = BACKORDERS_PAGE_SIZE,
): Promise<{ rows: BackorderRow[]; more: boolean }> {
  const rows = await db
    .select({
      lineId: orderLineItems.id,
      orderId: orders.id,
      title: orderLineItems.title,
      stockcode: orderLineItems.stockcode,
      quantity: orderLineItems.backorderedQuantity,
      shipOn: orderLineItems.backorderShipOn,
      warehouse: warehouses.name,
      customer: sql<
        string | null
      >`nullif(trim(coalesce(${persons.firstName}, '') || ' ' || coalesce(${persons.lastName}, '')), '')`,
      email: sql<string | null>`coalesce(${persons.email}, ${users.email})`,
    })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .leftJoin(warehouses, eq(warehouses.id, orderLineItems.warehouseId))
    .leftJoin(persons, eq(persons.id, orders.personId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(filterWhere(f))
    .orderBy(sql`${orderLineItems.backorderShipOn} asc nulls last`, asc(orderLineItems.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** The warehouses, for the filter's list. */
export function warehouseChoices(db: DbOrTx) {
  return db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.name));
}

/** A line still waiting for stock, locked for the change about to be made; undefined otherwise. */
export async function lockWaitingLine(db: DbOrTx, lineId: number) {
  const [row] = await db
    .select({
      lineId: orderLineItems.id,
      orderId: orders.id,
      title: orderLineItems.title,
      shipOn: orderLineItems.backorderShipOn,
      locale: orders.locale,
      email: sql<string | null>`coalesce(${persons.email}, ${users.email})`,
    })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .leftJoin(persons, eq(persons.id, orders.personId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderLineItems.id, lineId), filterWhere({})))
    .for('update', { of: orderLineItems });
  return row;
}

export type WaitingLine = NonNullable<Awaited<ReturnType<typeof lockWaitingLine>>>;

export async function setLineShipOn(db: DbOrTx, lineId: number, day: string) {
  await db.update(orderLineItems).set({ backorderShipOn: day }).where(eq(orderLineItems.id, lineId));
}

export async function setLineShipped(db: DbOrTx, lineId: number, at: Date) {
  await db.update(orderLineItems).set({ backorderShippedAt: at }).where(eq(orderLineItems.id, lineId));
}
