/** Reads and writes of returns: the order's returnable lines, the lists, one return, stock moves. */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  inventory,
  orderFees,
  orderLineItems,
  orders,
  payments,
  persons,
  products,
  promotions,
  refunds,
  returnLines,
  returnPhotos,
  returns,
  users,
  warehouses,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { storedOrderBalance } from '../../domain/order-balance.ts';
import type { ReturnStatus } from '../../domain/returns.ts';
import { storedLedger } from '../../domain/stored-ledger.ts';

export const RETURNS_PAGE_SIZE = 25;

/** The order as a return reads it: owner, dates, and each product line with its product's return rules. */
export async function orderForReturn(db: DbOrTx, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await db
    .select({
      line: orderLineItems,
      returnable: products.returnable,
      returnWindowDays: products.returnWindowDays,
    })
    .from(orderLineItems)
    .leftJoin(products, eq(products.id, orderLineItems.productId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const held = await db
    .select({ lineId: returnLines.lineItemId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, 'refused')))
    .groupBy(returnLines.lineItemId);
  const heldBy = new Map(held.map((h) => [h.lineId, h.units]));
  return {
    order,
    lines: lines.map((l) => ({
      ...l.line,
      returnable: l.returnable ?? false,
      returnWindowDays: l.returnWindowDays ?? null,
      alreadyReturned: heldBy.get(l.line.id) ?? 0,
    })),
  };
}
export type OrderForReturn = NonNullable<Awaited<ReturnType<typeof orderForReturn>>>;

/** The order read through the one ledger: each product line's net and tax share, by line id. */
export async function ledgerLinesOf(db: DbOrTx, o: OrderForReturn) {
  const promoIds = o.lines.filter((l) => l.promotionId != null).map((l) => l.promotionId!);
  const rules = promoIds.length
    ? await db
        .select({ id: promotions.id, freeShipping: promotions.freeShipping })
        .from(promotions)
        .where(inArray(promotions.id, promoIds))
    : [];
  const l = storedLedger(o.order, {
    lines: o.lines.map((x) => ({ ...x, tags: undefined })),
    promotions: rules,
  });
  return new Map(l.lines.map((x) => [x.key, { quantity: x.quantity, net: x.net, tax: x.tax }]));
}

/** Units of each line credited by returns that hold goods (before the one given, when given): a new credit's rounding follows them. */
export async function creditedUnits(db: DbOrTx, orderId: number, beforeReturn?: number) {
  const rows = await db
    .select({ lineId: returnLines.lineItemId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        ne(returns.status, 'refused'),
        beforeReturn ? sql`${returns.id} < ${beforeReturn}` : undefined,
      ),
    )
    .groupBy(returnLines.lineItemId);
  return new Map(rows.map((r) => [r.lineId, r.units]));
}

export const isProductLine = (lineType: number) => DISCOUNT_LINE_TYPES.includes(lineType);

/** One return with its lines (and what they were), photos, order and customer. */
export async function returnDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ret: returns,
      orderStatus: orders.status,
      orderUserId: orders.userId,
      currency: orders.orderCurrency,
      locale: orders.locale,
      email: users.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
      warehouseName: warehouses.name,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(users, eq(users.id, returns.requestedBy))
    .leftJoin(persons, eq(persons.id, orders.personId))
    .leftJoin(warehouses, eq(warehouses.id, returns.warehouseId))
    .where(eq(returns.id, id));
  if (!row) return undefined;
  const [lines, photos, refund] = await Promise.all([
    db
      .select({
        id: returnLines.id,
        lineItemId: returnLines.lineItemId,
        quantity: returnLines.quantity,
        credit: returnLines.credit,
        title: orderLineItems.title,
        stockcode: orderLineItems.stockcode,
        productId: orderLineItems.productId,
        ordered: orderLineItems.quantity,
      })
      .from(returnLines)
      .innerJoin(orderLineItems, eq(orderLineItems.id, returnLines.lineItemId))
      .where(eq(returnLines.returnId, id))
      .orderBy(asc(returnLines.id)),
    db.select().from(returnPhotos).where(eq(returnPhotos.returnId, id)).orderBy(asc(returnPhotos.id)),
    db
      .select({ id: refunds.id, amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.returnId, id))
      .then((r) => r[0] ?? null),
  ]);
  return { ...row.ret, ...row, lines, photos, refund };
}
export type ReturnDetail = NonNullable<Awaited<ReturnType<typeof returnDetail>>>;

/** The back office's index: newest first, a status filter, a page of RETURNS_PAGE_SIZE. */
export async function listReturns(db: DbOrTx, q: { status?: ReturnStatus; page: number }) {
  const where = q.status ? eq(returns.status, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: returns.id,
        orderId: returns.orderId,
        status: returns.status,
        createdAt: returns.createdAt,
        email: users.email,
        currency: orders.orderCurrency,
        credit: sql<string>`(select coalesce(sum(${returnLines.credit}), 0)::text from ${returnLines} where ${returnLines.returnId} = ${returns.id})`,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .leftJoin(users, eq(users.id, returns.requestedBy))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(RETURNS_PAGE_SIZE)
      .offset((q.page - 1) * RETURNS_PAGE_SIZE),
    db.select({ total: count() }).from(returns).where(where),
  ]);
  return { rows, total };
}

/** A customer's own returns (the orders they placed), newest first; or one order's, for its pages. */
export async function returnsOf(db: DbOrTx, by: { userId?: number; orderId?: number }) {
  return db
    .select({
      id: returns.id,
      orderId: returns.orderId,
      status: returns.status,
      createdAt: returns.createdAt,
      currency: orders.orderCurrency,
      credit: sql<string>`(select coalesce(sum(${returnLines.credit}), 0)::text from ${returnLines} where ${returnLines.returnId} = ${returns.id})`,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(
      and(
        by.userId !== undefined ? eq(orders.userId, by.userId) : undefined,
        by.orderId !== undefined ? eq(returns.orderId, by.orderId) : undefined,
      ),
    )
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(200);
}

/** The return, locked for its step (one step at a time). */
export async function lockReturn(tx: Tx, id: number) {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  return row;
}

export async function activeWarehouses(db: DbOrTx) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(asc(warehouses.name));
}

/** Returned units go back on the warehouse's shelf (a row is made when it never held the product). */
export async function restock(tx: Tx, warehouseId: number, productId: number, units: number) {
  await tx
    .insert(inventory)
    .values({ warehouseId, productId, quantity: units })
    .onConflictDoUpdate({
      target: [inventory.warehouseId, inventory.productId],
      set: { quantity: sql`${inventory.quantity} + ${units}`, updatedAt: new Date() },
    });
}

/** Takes units for a replacement from the warehouse given, else the one with the most available; null when none can. */
export async function takeStock(tx: Tx, productId: number, units: number, prefer: number | null) {
  const rows = await tx
    .select({
      warehouseId: inventory.warehouseId,
      available: sql<number>`${inventory.quantity} - ${inventory.reserved}`,
    })
    .from(inventory)
    .where(and(eq(inventory.productId, productId), sql`${inventory.quantity} - ${inventory.reserved} >= ${units}`))
    .orderBy(
      sql`${inventory.warehouseId} = ${prefer ?? 0} desc`,
      desc(sql`${inventory.quantity} - ${inventory.reserved}`),
    )
    .limit(1)
    .for('update');
  const pick = rows[0];
  if (!pick) return null;
  await tx
    .update(inventory)
    .set({ quantity: sql`${inventory.quantity} - ${units}`, updatedAt: new Date() })
    .where(and(eq(inventory.warehouseId, pick.warehouseId), eq(inventory.productId, productId)));
  return pick.warehouseId;
}

/** The zero-price line a replacement adds to the order (shown on its pages; it owes nothing). */
export async function addReplacementLine(
  tx: Tx,
  line: typeof orderLineItems.$inferSelect,
  units: number,
  warehouseId: number,
  title: string,
) {
  const [row] = await tx
    .insert(orderLineItems)
    .values({
      orderId: line.orderId,
      lineType: LINE_TYPES.PRODUCT,
      productId: line.productId,
      title,
      stockcode: line.stockcode,
      quantity: units,
      currencyId: line.currencyId,
      warehouseId,
      unitPrice: '0.00',
      discount: '0.00',
      total: '0.00',
      totalDiscounted: '0.00',
      paidTotal: '0.00',
      unpaidTotal: '0.00',
      sort: line.sort + 1,
    })
    .returning({ id: orderLineItems.id });
  return row.id;
}

/** Has the order a successful card payment (the refund's way back)? */
export async function hasCardPayment(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.successful, true), eq(payments.paymentType, 1)))
    .limit(1);
  return rows.length > 0;
}

/** What the order owes by the balance rule, refunds of returned goods taken off the bill (order-balance.ts). */
export async function orderBalanceOf(db: DbOrTx, orderId: number) {
  const [order] = await db
    .select({ status: orders.status, quote: orders.quote, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [pays, fees, refs] = await Promise.all([
    db
      .select({ total: payments.total, successful: payments.successful })
      .from(payments)
      .where(eq(payments.orderId, orderId)),
    db.select({ amount: orderFees.amount }).from(orderFees).where(eq(orderFees.orderId, orderId)),
    db
      .select({ amount: refunds.amount, returnId: refunds.returnId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.orderId, orderId), eq(payments.successful, true))),
  ]);
  return storedOrderBalance(order, { fees, payments: pays, refunds: refs });
}

/** The order pages' returns panel: the order's returns and, once one exists, its balance. */
export async function returnsPanel(db: DbOrTx, orderId: number) {
  const rows = await returnsOf(db, { orderId });
  return { rows, balance: rows.length ? await orderBalanceOf(db, orderId) : undefined };
}
