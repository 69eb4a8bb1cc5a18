/**
 * A transaction whose BEGIN travels with its first reads: `begin; <read>; <read>` goes to the
 * server as ONE simple-protocol query (one round trip), each statement under its own snapshot as
 * read committed has it, so a read after a `for update` sees what the lock waited for. Then `fn`
 * runs on the same connection (its statements as usual, parameterised) and the transaction
 * commits (one more round trip) or rolls back on any error.
 *
 * The first statements are sent with their parameters written into the text, so they may carry
 * only numbers, booleans and plain words or ISO timestamps (letters, digits, space and . : + - _,
 * checked here; anything else is refused before sending): nothing a visitor sends can end a
 * quoted literal and change the statement.
 *
 * For the cart's writes (src/features/cart/service.ts): begin + locked read, one write, commit.
 */
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Param, SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();
/** Words and ISO timestamps: nothing that could end a quoted literal. */
const PLAIN = /^[\w .:+-]*$/;

/** Throws unless every parameter of `query` is safe to write into the statement's text. */
function checkInlineable(query: SQL): void {
  for (const chunk of query.queryChunks) {
    if (chunk instanceof SQL) checkInlineable(chunk);
    else if (chunk instanceof Param || !(typeof chunk === 'object' && chunk !== null)) {
      const raw = chunk instanceof Param ? chunk.value : chunk;
      const value = chunk instanceof Param && chunk.encoder ? (chunk.encoder as { mapToDriverValue(v: unknown): unknown }).mapToDriverValue(raw) : raw;
      const ok = value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && PLAIN.test(value));
      if (!ok) throw new Error(`opened transaction: a parameter that is not a number, boolean or plain word (${typeof value})`);
    }
  }
}

export type OpenedTx = {
  /** Runs one statement in the transaction (parameterised as usual). */
  execute<R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** A drizzle handle on the same connection and transaction, for rarer paths written with the query builder. */
  drizzle(): Tx;
};

export async function openedTransaction<T>(db: Db, first: readonly SQL[], fn: (rows: Record<string, unknown>[][], tx: OpenedTx) => Promise<T>): Promise<T> {
  for (const q of first) checkInlineable(q);
  const text = ['begin', ...first.map((q) => dialect.sqlToQuery(q.inlineParams()).sql)].join(';\n');
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let handle: Tx | undefined;
  const tx: OpenedTx = {
    async execute(query) {
      const { sql, params } = dialect.sqlToQuery(query);
      return (await client.query(sql, params as unknown[])).rows;
    },
    drizzle: () => (handle ??= drizzle(client) as unknown as Tx),
  };
  let broken: Error | undefined;
  try {
    const results = (await client.query(text)) as unknown as pg.QueryResult[];
    const out = await fn(results.slice(1).map((r) => r.rows), tx);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch((e: Error) => void (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}
