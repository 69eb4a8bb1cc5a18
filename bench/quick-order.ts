/**
 * `npx tsx bench/quick-order.ts [--runs 20]` — quick order: how long POST
 * /{locale}/quick-order/resolve takes for 500 pasted lines, timed from THIS process against the
 * app started as `npm start` runs it (its own process, NODE_ENV=production) over a fresh database
 * with the demo data (embedded, or a new database on DATABASE_URL's server). Every line names a
 * demo product (the catalogue's part numbers over and over, so each line carries its product,
 * price and stock), as a dealer's paste would. Prints the median, p95 and slowest of `--runs`
 * sequential requests after 3 warm-up requests, and the database round trips per request.
 * The target is under a second.
 */
import { parseArgs } from 'node:util';
import { PRODUCTS } from '../src/db/seed/catalog-data.ts';
import { startBenchApp } from './app.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, lines: { type: 'string', default: '500' } },
});
const runs = Math.max(1, Math.min(200, Number(args.runs) || 20));
const count = Math.max(1, Math.min(500, Number(args.lines) || 500));

async function main() {
  const bench = await startBenchApp();
  try {
    const page = await fetch(`${bench.base}/en-us/quick-order`);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
    if (!token) throw new Error('no CSRF token on the quick order page');
    const text = Array.from(
      { length: count },
      (_, i) => `${PRODUCTS[i % PRODUCTS.length].stockcode}, ${1 + (i % 9)}`,
    ).join('\n');
    const headers = {
      cookie,
      'Content-Type': 'application/json',
      'X-CSRF-Token': token,
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    };
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(`${bench.base}/en-us/quick-order/resolve`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      const body = (await res.json()) as { count?: number };
      const ms = performance.now() - t0;
      if (res.status !== 200 || body.count !== count)
        throw new Error(`resolve answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return ms;
    };
    for (let i = 0; i < 3; i++) await once();
    const before = await bench.roundTrips();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    const trips = ((await bench.roundTrips()) - before) / runs;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `quick order: resolve ${count} lines (${bench.fresh.mode}, production, ${runs} sequential requests from another process)`,
    );
    console.log(
      `  median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, slowest ${ms(times[times.length - 1])}; ${trips.toFixed(1)} database round trips a request`,
    );
    console.log(`  target: under 1000 ms — ${times[times.length - 1] < 1000 ? 'met' : 'MISSED'}`);
  } finally {
    await bench.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
