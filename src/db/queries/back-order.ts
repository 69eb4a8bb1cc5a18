/**
 * The one reader of what dates a back order (src/domain/back-order.ts decides): the restocks staff
 * expect for some products, and the warehouses carrying them (an inventory row) with their lead
 * times. The product page, the cart and checkout's placement all read it here.
 */
import { and, eq, gt, gte, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { inventory, orderLineItems, products, restockExpectations, warehouses } from '../schema/index.ts';
import { freeUnits, tracksStock } from '../../domain/channel-stock.ts';
import { channelWarehouseList, inventoryRows } from './channel-stock.ts';
import { backorderedUnits, expectedShipDate } from '../../domain/back-order.ts';

/** Today's calendar day in UTC ('YYYY-MM-DD'): back-order dates are days, not moments. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The expected ship day of each product's back-ordered units (null when none is known). */
export async function backorderShipDays(
  db: DbOrTx,
  productIds: readonly number[],
  now: Date,
): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  const ids = [...new Set(productIds)];
  if (!ids.length) return out;
  const today = utcDay(now);
  const [expected, carrying, houses] = await Promise.all([
    db
      .select({
        productId: restockExpectations.productId,
        warehouseId: restockExpectations.warehouseId,
        quantity: restockExpectations.quantity,
        expectedOn: restockExpectations.expectedOn,
      })
      .from(restockExpectations)
      .where(and(inArray(restockExpectations.productId, ids), gte(restockExpectations.expectedOn, today))),
    db
      .select({ productId: inventory.productId, warehouseId: inventory.warehouseId })
      .from(inventory)
      .where(inArray(inventory.productId, ids)),
    db.select({ id: warehouses.id, active: warehouses.active, leadTimeDays: warehouses.leadTimeDays }).from(warehouses),
  ]);
  for (const id of ids) {
    const carries = new Set(carrying.filter((r) => r.productId === id).map((r) => r.warehouseId));
    out.set(
      id,
      expectedShipDate({
        expectations: expected.filter((e) => e.productId === id),
        // A lead time counts only where the part is carried; a restock counts at any active warehouse.
        warehouses: houses.map((w) => ({ ...w, leadTimeDays: carries.has(w.id) ? w.leadTimeDays : null })),
        today,
      }),
    );
  }
  return out;
}

/**
 * Which of these cart lines ask for more than the channel's free stock of a back-orderable part:
 * per line, the units back-ordered and their expected day. Lines of the same part share its stock
 * in their order.
 */
export async function cartBackorders(
  db: DbOrTx,
  channelId: number,
  lines: readonly { id: number; productId: number | null; quantity: number }[],
  now: Date,
): Promise<Map<number, { quantity: number; shipOn: string | null }>> {
  const out = new Map<number, { quantity: number; shipOn: string | null }>();
  const ids = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  if (!ids.length) return out;
  const parts = await db
    .select({
      id: products.id,
      isPhysical: products.isPhysical,
      isNonStock: products.isNonStock,
      inventoryType: products.inventoryType,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.allowBackorder, true)));
  const counted = parts.filter((p) => tracksStock(p)).map((p) => p.id);
  if (!counted.length) return out;
  // The same stock rule as placement's: the channel's warehouses, their free units.
  const houses = await channelWarehouseList(db, channelId);
  const rows = await inventoryRows(
    db,
    houses.map((h) => h.id),
    counted,
  );
  const left = new Map(
    counted.map((id) => [id, rows.filter((r) => r.productId === id).reduce((n, r) => n + freeUnits(r), 0)]),
  );
  if (!left.size) return out;
  const days = await backorderShipDays(db, [...left.keys()], now);
  for (const l of lines) {
    if (l.productId === null || !left.has(l.productId)) continue;
    const free = left.get(l.productId)!;
    const units = backorderedUnits(l.quantity, free);
    left.set(l.productId, Math.max(0, free - l.quantity));
    if (units > 0) out.set(l.id, { quantity: units, shipOn: days.get(l.productId) ?? null });
  }
  return out;
}

/** An order's lines still waiting for back-ordered units, by line id: how many and the day expected. */
export async function orderBackorders(
  db: DbOrTx,
  orderId: number,
): Promise<Record<number, { quantity: number; shipOn: string | null }>> {
  const rows = await db
    .select({
      id: orderLineItems.id,
      quantity: orderLineItems.backorderedQuantity,
      shipOn: orderLineItems.backorderShipOn,
    })
    .from(orderLineItems)
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        gt(orderLineItems.backorderedQuantity, 0),
        isNull(orderLineItems.backorderShippedAt),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.id, { quantity: r.quantity, shipOn: r.shipOn }]));
}
