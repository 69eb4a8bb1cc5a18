/**
 * One way to reach the database, whichever PostgreSQL it is: a real server named
 * by DATABASE_URL, or the embedded PGlite served from a child process. Either way
 * the app gets the same `pg` pool and drizzle instance, so queries, migrations and
 * the session store are the same code in both modes.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';
import { registerDatabase } from './kind.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A drizzle handle usable both outside and inside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** 'postgres' for a real server, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  /** Database round trips (queries sent by the pool's clients) since the pool opened. */
  roundTrips(): number;
  /**
   * Calls `fn` with the text of every statement sent until the returned function is called (tests),
   * except statements of background work (runInBackground: the job queue), so a test that counts a
   * request's statements never counts a job that happened to run at the same moment. `joined`: the
   * statement travelled in the round trip of one sent before it (pipelined), so it costs no round
   * trip of its own.
   */
  observeQueries(fn: (text: string, joined: boolean) => void): () => void;
  /**
   * Embedded only: notifications on the one session every connection shares. PGlite delivers a
   * NOTIFY to the connection whose query raised it (its socket server has no other way), so the
   * pool's own clients LISTEN and report what they receive; a real server is listened to by a
   * dedicated connection instead (src/db/data-changes.ts).
   */
  listenInSession?(channel: string, handler: (payload: string) => void): void;
  close(): Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

// numeric stays a string (exact money); bigint counts become numbers.
pg.types.setTypeParser(20, (v) => Number(v));

const origin = new AsyncLocalStorage<'background'>();

/**
 * Runs `fn` as background work (the job queue: its polling, its jobs): its statements count as
 * no request's round trips and query observers do not see them, so a test or the benchmark that
 * counts what a request costs is not disturbed by a delivery that runs at the same moment.
 */
export function runInBackground<T>(fn: () => T): T {
  return origin.run('background', fn);
}

/**
 * Counts the round trips the pool's clients make (pool.query goes through a client too), so the
 * benchmark and the tests can say how many a request costs, and lets a test watch the statements'
 * text. The pools pipeline (pg's `pipeline` option): a statement sent while the same client still
 * waits for an earlier one's answer travels in that round trip (src/db/opened-transaction.ts sends
 * `begin` with the cart's read, and the cart's write with its `commit`, that way), so it counts
 * no new round trip and its observers are told it joined one.
 */
function countRoundTrips(pool: pg.Pool) {
  let n = 0;
  const observers = new Set<(text: string, joined: boolean) => void>();
  // pool.query hands its statement to a client in connect's callback, which pg-pool calls from
  // whoever released the client: bound here, the statement keeps the caller's async context.
  const connect = pool.connect as (this: pg.Pool, cb?: (...a: unknown[]) => void) => unknown;
  pool.connect = function (this: pg.Pool, cb?: (...a: unknown[]) => void) {
    return connect.call(this, typeof cb === 'function' ? AsyncResource.bind(cb) : undefined);
  } as typeof pool.connect;
  pool.on('connect', (client) => {
    const query = client.query;
    /** Statements this client sent and has no answer for yet (only those whose answer can be seen). */
    let waiting = 0;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const joined = client.pipeline && waiting > 0;
      // Background work (the job queue's polling and jobs) is not what a request costs.
      if (!joined && origin.getStore() !== 'background') n++;
      if (observers.size && origin.getStore() !== 'background') {
        const q = args[0] as string | { text?: string };
        const text = typeof q === 'string' ? q : (q?.text ?? '');
        for (const o of observers) o(text, joined);
      }
      const last = args.length - 1;
      const callback = args[last];
      const submittable = typeof (args[0] as { submit?: unknown })?.submit === 'function';
      if (!submittable && typeof callback === 'function') {
        waiting++;
        args[last] = function (this: unknown, ...answer: unknown[]) {
          waiting--;
          return (callback as (...a: unknown[]) => unknown).apply(this, answer);
        };
      }
      const out = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!submittable && typeof callback !== 'function' && out instanceof Promise) {
        waiting++;
        const answered = () => void waiting--;
        out.then(answered, answered);
      }
      return out;
    } as typeof client.query;
  });
  return {
    roundTrips: () => n,
    observeQueries(fn: (text: string, joined: boolean) => void) {
      observers.add(fn);
      return () => void observers.delete(fn);
    },
  };
}

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** statement_timeout of every pooled connection (real PostgreSQL); also ends transactions left idle 2x as long. */
  statementTimeoutMs?: number;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const poolMax = opts.poolMax ?? 10;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: poolMax,
      // Statements sent while earlier ones on the same connection are unanswered go at once
      // (the cart's begin with its read, its write with the commit: src/db/opened-transaction.ts).
      pipeline: true,
      statement_timeout: opts.statementTimeoutMs,
      idle_in_transaction_session_timeout: opts.statementTimeoutMs ? opts.statementTimeoutMs * 2 : undefined,
    });
    pool.on('error', () => {}); // idle client errors are reported by the next query
    const db = drizzle(pool, { schema });
    registerDatabase(db, 'postgres', pool);
    return { db, pool, kind: 'postgres', ...countRoundTrips(pool), close: () => pool.end() };
  }
  const { child, port } = await startEmbedded(path.join(opts.dataDir, 'pgdata'), 4);
  // ONE connection. PGlite is a single backend session shared by every socket
  // connection, and it runs one query at a time anyway: statements of two
  // connections' transactions would interleave inside that one session (seen as
  // "portal does not exist" and lost CSRF secrets under concurrent cart updates).
  // A pool of one serialises whole transactions instead. The timeout turns a query
  // issued outside its transaction's client (which would wait forever) into an error.
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
    max: 1,
    pipeline: true,
    // Keep the one connection: nothing to save by closing it, and reconnecting costs a LISTEN.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 30_000,
  });
  pool.on('error', () => {});
  const counting = countRoundTrips(pool);
  const sessionHandlers = new Map<string, ((payload: string) => void)[]>();
  pool.on('connect', (client) => {
    client.on('notification', (n) => {
      for (const h of sessionHandlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    for (const channel of sessionHandlers.keys()) client.query(`LISTEN "${channel}"`).catch(() => {});
  });
  const db = drizzle(pool, { schema });
  registerDatabase(db, 'embedded', pool);
  return {
    db,
    pool,
    kind: 'embedded',
    ...counting,
    listenInSession(channel, handler) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const list = sessionHandlers.get(channel);
      if (list) return void list.push(handler);
      sessionHandlers.set(channel, [handler]);
      pool.query(`LISTEN "${channel}"`).catch(() => {});
    },
    async close() {
      await pool.end();
      await stopEmbedded(child);
    },
  };
}

function startEmbedded(dir: string, maxConnections: number): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, 'embedded-server.ts'), [dir, String(maxConnections)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`embedded database exited (code ${code}) before it was ready`));
    child.once('exit', onExit);
    child.on('message', (m: { type: string; port?: number; message?: string }) => {
      if (m.type === 'ready' && m.port) {
        child.off('exit', onExit);
        resolve({ child, port: m.port });
      } else if (m.type === 'error') {
        reject(new Error(`embedded database failed to start: ${m.message}`));
      }
    });
  });
}

function stopEmbedded(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'close' });
  });
}
