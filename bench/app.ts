/**
 * The app as the benchmarks run it: production mode, in this process, on port 0, over a fresh
 * database of the run's mode (a new embedded folder, or a new database on DATABASE_URL's server)
 * with the demo data. Shared by bench/run.ts and bench/profile.ts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.ts';
import { createTestDb, dbMode, type TestDb } from '../src/db/scratch.ts';
import type { Running } from '../src/server.ts';

// Production mode as `NODE_ENV=production npm start` has it: React's production build (read from
// process.env when React is first loaded, hence the dynamic imports below) and cached views.
process.env.NODE_ENV = 'production';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');
const { openDatabase } = await import('../src/db/client.ts');
const { applyMigrations } = await import('../src/db/migrate.ts');
const { seed } = await import('../src/db/seed/index.ts');
const { start } = await import('../src/server.ts');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type FreshDb = TestDb & { mode: 'embedded' | 'postgres' };

export type BenchApp = {
  fresh: FreshDb;
  database: Database;
  /** The in-process app; undefined once stopApp() ran. */
  app: Running | undefined;
  base: string;
  orders: number;
  productId(stockcode: string): Promise<number>;
  /** Stops the in-process app (the database stays, e.g. for a cluster run). */
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

export async function startBenchApp(opts: { orders?: number } = {}): Promise<BenchApp> {
  ensureBuild();
  const fresh: FreshDb = { ...(await createTestDb('bench')), mode: dbMode() };
  let database: Database | undefined;
  let app: Running | undefined;
  let orders = 0;
  const cleanup = async () => {
    await app?.stop().catch(() => undefined);
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
    console.log(`database: ${fresh.mode}, demo data loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${summary.products} products, ${summary.orders} orders)`);
    // SEED=demo: the data is seeded above (start sees a full database and loads nothing), and in
    // production the demo accounts' password works only when the demo data was asked for.
    app = await start({ env: 'production', port: 0, databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir, seed: 'demo', logLevel: 'silent' }, { database });
  } catch (e) {
    await cleanup();
    throw e;
  }
  const db = database;
  const bench: BenchApp = {
    fresh,
    database: db,
    app,
    base: `http://127.0.0.1:${app.port}`,
    orders,
    productId: async (stockcode) => (await db.pool.query<{ id: number }>('select id from products where stockcode = $1', [stockcode])).rows[0].id,
    async stopApp() {
      await app?.stop();
      app = bench.app = undefined;
    },
    cleanup,
  };
  return bench;
}
