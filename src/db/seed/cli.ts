/**
 * npm run seed [-- --force] [-- --orders N]
 * Loads the demo data into an empty database; refuses a non-empty one unless
 * --force (which empties every table first). --orders N makes N orders (benchmarks).
 * With NODE_ENV=production it refuses unless SEED=demo is set (exit 2, the database untouched).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { applyMigrations } from '../migrate.ts';
import { isDatabaseEmpty, seed } from './index.ts';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false }, orders: { type: 'string' } } });
const orders = values.orders === undefined ? undefined : Number(values.orders);
if (orders !== undefined && (!Number.isInteger(orders) || orders < 0)) {
  console.error('--orders takes a whole number');
  process.exit(2);
}

const config = loadConfig();
// The demo accounts share a published password and hold every permission: a production database
// gets them only when asked for explicitly, as at start (SEED=demo; README "SEED").
if (config.env === 'production' && config.seed !== 'demo') {
  console.error('Refusing to load the demo data with NODE_ENV=production: set SEED=demo to load it anyway.');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await applyMigrations(database.db);
  if (!(await isDatabaseEmpty(database.db))) {
    if (!values.force) {
      console.error('The database already has data. Run with --force to empty it and load the demo data again.');
      process.exitCode = 1;
    } else {
      await truncateAll(database.db);
    }
  }
  if (process.exitCode !== 1) {
    const t0 = Date.now();
    const progress = (done: number, total: number) => {
      if (total < 10_000) return;
      const s = (Date.now() - t0) / 1000;
      process.stderr.write(
        `\rorders: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${s.toFixed(0)} s, ${Math.round(done / Math.max(s, 0.001)).toLocaleString('en-US')}/s)${done === total ? '\n' : ''}`,
      );
    };
    const summary = await seed(database.db, orders === undefined ? {} : { orders, onProgress: progress });
    console.log(`Demo data loaded in ${Date.now() - t0} ms:`, summary);
  }
} finally {
  await database.close();
}

async function truncateAll(db: typeof database.db) {
  const { rows } = await database.pool.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> 'session'`,
  );
  if (rows.length)
    await db.execute(sql.raw(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`));
}
