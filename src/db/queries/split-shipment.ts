/** An order's split-shipment choice (src/domain/split-shipment.ts): read by checkout and the staff's order page. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { orders } from '../schema/index.ts';

/** The order's choice (false for an order that does not exist: together is the default). */
export async function splitShipmentOf(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db.select({ split: orders.splitShipment }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.split ?? false;
}
