/**
 * Delivers the `data_change` notifications of the trigger in migration `data_change_notify`
 * (payload: the written table's name, or `table:id,id,…` for the product tables of migration
 * 0028: the products a statement touched) to this process's read model, whichever process or
 * client made the write.
 *
 * - Real PostgreSQL: one dedicated connection LISTENs (never a pool client: the pool hands its
 *   clients to queries, and a pooled LISTEN would be lost or reach the wrong place). If it drops,
 *   it reconnects with backoff and reports `null` ("anything may have changed") once listening
 *   again, because notifications sent meanwhile are gone.
 * - Embedded (PGlite): one process owns the database, and PGlite delivers a notification to the
 *   connection that raised it: the pool's clients listen (Database.listenInSession).
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

export const DATA_CHANGE_CHANNEL = 'data_change';
const MAX_RETRY_MS = 30_000;

export type DataChanges = { close(): Promise<void> };

export async function listenForDataChanges(
  database: Database,
  databaseUrl: string | undefined,
  onChange: (table: string | null, ids?: number[]) => void,
  logger?: Pick<Logger, 'warn'>,
): Promise<DataChanges> {
  const heard = (payload: string | undefined) => {
    const { table, ids } = parseDataChange(payload);
    onChange(table, ids);
  };
  if (database.kind === 'embedded' || !databaseUrl) {
    database.listenInSession?.(DATA_CHANGE_CHANNEL, heard);
    return { close: async () => {} };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let delay = 500;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => heard(n.payload));
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      logger?.warn({ err }, 'data change listener lost its connection; reconnecting');
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
    if (closed) return void (await c.end().catch(() => {}));
    client = c;
    delay = 500;
    // Whatever was written before we listened (or while we were away) is unknown.
    onChange(null);
  };
  const schedule = () => {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch((err) => {
        logger?.warn({ err }, 'data change listener could not reconnect');
        delay = Math.min(delay * 2, MAX_RETRY_MS);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * A notification's payload: `table` (anything in it may have changed) or `table:1,2,3` (the rows of
 * these products). Empty: unknown (null, "everything").
 */
export function parseDataChange(payload: string | undefined): { table: string | null; ids?: number[] } {
  if (!payload) return { table: null };
  const colon = payload.indexOf(':');
  if (colon === -1) return { table: payload };
  const ids = payload
    .slice(colon + 1)
    .split(',')
    .map(Number);
  const table = payload.slice(0, colon);
  // A payload not in the trigger's form names its table alone (everything in it).
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? { table, ids } : { table };
}
