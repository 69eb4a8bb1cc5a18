/**
 * `npm run bench:orders` — the back office's order search and the orders API's synchronize at
 * scale, and the dashboard charts and one-year order report: p50/p95 of each request measured one at a time over HTTP against the app in
 * production mode, plus EXPLAIN ANALYZE of each search query. Results go under `order_admin` in
 * bench/results.json (keyed by the order count), the plans to bench/order-explain-{N}.txt.
 *
 *   npm run bench:orders -- [--orders 100000] [--requests 200] [--database-url postgres://…/already_seeded]
 *
 * Without --database-url a fresh database is created and seeded (`--orders N`, with a progress
 * line); with it, an already seeded database is used as it is (seeding 1 000 000 orders takes long).
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

process.env.NODE_ENV = 'production';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');
// Production requires the shop's address; the load generators call 127.0.0.1, the host it names.
process.env.PUBLIC_URL ??= 'http://127.0.0.1';
const { openDatabase } = await import('../src/db/client.ts');
const { applyMigrations } = await import('../src/db/migrate.ts');
const { seed } = await import('../src/db/seed/index.ts');
const { start } = await import('../src/server.ts');
const { createTestDb, dbMode } = await import('../src/db/scratch.ts');
const { buildOrderSearch } = await import('../src/features/order-admin/search.ts');
const { OrderSearchQuery } = await import('../src/features/order-admin/schemas.ts');

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    'database-url': { type: 'string' },
  },
});
const ORDERS = Number(args.orders);
const REQUESTS = Number(args.requests);

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

async function main() {
  const fresh = args['database-url'] ? null : await createTestDb('bench-orders');
  const databaseUrl = args['database-url'] ?? fresh!.databaseUrl;
  const dataDir = fresh?.dataDir ?? path.join(here, '..', 'data');
  const database = await openDatabase({ databaseUrl, dataDir });
  let app: Awaited<ReturnType<typeof start>> | undefined;
  try {
    const t0 = Date.now();
    if (fresh) {
      await applyMigrations(database.db);
      await seed(database.db, {
        orders: ORDERS,
        onProgress: (d, n) =>
          process.stderr.write(
            `\rseeding orders: ${d} / ${n} (${((Date.now() - t0) / 1000).toFixed(0)} s)${d === n ? '\n' : ''}`,
          ),
      });
      await database.pool.query('analyze');
    }
    const seedSeconds = fresh ? round((Date.now() - t0) / 1000) : null;
    const [{ n: orderCount }] = (await database.pool.query<{ n: number }>('select count(*)::int as n from orders'))
      .rows;
    app = await start(
      { env: 'production', port: 0, databaseUrl, dataDir, seed: 'none', logLevel: 'silent' },
      { database },
    );
    const base = `http://127.0.0.1:${app.port}`;

    // Sign in as staff; the bearer token comes from the page's api-token meta. In production the
    // demo password is refused (unless SEED=demo), so the bench gives staff a password of its own.
    const benchPassword = randomBytes(12).toString('hex');
    await database.pool.query('update users set password_hash = $1 where email = $2', [
      await argon2.hash(benchPassword, { type: argon2.argon2id }),
      'staff@example.com',
    ]);
    const login = await fetch(`${base}/en-us/login`);
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(await login.text())![1];
    let cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signin = await fetch(`${base}/en-us/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=staff%40example.com&password=${benchPassword}&_csrf=${encodeURIComponent(csrf)}`,
    });
    cookie =
      signin.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ') || cookie;
    const accountPage = await fetch(`${base}/en-us/account`, { headers: { cookie }, redirect: 'manual' });
    const accountHtml = await accountPage.text();
    const tokenMatch = /name="api-token" content="([^"]+)"/.exec(accountHtml);
    if (!tokenMatch)
      throw new Error(
        `no api-token: sign-in ${signin.status} ${(/class="[^"]*(error|alert)[^"]*"[^>]*>[^<]*/.exec(await signin.text()) ?? [''])[0]} ${signin.headers.get('location')}, account ${accountPage.status} ${accountPage.headers.get('location')} ${accountHtml.slice(0, 300)}`,
      );
    const token = tokenMatch[1];

    const pick = async (sql: string) => (await database.pool.query(sql)).rows[0];
    const po = (await pick(`select po_number from orders where po_number is not null order by id desc limit 1`))
      .po_number as string;
    const email = (
      await pick(`select p.email from orders o join persons p on p.id = o.person_id order by o.id desc limit 1`)
    ).email as string;
    const syncId = (
      await pick(
        `select order_id as id from order_line_items group by order_id order by count(*) desc, order_id desc limit 1`,
      )
    ).id as number;
    const cases: { name: string; path: string; query?: Record<string, string>; headers?: Record<string, string> }[] = [
      { name: 'order search: first page, unfiltered', path: '/en-us/account/dashboard/orders', query: {} },
      {
        name: 'order search: by PO number',
        path: `/en-us/account/dashboard/orders?po=${encodeURIComponent(po)}`,
        query: { po },
      },
      {
        name: 'order search: by customer email',
        path: `/en-us/account/dashboard/orders?customer=${encodeURIComponent(email)}`,
        query: { customer: email },
      },
      {
        name: 'order search: status + date range',
        path: '/en-us/account/dashboard/orders?status=processing&from=2026-01-01&to=2026-03-31',
        query: { status: 'processing', from: '2026-01-01', to: '2026-03-31' },
      },
      {
        name: 'orders API: synchronize',
        path: `/en-us/api/orders/${syncId}/synchronize`,
        headers: { authorization: `Bearer ${token}` },
      },
      // The back office's insight pages over the same orders: the seed's year before 2026-06-01.
      { name: 'dashboard charts (2 years)', path: '/account/dashboard?period=730' },
      {
        name: 'order report, 1 year by day',
        path: `/en-us/account/dashboard/reports/orders?from=${encodeURIComponent('6/1/25')}&to=${encodeURIComponent('5/31/26')}&group=day`,
      },
    ];
    const rows = [];
    const explain: string[] = [];
    for (const c of cases) {
      const headers = c.headers ?? { cookie };
      for (let i = 0; i < 20; i++) await (await fetch(base + c.path, { headers })).arrayBuffer();
      const times: number[] = [];
      let bad = 0;
      // A slow row stops after 90 s once it has 20 samples (a p95 still means something).
      const until = performance.now() + 90_000;
      for (let i = 0; i < REQUESTS && (i < 20 || performance.now() < until); i++) {
        const s = performance.now();
        const res = await fetch(base + c.path, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - s);
        if (res.status !== 200) bad++;
      }
      times.sort((a, b) => a - b);
      const row = {
        name: c.name,
        path: c.path,
        requests: times.length,
        p50_ms: round(pct(times, 50)),
        p95_ms: round(pct(times, 95)),
        max_ms: round(times[times.length - 1]),
        non200: bad,
      };
      rows.push(row);
      console.log(
        `${c.name.padEnd(40)} p50 ${row.p50_ms.toFixed(1).padStart(7)} ms   p95 ${row.p95_ms.toFixed(1).padStart(7)} ms   non-200 ${bad}`,
      );
      if (c.query) {
        const q = OrderSearchQuery.parse(c.query);
        const built = buildOrderSearch(database.db, q, undefined).query.toSQL();
        const plan = await database.pool.query(`explain (analyze, buffers) ${built.sql}`, built.params as unknown[]);
        explain.push(`-- ${c.name}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`);
      }
    }
    const file = path.join(here, 'results.json');
    const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    results.order_admin ??= {};
    results.order_admin[String(orderCount)] = {
      date: new Date().toISOString(),
      db: databaseUrl ? 'postgres' : dbMode(),
      orders: orderCount,
      seed_seconds: seedSeconds,
      method: `${REQUESTS} sequential requests per row after 20 warm-up, one connection, app in production mode`,
      rows,
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(here, `order-explain-${orderCount}.txt`), explain.join('\n'));
    console.log(
      `${orderCount} orders. Written to bench/results.json (order_admin) and bench/order-explain-${orderCount}.txt`,
    );
  } finally {
    await app?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    await fresh?.drop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
