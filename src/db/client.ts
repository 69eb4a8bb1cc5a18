/**
 * One way to reach the database, whichever PostgreSQL it is: a real server named
 * by DATABASE_URL, or the embedded PGlite served from a child process. Either way
 * the app gets the same `pg` pool and drizzle instance, so queries, migrations and
 * the session store are the same code in both modes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

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
  close(): Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

// numeric stays a string (exact money); bigint counts become numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Counts every query the pool's clients send (pool.query goes through a client too), so the
 * benchmark and the tests can say how many round trips a request costs. One integer increment.
 */
function countRoundTrips(pool: pg.Pool): () => number {
  let n = 0;
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      n++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  return () => n;
}

export type DatabaseOptions = { databaseUrl?: string; dataDir: string; poolMax?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const poolMax = opts.poolMax ?? 10;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: poolMax });
    pool.on('error', () => {}); // idle client errors are reported by the next query
    const roundTrips = countRoundTrips(pool);
    return { db: drizzle(pool, { schema }), pool, kind: 'postgres', roundTrips, close: () => pool.end() };
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
    connectionTimeoutMillis: 30_000,
  });
  pool.on('error', () => {});
  const roundTrips = countRoundTrips(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'embedded',
    roundTrips,
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
    const onExit = (code: number | null) => reject(new Error(`embedded database exited (code ${code}) before it was ready`));
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
