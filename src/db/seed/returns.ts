/**
 * Returns: the demo's returned order. The demo customer's first completed or shipped order sends
 * back one unit of its first product line: asked, approved and received at the order's warehouse,
 * waiting for staff to refund or replace it; their next one has a return waiting for approval. Each
 * line's value is what the unit was worth by the ledger (net and tax share). No money moves here:
 * a refund goes through the card provider, from the back office. Fixed ids, so seeding again writes
 * the same rows; skipped when no order fits.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderLineItems, orders, returnLines, returns, users } from '../schema/index.ts';
import { fromCents } from '../../domain/money.ts';
import { returnCredit } from '../../domain/returns.ts';
import { storedLedger } from '../../domain/stored-ledger.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';

export async function seedReturns(tx: SeedTx): Promise<void> {
  const found = await tx
    .select({ order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.email, 'customer@example.com'), inArray(orders.status, ['completed', 'shipped'])))
    .orderBy(asc(orders.id))
    .limit(2);
  const picked = [];
  for (const { order } of found) {
    const lines = await tx
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
    const line = lines.find((l) => l.lineType === 0 && l.productId !== null);
    const figures = line && storedLedger(order, { lines, promotions: [] }).lines.find((x) => x.key === line.id);
    if (line && figures) picked.push({ order, line, credit: fromCents(returnCredit(figures, 1).cents) });
  }
  const [received, requested] = picked;
  if (!received) return;
  await insertMany(tx, returns, [
    {
      id: 1,
      orderId: received.order.id,
      requestedBy: received.order.userId,
      status: 'received',
      reason: 'The part arrived with a cracked housing.',
      staffMessage: 'Sorry about that: please send it back with the label we emailed.',
      warehouseId: received.line.warehouseId ?? received.order.shipFromWarehouseId,
      createdAt: daysAgo(3, 15),
      updatedAt: daysAgo(1),
    },
    ...(requested
      ? [
          {
            id: 2,
            orderId: requested.order.id,
            requestedBy: requested.order.userId,
            status: 'requested' as const,
            reason: 'Ordered the wrong size.',
            createdAt: daysAgo(0, 90),
            updatedAt: daysAgo(0, 90),
          },
        ]
      : []),
  ]);
  await insertMany(
    tx,
    returnLines,
    picked.map((p, k) => ({ id: k + 1, returnId: k + 1, lineItemId: p.line.id, quantity: 1, credit: p.credit })),
  );
}
