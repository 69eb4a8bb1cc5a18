/**
 * One app for the whole test run, started on port 0 over a fresh, seeded
 * database (HTTP and browser tests share it; each test uses its own data where it
 * writes). Stopped by the root hook after the last test.
 */
import { start, type Running } from '../../src/server.ts';
import { createTestDb, type TestDb } from './db.ts';
import { loadConfig } from '../../src/config.ts';
import argon2 from 'argon2';

// Kept on globalThis: mocha's `require` loads the root hooks as CommonJS while the
// specs are ES modules, so this file can be instantiated twice; the state must not be.
type State = { running?: Promise<{ app: Running; db: TestDb }> };
const state: State = ((globalThis as Record<string, unknown>).__hdTestServer ??= {}) as State;

export function testServer(): Promise<Running> {
  state.running ??= (async () => {
    const db = await createTestDb('shared');
    const app = await start({
      env: 'test',
      port: 0,
      databaseUrl: db.databaseUrl,
      dataDir: db.dataDir,
      seed: 'demo',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      sessionSecret: 'test-session-secret-0123456789',
      // Tests deliver webhooks to receivers on 127.0.0.1, and retry quickly.
      // The suite creates far more checkout accounts and card tokens from 127.0.0.1 than a shop allows one address.
      payments: { ...loadConfig({}).payments, checkoutAccountsPerHour: 100_000, cardTokensPer10Min: 100_000 },
      webhooks: {
        ...loadConfig({}).webhooks,
        allowPrivate: true,
        retryBaseMs: 200,
        maxAttempts: 3,
        timeoutMs: 3000,
        pollMs: 250,
      },
    });
    await cheapenDemoPasswordHash(app);
    return { app, db };
  })();
  return state.running.then((r) => r.app);
}

/**
 * The suites sign in hundreds of times, and each sign-in verifies the stored argon2id hash at the
 * cost it was made with (64 MiB, 3 passes: a quarter to most of a second of both cores here). The
 * demo accounts' shared hash is replaced, in the test database only, by an argon2id hash of the same
 * password at the smallest cost; sign-in still runs the real verification, and accounts the tests
 * register are hashed by the app at its own cost.
 */
async function cheapenDemoPasswordHash(app: Running) {
  const hash = await argon2.hash('demo-pass-2026', {
    type: argon2.argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  await app.database.pool.query(
    `update users set password_hash = $1
    where password_hash = (select password_hash from users where email = 'customer@example.com')`,
    [hash],
  );
}

export async function stopTestServer() {
  if (!state.running) return;
  const { app, db } = await state.running;
  state.running = undefined;
  await app.stop();
  await db.drop();
}

/** The id of a demo product by its stock code (tests name products by code, never by id). */
export async function productIdByStockcode(stockcode: string): Promise<number> {
  const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
    'select id from products where stockcode = $1',
    [stockcode],
  );
  if (!rows.length) throw new Error(`no product ${stockcode}`);
  return rows[0].id;
}

/** Rows of a SQL query against the shared test database (tests read what the app wrote). */
export async function sqlRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(sql, params)).rows as T[];
}

/**
 * A table's columns that take a value on insert (all but the generated ones: placed_total, owing):
 * `names` for the insert's column list, `values` the same columns of a record aliased `r`.
 */
export async function insertableColumns(table: string): Promise<{ names: string; values: string }> {
  const rows = await sqlRows<{ name: string }>(
    `select quote_ident(column_name) as name from information_schema.columns
    where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return { names: rows.map((c) => c.name).join(', '), values: rows.map((c) => `r.${c.name}`).join(', ') };
}

/**
 * A fresh copy of an order and its lines (new ids, no payments, no erp id), for tests that pay or
 * edit an order: the demo orders are shared by every suite and there are only so many unpaid ones.
 */
export async function cloneOrder(sourceId: number): Promise<number> {
  const [order, line] = [await insertableColumns('orders'), await insertableColumns('order_line_items')];
  const [copy] = await sqlRows<{ id: number }>(
    `insert into orders (${order.names}) select ${order.values}
    from orders o, jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object('id', nextval(pg_get_serial_sequence('orders', 'id')), 'erp_id', null, 'version', 1)) r
    where o.id = $1 returning id`,
    [sourceId],
  );
  if (!copy) throw new Error(`no order ${sourceId}`);
  await sqlRows(
    `insert into order_line_items (${line.names}) select ${line.values}
    from order_line_items l, jsonb_populate_record(null::order_line_items, to_jsonb(l) || jsonb_build_object('id', nextval(pg_get_serial_sequence('order_line_items', 'id')), 'order_id', $2::int)) r
    where l.order_id = $1 order by l.sort, l.id`,
    [sourceId, copy.id],
  );
  return copy.id;
}
