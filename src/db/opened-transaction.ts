/**
 * A transaction whose BEGIN travels with its first reads: `begin; <read>; <read>` goes to the
 * server as ONE simple-protocol query (one round trip), each statement under its own snapshot as
 * read committed has it, so a read after a `for update` sees what the lock waited for. Then `fn`
 * runs on the same connection (its statements as usual, parameterised) and the transaction
 * commits (one more round trip) or rolls back on any error. `fn` may instead end with
 * `executeAndCommit`: its one write and the COMMIT travel together (one round trip for both).
 *
 * The first statements are prepared statements (`preparedStatement`): on a real PostgreSQL each
 * pool connection PREPAREs one the first time it runs it (the PREPARE travels in the same query,
 * ahead of the BEGIN), and from then on the server neither parses nor plans it again (`execute
 * name(args)`); on the embedded database, one session shared by every connection where a name
 * would be prepared twice, its text goes each time with the arguments written in. Either way the
 * app builds its text once. The arguments (and the parameters of a plain SQL first statement)
 * are written into the text, so they may only be numbers, booleans, null and plain words or ISO
 * timestamps (letters, digits, space and . : + - _, checked here; anything else is refused
 * before sending): nothing a visitor sends can end a quoted literal and change the statement.
 *
 * `asyncCommit` (cart writes only, never orders or payments): `set local synchronous_commit = off`
 * goes with the BEGIN, so the COMMIT does not wait for the WAL to reach the disk; other sessions
 * see the write at once all the same. A crash of the database server may lose the last fraction
 * of a second of such writes.
 *
 * `cartsOnly` (cart writes only): the transaction writes nothing but carts, which count in no
 * report, so the report rollup's row triggers (migration 0015) are switched off for it
 * (`app.report_rollup = off`) instead of each finding out, with two index probes, that the order is
 * a cart. Both settings travel as one statement with the BEGIN.
 *
 * For the cart's writes (src/features/cart/service.ts): begin + locked read, then the one write
 * with the commit.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Param, SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { databaseKind } from './prepared.ts';

const dialect = new PgDialect();
/** Words and ISO timestamps: nothing that could end a quoted literal. */
const PLAIN = /^[\w .:+-]*$/;

type Plain = number | boolean | string | null;

function plainLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && PLAIN.test(value)) return `'${value}'`;
  throw new Error(`opened transaction: a parameter that is not a number, boolean or plain word (${typeof value})`);
}

/** Throws unless every parameter of `query` is safe to write into the statement's text. */
function checkInlineable(query: SQL): void {
  for (const chunk of query.queryChunks) {
    if (chunk instanceof SQL) checkInlineable(chunk);
    else if (chunk instanceof Param || !(typeof chunk === 'object' && chunk !== null)) {
      const raw = chunk instanceof Param ? chunk.value : chunk;
      plainLiteral(chunk instanceof Param && chunk.encoder ? (chunk.encoder as { mapToDriverValue(v: unknown): unknown }).mapToDriverValue(raw) : raw);
    }
  }
}

/** Outside quoted literals only: true when the text's `$` signs are all parameter markers ($1, $2 …). */
function markersOnly(text: string, quoted: boolean): boolean {
  const parts = text.split("'");
  if (!quoted && parts.length > 1) return false;
  return parts.every((part, i) => (i % 2 === 1 ? !part.includes('$') : !part.replace(/\$\d+/g, '').includes('$')));
}

export type PreparedStatement = { name: string; types: readonly string[]; text: string };

/**
 * A statement for openedTransaction's first query, built once: `build` gets one SQL marker per
 * parameter ($1::type …) and returns the statement; its own constants are written into the text.
 */
export function preparedStatement(name: string, types: readonly string[], build: (params: SQL[]) => SQL): PreparedStatement {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`prepared statement name ${name}`);
  const query = build(types.map((t, i) => sql.raw(`$${i + 1}::${t}`)));
  checkInlineable(query);
  const text = dialect.sqlToQuery(query.inlineParams()).sql;
  if (!markersOnly(text, true)) throw new Error(`prepared statement ${name}: a $ sign that is not a parameter`);
  return { name, types, text };
}

export type FirstStatement = SQL | { statement: PreparedStatement; args: readonly Plain[] };

export type OpenedTx = {
  /** Runs one statement in the transaction (parameterised as usual). */
  execute<R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** Runs the transaction's last statement and commits, in one round trip; nothing may run after it. */
  executeAndCommit<R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** A drizzle handle on the same connection and transaction, for rarer paths written with the query builder. */
  drizzle(): Tx;
};

/** The statements each pool connection of a real PostgreSQL has prepared. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

type TxSettings = { asyncCommit?: boolean; cartsOnly?: boolean };

/** The transaction's settings as one statement (none: no statement). */
function settingsStatement({ asyncCommit = false, cartsOnly = false }: TxSettings): string[] {
  const set = [...(asyncCommit ? ["set_config('synchronous_commit', 'off', true)"] : []), ...(cartsOnly ? ["set_config('app.report_rollup', 'off', true)"] : [])];
  return set.length ? [`select ${set.join(', ')}`] : [];
}

function firstQuery(kind: 'postgres' | 'embedded', client: pg.PoolClient, first: readonly FirstStatement[], settings: TxSettings) {
  const known = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, known);
  const prepare: string[] = [];
  const calls = first.map((f) => {
    if (f instanceof SQL) {
      checkInlineable(f);
      return dialect.sqlToQuery(f.inlineParams()).sql;
    }
    const args = f.args.map(plainLiteral);
    if (args.length !== f.statement.types.length) throw new Error(`prepared statement ${f.statement.name}: ${args.length} arguments`);
    if (kind === 'embedded') return f.statement.text.replace(/\$(\d+)/g, (_, n: string) => `(${args[Number(n) - 1]})`);
    if (!known.has(f.statement.name) && !prepare.some((p) => p.startsWith(`prepare ${f.statement.name}(`))) {
      prepare.push(`prepare ${f.statement.name}(${f.statement.types.join(', ')}) as ${f.statement.text}`);
    }
    return `execute ${f.statement.name}(${args.join(', ')})`;
  });
  const head = [...prepare, 'begin', ...settingsStatement(settings)];
  const names = first.flatMap((f) => (f instanceof SQL ? [] : [f.statement.name]));
  return { text: [...head, ...calls].join(';\n'), skip: head.length, prepared: prepare.length > 0, known, names };
}

/**
 * `query`'s text and its parameters as literals (pg's escapeLiteral for text), so that it can
 * travel with other statements in one simple-protocol query; null when it carries a value that
 * is not a number, boolean, text or date, or text of its own that is not plain.
 */
function withLiterals(query: SQL): { text: string; literals: string[] } | null {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!markersOnly(text, false)) return null;
  const literals: string[] = [];
  for (const p of params) {
    if (p === null || p === undefined) literals.push('null');
    else if (typeof p === 'number' && Number.isFinite(p)) literals.push(String(p));
    else if (typeof p === 'boolean') literals.push(String(p));
    else if (typeof p === 'string' && !p.includes('\0')) literals.push(pg.escapeLiteral(p));
    else if (p instanceof Date && !Number.isNaN(p.getTime())) literals.push(pg.escapeLiteral(p.toISOString()));
    else return null;
  }
  return { text, literals };
}

const written = (text: string, literals: readonly string[]) => text.replace(/\$(\d+)/g, (_, n: string) => `(${literals[Number(n) - 1]})`);

/** Last statements prepared per connection, named by their text (a cart's writes have a few shapes). */
const MAX_LAST_PER_CONNECTION = 64;
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

export async function openedTransaction<T>(
  db: Db,
  first: readonly FirstStatement[],
  fn: (rows: Record<string, unknown>[][], tx: OpenedTx) => Promise<T>,
  settings: TxSettings = {},
): Promise<T> {
  const kind = databaseKind(db) ?? 'embedded';
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let query: ReturnType<typeof firstQuery>;
  try {
    query = firstQuery(kind, client, first, settings);
  } catch (err) {
    client.release(); // refused before sending: the connection is as it was
    throw err;
  }
  let handle: Tx | undefined;
  let committed = false;
  /** Statements this transaction PREPAREd in a query that has not answered yet. */
  const pending: string[] = [];
  const tx: OpenedTx = {
    async execute(q) {
      if (committed) throw new Error('opened transaction: a statement after the commit');
      const { sql: text, params } = dialect.sqlToQuery(q);
      return (await client.query(text, params as unknown[])).rows;
    },
    async executeAndCommit(q) {
      const parts = withLiterals(q);
      if (parts === null) {
        const rows = await tx.execute(q);
        await client.query('commit');
        committed = true;
        return rows as never;
      }
      // On a real PostgreSQL the statement is prepared on this connection (the first time, the
      // PREPARE goes in the same query) and executed with its arguments written in.
      let text = written(parts.text, parts.literals);
      let prepare = '';
      if (kind === 'postgres') {
        const name = nameOf(parts.text);
        if (!query.known.has(name) && query.known.size < MAX_LAST_PER_CONNECTION + query.names.length) {
          prepare = `prepare ${name} as ${parts.text};\n`;
          pending.push(name);
        }
        if (query.known.has(name) || prepare) text = `execute ${name}(${parts.literals.join(', ')})`;
      }
      const results = (await client.query(`${prepare}${text};\ncommit`)) as unknown as pg.QueryResult[];
      committed = true;
      for (const name of pending.splice(0)) query.known.add(name);
      return results[prepare ? 1 : 0].rows;
    },
    drizzle: () => (handle ??= drizzle(client) as unknown as Tx),
  };
  let broken: Error | undefined;
  let opened = false;
  try {
    const out = (await client.query(query.text)) as unknown as pg.QueryResult | pg.QueryResult[];
    opened = true;
    for (const name of query.names) query.known.add(name);
    const results = Array.isArray(out) ? out : [out];
    const value = await fn(results.slice(query.skip).map((r) => r.rows), tx);
    if (!committed) await client.query('commit');
    return value;
  } catch (err) {
    await client.query('rollback').catch((e: Error) => void (broken = e));
    // A query with a PREPARE failed part-way: which of them ran is asked (errors only).
    const asked = [...(!opened && query.prepared ? query.names : []), ...pending];
    if (asked.length && !broken) {
      await client
        .query<{ name: string }>('select name from pg_prepared_statements where name = any($1)', [asked])
        .then((r) => r.rows.forEach((row) => query.known.add(row.name)))
        .catch((e: Error) => void (broken = e));
    }
    throw err;
  } finally {
    client.release(broken);
  }
}
