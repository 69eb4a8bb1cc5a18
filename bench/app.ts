/**
 * The app as the benchmarks run it: `npm start`'s process in production mode (in this process
 * for the profiler), over a fresh database of the run's mode (a new embedded folder, or a new
 * database on DATABASE_URL's server) with the demo data. Shared by bench/run.ts and bench/profile.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.ts';
import { createTestDb, dbMode, type TestDb } from '../src/db/scratch.ts';
import { stopProcess } from './load.ts';
import type { Running } from '../src/server.ts';

// Production mode as `NODE_ENV=production npm start` has it: React's production build (read from
// process.env when React is first loaded, hence the dynamic imports below) and cached views.
process.env.NODE_ENV = 'production';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');
// Production requires the shop's address; the load generators call 127.0.0.1, the host it names.
process.env.PUBLIC_URL ??= 'http://127.0.0.1';
const { openDatabase } = await import('../src/db/client.ts');
const { applyMigrations } = await import('../src/db/migrate.ts');
const { seed } = await import('../src/db/seed/index.ts');
const { start } = await import('../src/server.ts');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type FreshDb = TestDb & { mode: 'embedded' | 'postgres' };

export type BenchApp = {
  fresh: FreshDb;
  /** The in-process app (profile.ts); undefined when the app runs in its own process, and once stopApp() ran. */
  app: Running | undefined;
  base: string;
  orders: number;
  productId(stockcode: string): Promise<number>;
  /** Database round trips the app has made so far (asked over IPC when it runs in its own process). */
  roundTrips(): Promise<number>;
  /** Stops the app (the database stays, e.g. for a cluster run). */
  stopApp(): Promise<void>;
  /** Stops everything and drops the database. */
  cleanup(): Promise<void>;
};

function ensureBuild() {
  if (existsSync(path.join(root, 'public/build/manifest.json'))) return;
  console.log('building the islands (public/build is missing)…');
  const r = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('islands build failed');
}

/**
 * A fresh database with the demo data, and the app over it: by default `npm start`'s own process
 * (src/server.ts, NODE_ENV=production, request log off), so the load generator, the bare server
 * and the app never share a process; `inProcess` for the profiler, which samples this process.
 */
export async function startBenchApp(opts: { orders?: number; inProcess?: boolean } = {}): Promise<BenchApp> {
  ensureBuild();
  const fresh: FreshDb = { ...(await createTestDb('bench')), mode: dbMode() };
  let database: Database | undefined;
  let app: Running | undefined;
  let child: AppProcess | undefined;
  let orders = 0;
  const ids = new Map<string, number>();
  const cleanup = async () => {
    await app?.stop().catch(() => undefined);
    await child?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh.drop().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const t0 = Date.now();
    database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    await applyMigrations(database.db);
    const summary = await seed(database.db, opts.orders === undefined ? {} : { orders: opts.orders });
    orders = summary.orders;
    for (const r of (await database.pool.query<{ id: number; stockcode: string }>('select id, stockcode from products'))
      .rows)
      ids.set(r.stockcode, r.id);
    console.log(
      `database: ${fresh.mode}, demo data loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${summary.products} products, ${summary.orders} orders)`,
    );
    // SEED=demo: the data is seeded above (start sees a full database and loads nothing), and in
    // production the demo accounts' password works only when the demo data was asked for.
    if (opts.inProcess) {
      app = await start(
        {
          env: 'production',
          port: 0,
          databaseUrl: fresh.databaseUrl,
          dataDir: fresh.dataDir,
          seed: 'demo',
          logLevel: 'silent',
        },
        { database },
      );
    } else {
      // The embedded database belongs to one process: the app's, from here on.
      await database.close();
      database = undefined;
      child = await startAppProcess(fresh);
    }
  } catch (e) {
    await cleanup();
    throw e;
  }
  const bench: BenchApp = {
    fresh,
    app,
    base: app ? `http://127.0.0.1:${app.port}` : child!.url,
    orders,
    productId: async (stockcode) => {
      const id = ids.get(stockcode);
      if (id === undefined) throw new Error(`no product ${stockcode}`);
      return id;
    },
    roundTrips: async () => (app ? app.database.roundTrips() : child!.roundTrips()),
    async stopApp() {
      await app?.stop();
      await child?.stop();
      app = bench.app = undefined;
      child = undefined;
    },
    cleanup,
  };
  return bench;
}

type AppProcess = { url: string; roundTrips(): Promise<number>; stop(): Promise<void> };

/** `npm start` as it runs the app (without its build step: done above), on a free port, with an IPC channel. */
async function startAppProcess(fresh: FreshDb): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: process.env.SESSION_SECRET,
    DATA_DIR: fresh.dataDir,
  };
  if (fresh.databaseUrl) env.DATABASE_URL = fresh.databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const stop = () => stopProcess(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the app did not start within 180 s: ${out}`)), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Serving on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`the app exited (code ${code}) before serving: ${out}`)));
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  const roundTrips = () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the app did not say its round trips')), 10_000);
      const onMessage = (m: { type?: string; count?: number }) => {
        if (m?.type !== 'round-trips') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(Number(m.count));
      };
      child.on('message', onMessage);
      child.send({ type: 'round-trips' });
    });
  return { url, roundTrips, stop };
}
