/**
 * Quotes: the demo's one quote request, on the quote order the distributor already has
 * (status 'quote', 40 spiked closing wheels, 25 sprockets, 60 seed tubes), waiting for staff's
 * counter-offer in the back office's "Quotes". Fixed ids, so seeding again writes the same rows.
 */
import { and, asc, eq } from 'drizzle-orm';
import { orders, quoteMessages, quotes, users } from '../schema/index.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';

export async function seedQuotes(tx: SeedTx): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, organisationId: users.organisationId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.email, 'distributor@example.com'), eq(orders.status, 'quote')))
    .orderBy(asc(orders.id))
    .limit(1);
  if (!order?.userId) return;
  const at = daysAgo(20, 5);
  await insertMany(tx, quotes, [
    {
      id: 1,
      orderId: order.id,
      requestedBy: order.userId,
      organisationId: order.organisationId,
      status: 'requested',
      createdAt: at,
      updatedAt: at,
    },
  ]);
  await insertMany(tx, quoteMessages, [
    {
      id: 1,
      quoteId: 1,
      authorId: order.userId,
      author: 'buyer',
      kind: 'request',
      createdAt: at,
      body: 'Spring restock for our branches: 40 spiked closing wheels, 25 sprockets and 60 seed tubes. Can you do better than list price on this volume?',
    },
  ]);
}
