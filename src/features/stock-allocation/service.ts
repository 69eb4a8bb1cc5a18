/**
 * Staff hand out one part's free stock at one warehouse (a restock has come in) to the open
 * orders whose lines still wait for it: machine-down orders first, then the longest waiting
 * (src/domain/machine-down.ts allocateScarce). One transaction: the inventory row is locked, the
 * units served are taken (quantity goes down, as checkout's confirm takes them), each line gets
 * its stock_allocations row, and the log says what was done.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { inventory, orderLineItems, orders, products, stockAllocations, warehouses } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { notFound } from '../../domain/errors.ts';
import { allocateScarce, type WaitingLine } from '../../domain/machine-down.ts';
import { freeUnits } from '../../domain/channel-stock.ts';
import { audit } from '../audit/index.ts';

/** Orders still to be shipped: their lines may wait for stock. */
const OPEN = ['pending', 'processing', 'on_hold'] as const;

export type AllocationResult = {
  served: { orderId: number; lineId: number; quantity: number; machineDown: boolean }[];
  waiting: number;
  left: number;
};

/** The lines of open orders still short of `productId`, for this warehouse or none chosen yet. */
async function waitingLines(tx: DbOrTx, warehouseId: number, productId: number) {
  const allocated = sql<number>`coalesce((select sum(sa.quantity) from ${stockAllocations} sa where sa.line_item_id = ${orderLineItems.id}), 0)::int`;
  const rows = await tx
    .select({
      lineId: orderLineItems.id,
      orderId: orders.id,
      quantity: orderLineItems.quantity,
      allocated,
      machineDown: orders.machineDown,
      placedAt: sql<string>`coalesce(${orders.submittedAt}, ${orders.createdAt})`,
    })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(
      and(
        eq(orderLineItems.productId, productId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
        inArray(orders.status, [...OPEN]),
        eq(orders.draft, false),
        sql`coalesce(${orderLineItems.warehouseId}, ${orders.shipFromWarehouseId}, ${warehouseId}) = ${warehouseId}`,
      ),
    );
  return rows
    .filter((r) => r.quantity > r.allocated)
    .map(
      (r): WaitingLine => ({
        lineId: r.lineId,
        orderId: r.orderId,
        productId,
        quantity: r.quantity - r.allocated,
        machineDown: r.machineDown,
        placedAt: new Date(r.placedAt),
      }),
    );
}

/** The part by its number at the warehouse: its product and the locked inventory row (404 when there is none). */
async function lockedStock(tx: DbOrTx, warehouseId: number, stockcode: string) {
  const [row] = await tx
    .select({ id: inventory.id, productId: products.id, quantity: inventory.quantity, reserved: inventory.reserved })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .where(and(eq(inventory.warehouseId, warehouseId), sql`lower(${products.stockcode}) = lower(${stockcode})`))
    .for('update', { of: inventory });
  if (!row) throw notFound('That warehouse holds no stock of that part number.');
  return row;
}

export function allocateWaiting(
  db: Db,
  args: { warehouseId: number; stockcode: string; userId: number },
): Promise<AllocationResult> {
  return db.transaction(async (tx) => {
    const stock = await lockedStock(tx, args.warehouseId, args.stockcode);
    const lines = await waitingLines(tx, args.warehouseId, stock.productId);
    const plan = allocateScarce(new Map([[stock.productId, freeUnits(stock)]]), lines);
    const taken = plan.served.reduce((n, s) => n + s.quantity, 0);
    if (taken > 0)
      await tx
        .update(inventory)
        .set({ quantity: sql`${inventory.quantity} - ${taken}` })
        .where(eq(inventory.id, stock.id));
    for (const s of plan.served) {
      await tx
        .insert(stockAllocations)
        .values({ lineItemId: s.lineId, warehouseId: args.warehouseId, quantity: s.quantity })
        .onConflictDoUpdate({
          target: [stockAllocations.lineItemId, stockAllocations.warehouseId],
          set: { quantity: sql`${stockAllocations.quantity} + ${s.quantity}` },
        });
      await tx
        .update(orderLineItems)
        .set({ warehouseId: args.warehouseId })
        .where(and(eq(orderLineItems.id, s.lineId), sql`${orderLineItems.warehouseId} is null`));
    }
    const down = new Set(lines.filter((l) => l.machineDown).map((l) => l.lineId));
    const served = plan.served.map((s) => ({ ...s, machineDown: down.has(s.lineId) }));
    await audit(tx, {
      action: 'inventory.allocate',
      message: `Allocated ${taken} of ${args.stockcode} to ${served.length} waiting line(s); ${plan.waiting.length} still waiting.`,
      userId: args.userId,
      entity: 'warehouse',
      entityId: args.warehouseId,
      data: { stockcode: args.stockcode, served, waiting: plan.waiting },
    });
    return { served, waiting: plan.waiting.length, left: plan.left.get(stock.productId) ?? 0 };
  });
}

/** The warehouses staff may allocate from (active ones). */
export function allocationWarehouses(db: DbOrTx) {
  return db
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(warehouses.code);
}
