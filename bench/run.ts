/**
 * `npm run bench` — throughput, latency and database round trips of the storefront's requests,
 * each next to a bare Node `http` server answering 2 KB, measured in the same run right after the
 * row (the ratio is the figure: this machine's speed, and the load other work puts on it, cancel out):
 *
 *   landing page           GET  /en-us/                       anonymous returning visitor (CSRF cookie, no session)
 *   catalog page           GET  /en-us/products               anonymous
 *   product page           GET  /en-us/products/{DEMO-CONFIG} anonymous, then signed in (customer@example.com)
 *   … first visit          the landing, catalog and product pages with no cookie at all (each
 *                          request a new visitor: a new CSRF secret and its cookie)
 *   typeahead              GET  /en-us/search/typeahead?q=plate
 *   add to cart            POST /en-us/cart/add/inline        one shopper per connection (own session and cart)
 *   cart update            PUT  /en-us/cart/{line_item_id}    one shopper per connection, quantity 2 ↔ 3
 *   checkout page          GET  /en-us/cart/checkout          signed in with a cart (skipped while the route answers 404)
 *
 * and, on PostgreSQL only, the product page served by `src/cluster.ts` with WORKERS=1 and then
 * WORKERS=2 (the ratio of the two is the scale-out figure).
 *
 * The app runs as `npm start` runs it, in its own process (src/server.ts, NODE_ENV=production so
 * views are cached, request log off), over a fresh database: a new embedded PGlite folder by
 * default, or a new database on the server named by DATABASE_URL, with the demo data (`--orders N`
 * is passed to the seed). The bare server runs in a third process. Round trips are the queries the
 * app's pool clients send during the measured window (the app says its count over IPC), divided by
 * the requests answered. Load comes from autocannon in a worker thread of this process, loopback
 * only, bounded by time. Prints a table and writes bench/results.json (one entry per database mode,
 * `postgres` and `embedded`, each from its latest run, with the commit it measured); each row
 * carries its target and what it misses.
 *
 *   npm run bench -- [--duration 8] [--warmup 2] [--connections 64] [--orders N] [--workers 1]
 *                    [--only name,name] [--no-cluster] [--out bench/results.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBenchApp, type BenchApp, type FreshDb } from './app.ts';
import { startCluster } from './cluster.ts';
import {
  bareExpressProcess,
  bareProcess,
  commitOf,
  measure,
  measureWithWrk,
  round,
  wrkPath,
  BARE_BODY_BYTES,
  type LoadSettings,
  type LoadSpec,
  type Measured,
} from './load.ts';
import {
  clusterRow,
  printTable,
  row,
  TARGETS,
  type ClusterRow,
  type Row,
  type Skipped,
  type Target,
} from './report.ts';
import { anonymousVisitor, BROWSER_HEADERS, scriptHeaders, shopper, signedIn, type Visitor } from './visitors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEMO_PASSWORD = 'demo-pass-2026';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '64' },
    orders: { type: 'string' },
    workers: { type: 'string', default: '1' },
    only: { type: 'string' },
    'no-cluster': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(here, 'results.json') },
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
  connections: int('connections', args.connections, 1, 256),
  workers: int('workers', args.workers, 0, 4),
  orders: args.orders === undefined ? undefined : int('orders', args.orders, 0, 1_000_000),
};
const load: LoadSettings = settings;
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : undefined;

// ------------------------------------------------------------------ the rows

type Case = {
  /** Short name for --only. */
  id: string;
  name: string;
  path: string;
  target: Target;
  /** The request as the load generator sends it, against `base` (the app or the bare server). */
  spec(base: string): LoadSpec;
  /** One request like the measured ones, made before measuring: its body sizes the bare server's answer. */
  probe(base: string): Promise<Response>;
};

type Fixtures = {
  anonymous: Visitor;
  customer: Visitor;
  productPath: string;
  addShoppers: { cookie: string; csrf: string; productId: number }[];
  updateShoppers: (Visitor & { linePath: string })[];
};

/** A page as a browser asks for it (compressed), or `plain`: without Accept-Encoding. */
const get = (path: string, v: Visitor | null, plain = false): Pick<Case, 'spec' | 'probe'> => {
  const cookie: Record<string, string> = v ? { cookie: v.cookie } : {};
  const headers = plain ? cookie : { ...BROWSER_HEADERS, ...cookie };
  return { spec: (base) => ({ url: base + path, headers }), probe: (base) => fetch(base + path, { headers }) };
};

function cases(f: Fixtures): Case[] {
  return [
    {
      id: 'landing',
      name: 'landing page',
      path: '/en-us/',
      target: TARGETS.anonymousPage,
      ...get('/en-us/', f.anonymous),
    },
    {
      id: 'catalog',
      name: 'catalog page',
      path: '/en-us/products',
      target: TARGETS.anonymousPage,
      ...get('/en-us/products', f.anonymous),
    },
    {
      id: 'product',
      name: 'product page, anonymous',
      path: f.productPath,
      target: TARGETS.anonymousPage,
      ...get(f.productPath, f.anonymous),
    },
    // First visits: no cookie (a search engine, an advertisement's click): every request is a new visitor.
    {
      id: 'landing-first',
      name: 'landing page, first visit',
      path: '/en-us/',
      target: TARGETS.anonymousPage,
      ...get('/en-us/', null),
    },
    {
      id: 'catalog-first',
      name: 'catalog page, first visit',
      path: '/en-us/products',
      target: TARGETS.anonymousPage,
      ...get('/en-us/products', null),
    },
    {
      id: 'product-first',
      name: 'product page, first visit',
      path: f.productPath,
      target: TARGETS.anonymousPage,
      ...get(f.productPath, null),
    },
    {
      id: 'product-plain',
      name: 'product page, anonymous, uncompressed',
      path: f.productPath,
      target: TARGETS.anonymousPage,
      ...get(f.productPath, f.anonymous, true),
    },
    {
      id: 'product-signed-in',
      name: 'product page, signed in',
      path: f.productPath,
      target: TARGETS.signedInPage,
      ...get(f.productPath, f.customer),
    },
    {
      id: 'typeahead',
      name: 'typeahead',
      path: '/en-us/search/typeahead?q=plate',
      target: TARGETS.none,
      ...get('/en-us/search/typeahead?q=plate', f.anonymous),
    },
    {
      id: 'add',
      name: 'add to cart',
      path: '/en-us/cart/add/inline',
      target: TARGETS.none,
      spec: (base) => ({
        url: base,
        perConnection: f.addShoppers.map((s) => [
          {
            method: 'POST',
            path: '/en-us/cart/add/inline',
            headers: scriptHeaders(s),
            body: `product_id=${s.productId}&quantity=1`,
          },
        ]),
      }),
      probe: (base) =>
        fetch(`${base}/en-us/cart/add/inline`, {
          method: 'POST',
          headers: scriptHeaders(f.addShoppers[0]),
          body: `product_id=${f.addShoppers[0].productId}&quantity=1`,
        }),
    },
    {
      id: 'update',
      name: 'cart update',
      path: '/en-us/cart/{line_item_id}',
      target: TARGETS.cartUpdate,
      spec: (base) => ({
        url: base,
        perConnection: f.updateShoppers.map((s) =>
          [2, 3].map((q) => ({ method: 'PUT', path: s.linePath, headers: scriptHeaders(s), body: `quantity=${q}` })),
        ),
      }),
      probe: (base) =>
        fetch(base + f.updateShoppers[0].linePath, {
          method: 'PUT',
          headers: scriptHeaders(f.updateShoppers[0]),
          body: 'quantity=3',
        }),
    },
    {
      id: 'checkout',
      name: 'checkout page',
      path: '/en-us/cart/checkout',
      target: TARGETS.none,
      ...get('/en-us/cart/checkout', f.customer),
    },
    // Checkout's 'place order' row goes here: one signed-in shopper per connection
    // with a cart of their own (perConnection, like 'cart update'), posting the order.
  ];
}

// ------------------------------------------------------------------ main

/** Runs one case against the app (counting round trips), then the bare server. */
async function runCase(c: Case, base: string, bench: BenchApp, bare: { url: string }): Promise<Row | Skipped> {
  const probe = await c.probe(base);
  const body = Buffer.from(await probe.arrayBuffer());
  if (c.id === 'checkout' && probe.status === 404) {
    console.log(`  ${c.name}: skipped (${c.path} answers 404: not built)`);
    return { name: c.name, path: c.path, skipped: 'the route answers 404 (not built)' };
  }
  if (probe.status !== 200)
    throw new Error(
      `${c.name}: ${c.path} answered HTTP ${probe.status} before measuring: ${body.toString().slice(0, 300)}`,
    );
  process.stdout.write(`  ${c.name}: app… `);
  let before: Promise<number> = Promise.resolve(0);
  let after: Promise<number> = Promise.resolve(0);
  const appM = await measure(c.spec(base), load, {
    before: () => void (before = bench.roundTrips()),
    after: () => void (after = bench.roundTrips()),
  });
  const trips = (await after) - (await before);
  process.stdout.write(`bare node (${BARE_BODY_BYTES} B)… `);
  const baseM = await measure(c.spec(bare.url), load);
  const r = row(c.name, c.path, c.target, appM, baseM, appM.requests ? round(trips / appM.requests, 2) : null);
  console.log(r.misses.length ? `misses: ${r.misses.join('; ')}` : 'ok');
  return r;
}

/** One GET on a connection of its own. */
function getOnce(url: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false, headers: { cookie } }, (res) => res.resume().on('end', resolve)).on('error', reject);
  });
}

async function runCluster(fresh: FreshDb, productPath: string): Promise<ClusterRow | Skipped> {
  const name = 'product page, start:cluster';
  if (fresh.mode !== 'postgres' || !fresh.databaseUrl)
    return { name, path: productPath, skipped: 'PostgreSQL only (the embedded database serves one process)' };
  const results: Measured[] = [];
  // The loader: wrk when installed (apt-get install wrk), else autocannon, named in the row.
  const wrk = wrkPath();
  console.log(
    `  ${name}: load from ${wrk ? 'wrk (1 thread)' : 'autocannon (wrk not installed: on 2 cores this row then measures autocannon)'}`,
  );
  for (const workers of [1, 2]) {
    process.stdout.write(`  ${name}, WORKERS=${workers}… `);
    const cluster = await startCluster(workers, {
      databaseUrl: fresh.databaseUrl,
      sessionSecret: process.env.SESSION_SECRET!,
    });
    try {
      const visitor = await anonymousVisitor(cluster.url);
      // Every worker's first views compile templates and fill caches; the warm-up then runs at full load.
      // New connections (no keep-alive), so the kernel hands them to every worker.
      for (let i = 0; i < 4 * workers; i++) await getOnce(cluster.url + productPath, visitor.cookie);
      const spec = { url: cluster.url + productPath, headers: { ...BROWSER_HEADERS, cookie: visitor.cookie } };
      results.push(wrk ? measureWithWrk(wrk, spec, load) : await measure(spec, load));
    } finally {
      await cluster.stop();
    }
    console.log(`${results[results.length - 1].rps} req/s`);
  }
  return { ...clusterRow(name, productPath, results[0], results[1]), loader: wrk ? 'wrk' : 'autocannon' };
}

async function main() {
  const bench = await startBenchApp({ orders: settings.orders });
  const { fresh, base, productId } = bench;
  const bare = await bareProcess();
  const commit = commitOf(path.resolve(here, '..'));
  try {
    const loadBefore = os.loadavg().map((n) => round(n, 2));
    // Visitors first (sign-in, carts), so that no setup request falls in a measured window.
    const plate = await productId('DEMO-SEED-PLATE');
    const updateShoppers = [];
    const addShoppers = [];
    for (let i = 0; i < settings.connections; i++) {
      updateShoppers.push(await shopper(base, plate));
      addShoppers.push({ ...(await shopper(base, plate)), productId: plate });
    }
    const fixtures: Fixtures = {
      anonymous: await anonymousVisitor(base),
      customer: await signedIn(base, 'customer@example.com', DEMO_PASSWORD),
      productPath: `/en-us/products/${await productId('DEMO-CONFIG')}`,
      addShoppers,
      updateShoppers,
    };

    console.log(
      `measuring: ${settings.connections} connections, ${settings.warmup_s} s warm-up + ${settings.duration_s} s each, autocannon ${settings.workers ? `in ${settings.workers} worker thread(s)` : 'in-process'}`,
    );
    // The floor: a bare Express answering the same 2 KB, against the bare Node server, in one window each.
    process.stdout.write('  floor: bare Express 5 (one route, 2 KB)… ');
    const floorSpec = (base: string) => ({ url: `${base}/en-us/products/1`, headers: BROWSER_HEADERS });
    const expressServer = await bareExpressProcess();
    const expressM = await measure(floorSpec(expressServer.url), load);
    await expressServer.close();
    const floorBare = await measure(floorSpec(bare.url), load);
    const floor = {
      express_rps: expressM.rps,
      express_p99_ms: expressM.p99_ms,
      bare_rps: floorBare.rps,
      ratio: round(expressM.rps / floorBare.rps, 4),
    };
    console.log(
      `${floor.express_rps} req/s, ${(floor.ratio * 100).toFixed(1)} % of bare Node (${floor.bare_rps} req/s)`,
    );
    const rows: (Row | Skipped)[] = [];
    for (const c of cases(fixtures)) if (!only || only.has(c.id)) rows.push(await runCase(c, base, bench, bare));

    // The in-process app steps aside while the cluster runs on the same cores.
    await bench.stopApp();
    const cluster =
      args['no-cluster'] || (only && !only.has('cluster')) ? undefined : await runCluster(fresh, fixtures.productPath);

    const cpus = os.cpus();
    const results = {
      date: new Date().toISOString(),
      commit,
      machine: {
        cpus: cpus.length,
        model: cpus[0]?.model.trim() ?? 'unknown',
        memory_gb: round(os.totalmem() / 2 ** 30, 1),
        platform: `${os.platform()} ${os.release()}`,
      },
      node: process.version,
      db: fresh.mode,
      settings: {
        ...settings,
        orders: bench.orders,
        node_env: 'production',
        log_level: 'silent',
        app: 'own process (src/server.ts)',
        bare_body_bytes: BARE_BODY_BYTES,
      },
      load_average: { before: loadBefore, after: os.loadavg().map((n) => round(n, 2)) },
      // What Express itself costs: no row can pass `floor.ratio` while every request goes through it.
      floor,
      results: rows.map((r) =>
        'rps' in r ? { ...r, share_of_express_floor: round(r.rps / floor.express_rps, 4) } : r,
      ),
      cluster: cluster ?? null,
      misses: [...rows, ...(cluster ? [cluster] : [])].flatMap((r) =>
        'misses' in r ? r.misses.map((m) => `${r.name}: ${m}`) : [],
      ),
    };
    // One file for both databases: this run replaces its own mode's entry and keeps the other's.
    let previous: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(readFileSync(args.out!, 'utf8'));
      if (parsed && typeof parsed === 'object' && !('results' in parsed)) previous = parsed;
    } catch {
      // no earlier results (or an older format): start afresh
    }
    writeFileSync(args.out!, `${JSON.stringify({ ...previous, [fresh.mode]: results }, null, 2)}\n`);
    printTable(rows, cluster);
    console.log(
      `floor: bare Express 5 ${floor.express_rps} req/s = ${(floor.ratio * 100).toFixed(1)} % of bare Node; each row's share of that floor is in the results file`,
    );
    console.log(
      `\ncommit ${commit}: ${results.machine.cpus} × ${results.machine.model}, Node ${results.node}, database ${results.db}, load average ${loadBefore.join(' ')} before. Written to ${path.relative(process.cwd(), args.out!)}`,
    );
  } finally {
    await bare.close();
    await bench.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
