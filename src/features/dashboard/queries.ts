/** Reads for the back office's entry page. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { warehouses } from '../../db/schema/index.ts';

/** The warehouse a warehouse operator works for (null when none). */
export async function findWarehouse(db: DbOrTx, id: number) {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id)).limit(1);
  return row ?? null;
}
