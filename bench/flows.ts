/**
 * `npm run bench:flows` (also the second half of `npm run bench`): the checkout page, placing an order
 * and the back-office insight rows, beside the product page and cart update,
 * in the per-row format they were built with. bench/run.ts is the storefront's 64-connection run.
 *
 * Originally `npm run bench` — throughput and tail latency of two storefront requests, each next to a bare
 * Node `http` server answering a response of the same size, measured in the same run:
 *
 *   product page   GET /en-us/products/{DEMO-CONFIG}   (a returning visitor: session cookie)
 *   cart update    PUT /en-us/cart/{line_item_id}      (one shopper per connection: own session,
 *                                                      CSRF header, cart line; quantity 2 ↔ 3)
 *
 * The app runs in this process (src/server.ts start() on port 0, NODE_ENV=production so views
 * are cached, request log off) over a fresh database: a new embedded PGlite folder by
 * default, or a new database on the server named by DATABASE_URL. Demo data is loaded first
 * (`--orders N` is passed to the seed). Load comes from autocannon in a worker thread, loopback
 * only, bounded by time. Prints a table and writes bench/results.json.
 *
 *   npm run bench -- [--duration 8] [--warmup 2] [--connections 10] [--orders N] [--workers 1] [--out bench/results.json]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Database } from '../src/db/client.ts';
import { createTestDb, dbMode, type TestDb } from '../src/db/scratch.ts';
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

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    orders: { type: 'string' },
    workers: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(here, 'results-flows.json') },
  },
});

const int = (name: string, v: string | undefined, min: number, max: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
};
const settings = {
  duration_s: int('duration', args.duration, 1, 60),
  warmup_s: int('warmup', args.warmup, 0, 30),
  connections: int('connections', args.connections, 1, 100),
  workers: int('workers', args.workers, 0, 4),
  orders: args.orders === undefined ? undefined : int('orders', args.orders, 0, 1_000_000),
};

type Measured = {
  rps: number;
  p50_ms: number;
  p97_5_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  status_codes: Record<string, number>;
  bytes: number;
};
type Row = {
  name: string;
  path: string;
  rps: number;
  p99_ms: number;
  baseline_rps: number;
  baseline_p99_ms: number;
  ratio: number;
  non2xx: number;
  details: { app: Measured; baseline: Measured };
};

// ------------------------------------------------------------------ database

type FreshDb = TestDb & { mode: 'embedded' | 'postgres' };

/** A database nobody else uses: a new embedded folder, or a new database on DATABASE_URL's server. */
async function freshDatabase(): Promise<FreshDb> {
  return { ...(await createTestDb('bench')), mode: dbMode() };
}

// ------------------------------------------------------------------ HTTP helpers (setup only)

type Visitor = { cookie: string; csrf: string };

function cookieOf(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  return [...jar.values()].join('; ');
}

/** A new visitor: a session cookie and its CSRF token, from the landing page. */
async function newVisitor(base: string): Promise<Visitor> {
  const res = await fetch(`${base}/en-us/`);
  const html = await res.text();
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  const cookie = cookieOf(res);
  if (res.status !== 200 || !csrf || !cookie)
    throw new Error(`landing page: HTTP ${res.status}, csrf ${!!csrf}, cookie ${!!cookie}`);
  return { cookie, csrf };
}

const scriptHeaders = (v: Visitor) => ({
  cookie: v.cookie,
  'x-csrf-token': v.csrf,
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json',
  'content-type': 'application/x-www-form-urlencoded',
});

// ------------------------------------------------------------------ load

/** A bare Node server answering every request with `body` once the request body is read. */
async function bareServer(body: Buffer, contentType: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type LoadSpec = { url: string; headers?: Record<string, string>; setupClient?: string; env?: Record<string, string> };

async function load(spec: LoadSpec, seconds: number): Promise<Measured> {
  for (const [k, v] of Object.entries(spec.env ?? {})) process.env[k] = v; // read by the worker's setupClient
  const opts: autocannon.Options = {
    url: spec.url,
    connections: settings.connections,
    duration: seconds,
    headers: spec.headers,
    ...(settings.workers > 0 ? { workers: settings.workers } : {}),
  };
  if (spec.setupClient) {
    // Workers need a file to require; in-process runs take the function itself.
    (opts as { setupClient?: unknown }).setupClient =
      settings.workers > 0 ? spec.setupClient : (await import(spec.setupClient)).default;
  }
  const r = await autocannon(opts);
  return {
    rps: round(r.requests.average, 1),
    p50_ms: round(r.latency.p50, 2),
    p97_5_ms: round(r.latency.p97_5, 2),
    p99_ms: round(r.latency.p99, 2),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    status_codes: Object.fromEntries(
      Object.entries((r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(
        ([k, v]) => [k, v.count],
      ),
    ),
    bytes: round(r.throughput.total / Math.max(1, r.requests.total), 0),
  };
}

/** Warm up, then measure. */
async function measure(spec: LoadSpec): Promise<Measured> {
  if (settings.warmup_s > 0) await load(spec, settings.warmup_s);
  return load(spec, settings.duration_s);
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

// ------------------------------------------------------------------ main

function ensureBuild() {
  if (existsSync(path.join(root, 'public/build/manifest.json'))) return;
  console.log('building the islands (public/build is missing)…');
  const r = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('islands build failed');
}

async function main() {
  ensureBuild();
  const fresh = await freshDatabase();
  let database: Database | undefined;
  let app: Running | undefined;
  const cleanup = async () => {
    await app?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh.drop().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const t0 = Date.now();
    const loadBefore = os.loadavg().map((n) => round(n, 2));
    database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    await applyMigrations(database.db);
    const summary = await seed(database.db, settings.orders === undefined ? {} : { orders: settings.orders });
    // A bulk load leaves the planner without statistics until autovacuum comes by: gather them now, as a live shop has them.
    await database.pool.query('analyze');
    console.log(
      `database: ${fresh.mode}, demo data loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${summary.products} products, ${summary.orders} orders)`,
    );

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
    const base = `http://127.0.0.1:${app.port}`;
    const productId = async (stockcode: string) =>
      (await database!.pool.query<{ id: number }>('select id from products where stockcode = $1', [stockcode])).rows[0]
        .id;

    // Product page: a visitor who has been here before (the session exists; no new session row per view).
    const pagePath = `/en-us/products/${await productId('DEMO-CONFIG')}`;
    const browsing = await newVisitor(base);
    const pageRes = await fetch(base + pagePath, { headers: { cookie: browsing.cookie } });
    const pageBody = Buffer.from(await pageRes.arrayBuffer());
    if (pageRes.status !== 200) throw new Error(`GET ${pagePath}: HTTP ${pageRes.status}`);

    // Cart update: one shopper per connection, each with a cart line of their own.
    const plate = await productId('DEMO-SEED-PLATE');
    const shoppers: { cookie: string; csrf: string; path: string }[] = [];
    for (let i = 0; i < settings.connections; i++) {
      const v = await newVisitor(base);
      const add = await fetch(`${base}/en-us/cart/add/inline`, {
        method: 'POST',
        headers: scriptHeaders(v),
        body: `product_id=${plate}&quantity=1`,
      });
      const added = (await add.json()) as { line?: { order_line_item_id: number }; error?: unknown };
      if (add.status !== 200 || !added.line)
        throw new Error(`POST /en-us/cart/add/inline: HTTP ${add.status} ${JSON.stringify(added)}`);
      shoppers.push({
        cookie: cookieOf(add, v.cookie),
        csrf: v.csrf,
        path: `/en-us/cart/${added.line.order_line_item_id}`,
      });
    }
    const first = shoppers[0];
    const putRes = await fetch(base + first.path, { method: 'PUT', headers: scriptHeaders(first), body: 'quantity=3' });
    const putBody = Buffer.from(await putRes.arrayBuffer());
    if (putRes.status !== 200) throw new Error(`PUT ${first.path}: HTTP ${putRes.status} ${putBody.toString()}`);

    // Checkout: one signed-in customer per connection, each with a saved address and a
    // cart; the stock of the product they buy is made plentiful so every lap can place an order.
    const buyPlate = await productId('HT-CLV');
    await database.pool.query('update inventory set quantity = 1000000, reserved = 0 where product_id = $1', [
      buyPlate,
    ]);
    const checkoutSessions: { cookie: string; csrf: string; addressId: number; productId: number }[] = [];
    const [demoHash] = (
      await database.pool.query<{ password_hash: string }>(
        `select password_hash from users where email = 'customer@example.com'`,
      )
    ).rows;
    for (let i = 0; i < settings.connections; i++) {
      const email = `bench-buyer-${i}@example.test`;
      const {
        rows: [u],
      } = await database.pool.query<{ id: number }>(
        `insert into users (email, password_hash, first_name, last_name, role) values ($1, $2, 'Bench', 'Buyer', 'customer') returning id`,
        [email, demoHash.password_hash],
      );
      const {
        rows: [p],
      } = await database.pool.query<{ id: number }>(
        `insert into persons (first_name, last_name, email, user_id) values ('Bench', 'Buyer', $1, $2) returning id`,
        [email, u.id],
      );
      const {
        rows: [a],
      } = await database.pool.query<{ id: number }>(
        `insert into addresses (user_id, person_id, first_name, last_name, address1, city, region_code, postal_code, country_code) values ($1, $2, 'Bench', 'Buyer', '1412 Oakwood Drive', 'Ames', 'IA', '50010', 'US') returning id`,
        [u.id, p.id],
      );
      const v = await newVisitor(base);
      const login = await fetch(`${base}/en-us/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ email, password: 'demo-pass-2026', _csrf: v.csrf }).toString(),
      });
      if (login.status !== 303) throw new Error(`bench sign-in: HTTP ${login.status}`);
      const cookie = cookieOf(login, v.cookie);
      const page = await fetch(`${base}/en-us/cart`, { headers: { cookie } });
      const cookie2 = cookieOf(page, cookie);
      const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      const add = await fetch(`${base}/en-us/cart/add/inline`, {
        method: 'POST',
        headers: scriptHeaders({ cookie: cookie2, csrf }),
        body: `product_id=${buyPlate}&quantity=1`,
      });
      if (add.status !== 200)
        throw new Error(
          `bench add to cart: HTTP ${add.status} ${await add.text()} (page ${page.status}, ${cookie2 !== cookie ? 'new cookie' : 'same cookie'})`,
        );
      checkoutSessions.push({ cookie: cookie2, csrf, addressId: a.id, productId: buyPlate });
    }
    const checkoutFirst = checkoutSessions[0];
    const checkoutPath = '/en-us/cart/checkout';
    const checkoutRes = await fetch(base + checkoutPath, { headers: { cookie: checkoutFirst.cookie } });
    const checkoutBody = Buffer.from(await checkoutRes.arrayBuffer());
    if (checkoutRes.status !== 200 || !checkoutBody.includes('data-island="checkout"'))
      throw new Error(`GET ${checkoutPath}: HTTP ${checkoutRes.status}`);
    const placeBody = Buffer.from(
      JSON.stringify({
        order_id: 100000,
        status: 'pending',
        total: '123.45',
        currency: 'USD',
        redirect: '/en-us/orders/100000?placed=1',
      }),
    );

    console.log(
      `measuring: ${settings.connections} connections, ${settings.warmup_s} s warm-up + ${settings.duration_s} s each, autocannon ${settings.workers ? `in ${settings.workers} worker thread(s)` : 'in-process'}`,
    );
    const rows: Row[] = [];
    const cartClient = path.join(here, 'cart-client.cjs');
    const cartEnv = { BENCH_CART_SESSIONS: JSON.stringify(shoppers) };
    const cases = [
      {
        name: 'product page GET',
        path: pagePath,
        body: pageBody,
        type: 'text/html; charset=utf-8',
        spec: (url: string): LoadSpec => ({ url: url + pagePath, headers: { cookie: browsing.cookie } }),
      },
      {
        name: 'cart update PUT',
        path: '/en-us/cart/{line_item_id}',
        body: putBody,
        type: 'application/json; charset=utf-8',
        spec: (url: string): LoadSpec => ({ url, setupClient: cartClient, env: cartEnv }),
      },
      // Checkout
      {
        name: 'checkout page GET',
        path: checkoutPath,
        body: checkoutBody,
        type: 'text/html; charset=utf-8',
        spec: (url: string): LoadSpec => ({ url: url + checkoutPath, headers: { cookie: checkoutFirst.cookie } }),
      },
      // Five requests a lap (add, customer info, quotes, choose, place): orders per second = req/s ÷ 5.
      {
        name: 'place order (checkout lap ×5)',
        path: '/en-us/order/place',
        body: placeBody,
        type: 'application/json; charset=utf-8',
        spec: (url: string): LoadSpec => ({
          url,
          setupClient: path.join(here, 'checkout-client.cjs'),
          env: { BENCH_CHECKOUT_SESSIONS: JSON.stringify(checkoutSessions) },
        }),
      },
    ];
    // Back office insight: the dashboard's charts and a one-year order report, signed in as staff.
    const staff = await newVisitor(base);
    const signIn = await fetch(`${base}/en-us/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=staff%40example.com&password=demo-pass-2026&_csrf=${encodeURIComponent(staff.csrf)}`,
    });
    if (signIn.status !== 303) throw new Error(`sign-in for the insight rows: HTTP ${signIn.status}`);
    const staffCookie = cookieOf(signIn, staff.cookie);
    // The seed's orders span the year before 2026-06-01: measure that year (the report a person asks for), and the dashboard's 2-year view.
    const insight = [
      { name: 'dashboard charts GET', path: '/account/dashboard?period=730' },
      {
        name: 'order report 1y GET',
        path: `/en-us/account/dashboard/reports/orders?from=${encodeURIComponent('6/1/25')}&to=${encodeURIComponent('5/31/26')}&group=day`,
      },
      {
        name: 'order report 1y CSV',
        path: `/en-us/account/dashboard/reports/orders.csv?from=${encodeURIComponent('6/1/25')}&to=${encodeURIComponent('5/31/26')}&group=day`,
      },
    ];
    for (const r of insight) {
      const res = await fetch(base + r.path, { headers: { cookie: staffCookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`GET ${r.path}: HTTP ${res.status}`);
      cases.push({
        name: r.name,
        path: r.path,
        body,
        type: res.headers.get('content-type') ?? 'text/html',
        spec: (url: string): LoadSpec => ({ url: url + r.path, headers: { cookie: staffCookie } }),
      });
    }
    for (const c of cases) {
      process.stdout.write(`  ${c.name}: app… `);
      const appM = await measure(c.spec(base));
      process.stdout.write('bare node… ');
      const bare = await bareServer(c.body, c.type);
      const baseM = await measure(c.spec(bare.url));
      await bare.close();
      console.log('done');
      if (appM.non2xx || appM.errors)
        console.warn(
          `  warning: ${c.name}: status codes ${JSON.stringify(appM.status_codes)}, ${appM.errors} errors/timeouts`,
        );
      rows.push({
        name: c.name,
        path: c.path,
        rps: appM.rps,
        p99_ms: appM.p99_ms,
        baseline_rps: baseM.rps,
        baseline_p99_ms: baseM.p99_ms,
        ratio: round(appM.rps / Math.max(baseM.rps, 1e-9), 4),
        // Anything but 0 means the rps above counts failed answers too: see details.app.status_codes.
        non2xx: appM.non2xx + appM.errors,
        details: { app: appM, baseline: baseM },
      });
    }

    const cpus = os.cpus();
    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus.length,
        model: cpus[0]?.model.trim() ?? 'unknown',
        memory_gb: round(os.totalmem() / 2 ** 30, 1),
        platform: `${os.platform()} ${os.release()}`,
      },
      node: process.version,
      db: fresh.mode,
      settings: { ...settings, orders: summary.orders, node_env: 'production', log_level: 'silent' },
      load_average: { before: loadBefore, after: os.loadavg().map((n) => round(n, 2)) },
      results: rows,
    };
    writeFileSync(args.out!, `${JSON.stringify(results, null, 2)}\n`);
    printTable(rows);
    console.log(
      `\n${results.machine.cpus} × ${results.machine.model}, Node ${results.node}, database ${results.db}. Written to ${path.relative(process.cwd(), args.out!)}`,
    );
  } finally {
    await cleanup();
  }
}

function printTable(rows: Row[]) {
  const head = [
    'benchmark',
    'req/s',
    'p97.5 ms',
    'p99 ms',
    'bare req/s',
    'bare p99 ms',
    'app/bare',
    'bytes',
    'non-2xx',
  ];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.details.app.p97_5_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    r.baseline_rps.toFixed(0),
    r.baseline_p99_ms.toFixed(1),
    `${(r.ratio * 100).toFixed(1)} %`,
    String(r.details.app.bytes),
    String(r.non2xx),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${body.map(line).join('\n')}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
