/** Reads for a customer's own pages. */
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, organisations } from '../../db/schema/index.ts';

/** The user's saved addresses, the default first. */
export function savedAddresses(db: DbOrTx, userId: number) {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
}

export async function findOrganisation(db: DbOrTx, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
}
