/**
 * Placement's back orders: in the reservation's transaction, each line keeps how many of its units
 * were not in stock and the day they are expected to ship (src/domain/back-order.ts); a line
 * whose stock now suffices is cleared (a placement tried again after stock arrived).
 */
import { and, eq, gt, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { backorderShipDays } from '../../db/queries/back-order.ts';
import { orderLineItems, orders } from '../../db/schema/index.ts';
import type { BackorderAllocation } from '../../domain/back-order.ts';

export async function recordBackorders(
  tx: Tx,
  orderId: number,
  backordered: BackorderAllocation['backordered'],
  now: Date,
): Promise<void> {
  const units = new Map<number, number>();
  for (const b of backordered) units.set(b.lineId, (units.get(b.lineId) ?? 0) + b.quantity);
  const days = await backorderShipDays(
    tx,
    backordered.map((b) => b.productId),
    now,
  );
  for (const [lineId, quantity] of units) {
    const productId = backordered.find((b) => b.lineId === lineId)!.productId;
    await tx
      .update(orderLineItems)
      .set({ backorderedQuantity: quantity, backorderShipOn: days.get(productId) ?? null })
      .where(eq(orderLineItems.id, lineId));
  }
  // Nothing back-ordered: the split-shipment choice means nothing and is not kept.
  if (!units.size) await tx.update(orders).set({ splitShipment: false }).where(eq(orders.id, orderId));
  const kept = [...units.keys()];
  await tx
    .update(orderLineItems)
    .set({ backorderedQuantity: 0, backorderShipOn: null })
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        kept.length ? notInArray(orderLineItems.id, kept) : undefined,
        gt(orderLineItems.backorderedQuantity, 0),
      ),
    );
}
