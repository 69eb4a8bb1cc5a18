/**
 * Placement confirm, the stock part: what the attempt reserved is taken for good, each line gets
 * its allocation rows and the warehouse its first reservation came from.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { inventory, orderLineItems, stockAllocations } from '../../db/schema/index.ts';
import type { AttemptReservation } from '../../db/schema/payment-attempts.ts';
import type { WebhookEvent } from '../../features/webhooks/index.ts';
import { fail } from './reserve-common.ts';

export type StockEvent = [WebhookEvent, Record<string, unknown>];

/** The reserved stock is taken: quantity and reserved both go down, what is available stays. */
export async function takeReservedStock(
  tx: Tx,
  orderId: number,
  reservations: readonly AttemptReservation[],
): Promise<StockEvent[]> {
  const stockEvents: StockEvent[] = [];
  const lineRows = await tx
    .select({ id: orderLineItems.id, stockcode: orderLineItems.stockcode })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId));
  for (const r of reservations) {
    if (r.inventoryId !== null) {
      const taken = await tx
        .update(inventory)
        .set({
          quantity: sql`${inventory.quantity} - ${r.quantity}`,
          reserved: sql`${inventory.reserved} - ${r.quantity}`,
        })
        .where(
          and(
            eq(inventory.id, r.inventoryId),
            sql`${inventory.reserved} >= ${r.quantity}`,
            sql`${inventory.quantity} >= ${r.quantity}`,
          ),
        )
        .returning({ quantity: inventory.quantity });
      if (!taken.length)
        throw fail(409, 'out_of_stock', 'The stock held for this order is gone. Your payment is being refunded.');
      stockEvents.push([
        'inventory.changed',
        {
          warehouseId: r.warehouseId,
          productId: r.productId,
          stockcode: lineRows.find((x) => x.id === r.lineId)?.stockcode ?? null,
          before: taken[0].quantity + r.quantity,
          after: taken[0].quantity,
          orderId,
          source: 'checkout',
        },
      ]);
    }
    await tx
      .insert(stockAllocations)
      .values({ lineItemId: r.lineId, warehouseId: r.warehouseId, quantity: r.quantity });
  }
  const firstHouse = new Map<number, number>();
  for (const r of reservations) if (!firstHouse.has(r.lineId)) firstHouse.set(r.lineId, r.warehouseId);
  for (const [lineId, warehouseId] of firstHouse)
    await tx.update(orderLineItems).set({ warehouseId }).where(eq(orderLineItems.id, lineId));
  return stockEvents;
}
