/** Reads for a customer's own pages. */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, orders, organisations } from '../../db/schema/index.ts';

/** The user's saved addresses, the default first. */
export function savedAddresses(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
}

export async function findOrganisation(db: DbOrTx, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
}

/** A page of the user's orders (carts are not orders yet). */
export function ordersPage(db: DbOrTx, userId: number, limit: number, offset: number) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      total: orders.total,
      currency: orders.orderCurrency,
      createdAt: orders.createdAt,
      submittedAt: orders.submittedAt,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cart')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}
