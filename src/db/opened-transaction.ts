/**
 * A transaction whose BEGIN travels with its first reads, and whose last write travels with its
 * COMMIT, every value a parameter. The pool pipelines (src/db/client.ts: pg's `pipeline` option):
 * statements given to one connection before the answers of the earlier ones come back go in the
 * same round trip, each its own parameterised statement (the extended protocol; nothing a
 * visitor sends is ever written into a statement's text), and the server runs them in order.
 *
 *   1. `begin` (with the transaction's settings, constant text) and the first reads: one round trip.
 *      Each read runs under its own snapshot, as read committed has it, so a read after a
 *      `for update` sees what the lock waited for.
 *   2. `fn` runs on the same connection (its statements as usual, parameterised) and the
 *      transaction commits (one more round trip) or rolls back on any error; or `fn` ends with
 *      `executeAndCommit`: its one write and the COMMIT go together (one round trip for both). A
 *      COMMIT after a failed statement ends the transaction as a ROLLBACK would.
 *
 * The first reads are statements built once (`statement`): on a real PostgreSQL each is a named
 * statement that each pool connection parses and plans the first time it runs it (pg keeps the
 * names per connection); on the embedded database, one session shared by every connection where
 * a name would be prepared twice (src/db/prepared.ts), they stay unnamed. The last write is named
 * by its text on a real PostgreSQL (a cart's writes have a few shapes), at most 64 per connection.
 *
 * `asyncCommit` (cart writes only, never orders or payments): `synchronous_commit` is off for the
 * transaction, so the COMMIT does not wait for the WAL to reach the disk; other sessions see the
 * write at once all the same. A crash of the database server may lose the last fraction of a
 * second of such writes.
 *
 * `cartsOnly` (cart writes only): the transaction writes nothing but carts, which count in no
 * report, so the report rollup's row triggers (migration 0015) are switched off for it
 * (`app.report_rollup = off`) instead of each finding out, with two index probes, that the order is
 * a cart. Both settings travel with the BEGIN.
 *
 * For the cart's writes (src/features/cart/service.ts): begin + locked read, then the one write
 * with the commit.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fillPlaceholders, SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { databaseKind, poolOf } from './kind.ts';

const dialect = new PgDialect();

/** A statement built once: its text and its parameters (placeholders, filled for each call). */
export type Statement = { name: string; text: string; params: unknown[] };

/**
 * A statement for openedTransaction's first reads, built once: `build` returns it with
 * `sql.placeholder('name')` where each call's values go (cast where the type is not evident).
 */
export function statement(name: string, build: () => SQL): Statement {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`statement name ${name}`);
  const { sql: text, params } = dialect.sqlToQuery(build());
  return { name, text, params };
}

/** A first read: a statement and its values by placeholder name, or a drizzle SQL. */
export type FirstStatement = SQL | { statement: Statement; values: Record<string, unknown> };

export type OpenedTx = {
  /** Runs one statement in the transaction (parameterised as usual). */
  execute<R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** Runs the transaction's last statement and commits, in one round trip; nothing may run after it. */
  executeAndCommit<R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** A drizzle handle on the same connection and transaction, for rarer paths written with the query builder. */
  drizzle(): Tx;
};

type TxSettings = { asyncCommit?: boolean; cartsOnly?: boolean };

/** The transaction's opening: `begin`, with its settings as one statement (constant text). */
function beginText({ asyncCommit = false, cartsOnly = false }: TxSettings): string {
  const set = [
    ...(asyncCommit ? ["set_config('synchronous_commit', 'off', true)"] : []),
    ...(cartsOnly ? ["set_config('app.report_rollup', 'off', true)"] : []),
  ];
  return set.length ? `begin; select ${set.join(', ')}` : 'begin';
}

type Kind = 'postgres' | 'embedded';

function firstConfig(kind: Kind, first: FirstStatement): pg.QueryConfig {
  if (first instanceof SQL) {
    const { sql: text, params } = dialect.sqlToQuery(first);
    return { text, values: params };
  }
  const { statement: s, values } = first;
  return { ...(kind === 'postgres' ? { name: s.name } : {}), text: s.text, values: fillPlaceholders(s.params, values) };
}

/** Last statements named per connection (a real PostgreSQL), by their text. */
const MAX_NAMED_LAST = 64;
const namedOn = new WeakMap<pg.PoolClient, Set<string>>();
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= 1000) names.clear();
    name = `ot_last_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

function lastConfig(kind: Kind, client: pg.PoolClient, query: SQL): pg.QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (kind !== 'postgres') return { text, values: params };
  const name = nameOf(text);
  const named = namedOn.get(client) ?? new Set<string>();
  namedOn.set(client, named);
  if (!named.has(name)) {
    if (named.size >= MAX_NAMED_LAST) return { text, values: params };
    named.add(name);
  }
  return { name, text, values: params };
}

/** Every answer of statements sent together, once all are in (nothing left in flight); the first failure thrown. */
async function together(sent: Promise<pg.QueryResult>[]): Promise<pg.QueryResult[]> {
  const answers = await Promise.allSettled(sent);
  const failed = answers.find((a) => a.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return answers.map((a) => (a as PromiseFulfilledResult<pg.QueryResult>).value);
}

export async function openedTransaction<T>(
  db: Db,
  first: readonly FirstStatement[],
  fn: (rows: Record<string, unknown>[][], tx: OpenedTx) => Promise<T>,
  settings: TxSettings = {},
): Promise<T> {
  const kind = databaseKind(db) ?? 'embedded';
  let configs: pg.QueryConfig[];
  try {
    configs = first.map((f) => firstConfig(kind, f));
  } catch (err) {
    return Promise.reject(err); // a value missing for a placeholder: nothing sent
  }
  const client = await poolOf(db).connect();
  let handle: Tx | undefined;
  /** The transaction is over (committed, or ended by a COMMIT after a failed statement). */
  let ended = false;
  const tx: OpenedTx = {
    async execute(q) {
      if (ended) throw new Error('opened transaction: a statement after the commit');
      const { sql: text, params } = dialect.sqlToQuery(q);
      return (await client.query(text, params as unknown[])).rows;
    },
    async executeAndCommit(q) {
      if (ended) throw new Error('opened transaction: a statement after the commit');
      const config = lastConfig(kind, client, q);
      ended = true;
      const [result] = await together([client.query(config), client.query('commit')]);
      return result.rows;
    },
    drizzle: () => (handle ??= drizzle(client) as unknown as Tx),
  };
  let broken: Error | undefined;
  try {
    const [, ...reads] = await together([client.query(beginText(settings)), ...configs.map((c) => client.query(c))]);
    const value = await fn(
      reads.map((r) => r.rows),
      tx,
    );
    if (!ended) {
      ended = true;
      await client.query('commit');
    }
    return value;
  } catch (err) {
    if (!ended) await client.query('rollback').catch((e: Error) => void (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}
