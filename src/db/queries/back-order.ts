/**
 * The one reader of what dates a back order (src/domain/back-order.ts decides): the restocks staff
 * expect for some products, and the warehouses carrying them (an inventory row) with their lead
 * times. The product page, the cart and checkout's placement all read it here.
 */
import { and, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { inventory, restockExpectations, warehouses } from '../schema/index.ts';
import { expectedShipDate } from '../../domain/back-order.ts';

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
