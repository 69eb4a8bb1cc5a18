/**
 * The one hook every catalog write calls (products, options, prices, promotions, stock, media),
 * inside its transaction. It sends NOTIFY 'catalog_changed' with what changed; PostgreSQL
 * delivers it only when the transaction commits, so a read-model cache that LISTENs (the
 * performance issue's) drops exactly what a committed write changed, in every process.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

export type CatalogChange = { entity: 'product' | 'promotion' | 'inventory' | 'warehouse' | 'media'; id: number };

export async function catalogChanged(db: DbOrTx, change: CatalogChange): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${JSON.stringify(change)})`);
}
