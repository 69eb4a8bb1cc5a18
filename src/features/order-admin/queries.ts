/** Small reads of the back-office order page. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quotes } from '../../db/schema/index.ts';

/** The quote's own number (quotes.id, the buyer's "Quote #N") of an order that is or was a quote, else null. */
export async function quoteNumberOf(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.orderId, orderId)).limit(1);
  return row?.id ?? null;
}
