/**
 * `npm run bench:quick` — see a storefront regression at the commit where it happens, in under 45 s.
 *
 * Starts the app the way `npm start` runs it (its own process, NODE_ENV=production, the embedded
 * database kept in a folder of its own between runs so the demo data is seeded once), starts a
 * bare Node server answering 2 KB in another process, then loads the anonymous product page
 * (DEMO-CONFIG, as `npm run bench` does, asking as a browser does: Accept-Encoding gzip) twice: as
 * a first visit (no cookie: every request gets a new CSRF secret and its cookie) and as a returning
 * visitor (the CSRF cookie of a first page view, no session), then the bare server, from this
 * process with autocannon, one after the other, for `--duration` seconds each. Prints each row's
 * req/s, p99 and ratio to the bare server next to the last recorded figure and the commit it was
 * measured on (bench/results-quick.json); `--record` writes this run there.
 *
 *   npm run bench:quick -- [--duration 10] [--connections 64] [--record] [--fresh]
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bareExpressProcess, bareProcess, commitOf, stopProcess } from './load.ts';
import { BROWSER_HEADERS } from './visitors.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = path.join(root, 'bench', 'results-quick.json');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    record: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
  },
});
const duration = Math.max(1, Math.min(60, Number(args.duration) || 10));
const connections = Math.max(1, Math.min(256, Number(args.connections) || 64));

type Figure = {
  rps: number;
  p99_ms: number;
  bare_rps: number;
  ratio: number;
  commit: string;
  date: string;
  connections: number;
  duration_s: number;
  errors: number;
  non2xx: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before answering`);
    try {
      const r = await fetch(url, { redirect: 'manual' });
      if (r.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function load(url: string, seconds = duration, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function main() {
  // Kept between runs, but never across a schema change: the newest migration names the folder.
  const journal = JSON.parse(readFileSync(path.join(root, 'migrations', 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const schema = journal.entries.at(-1)?.tag ?? 'none';
  const dataDir = path.join(os.tmpdir(), `hd-bench-quick-${path.basename(root)}-${schema}`);
  if (args.fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  execFileSync(process.execPath, [path.join(root, 'esbuild.config.mjs')], { cwd: root, stdio: 'ignore' });

  const appPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(appPort),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-quick-secret-0123456789abcdef',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
  };
  delete env.DATABASE_URL;
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const app = spawn(tsx, ['src/server.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const bare = await bareProcess();
  try {
    const base = `http://127.0.0.1:${appPort}`;
    await waitFor(`${base}/en-us/`, app, 120);
    const found = (await (await fetch(`${base}/en-us/search/typeahead?q=DEMO-CONFIG`)).json()) as {
      id: number | string;
    }[];
    if (!found.length) throw new Error('DEMO-CONFIG not found by the typeahead');
    const page = `${base}/en-us/products/${found[0].id}`;
    const first = await fetch(`${base}/en-us/`);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!cookie.includes('hd.csrf=') || cookie.includes('hd.sid='))
      throw new Error(`a first page view should set the CSRF cookie and no session: ${cookie}`);
    const check = await fetch(page, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`${page} answered ${check.status}`);

    await load(page, 2, { ...BROWSER_HEADERS, cookie }); // warm-up: views compiled, caches filled
    const firstRun = await load(page, duration, { ...BROWSER_HEADERS });
    const appRun = await load(page, duration, { ...BROWSER_HEADERS, cookie });
    const bareRun = await load(bare.url);
    const express = await bareExpressProcess();
    const expressRun = await load(`${express.url}/en-us/products/1`).finally(() => express.close());
    const figure = (run: typeof appRun): Figure => ({
      rps: run.rps,
      p99_ms: run.p99,
      bare_rps: bareRun.rps,
      ratio: Math.round((run.rps / Math.max(1, bareRun.rps)) * 10_000) / 10_000,
      commit: commitOf(root),
      date: new Date().toISOString(),
      connections,
      duration_s: duration,
      errors: run.errors,
      non2xx: run.non2xx,
    });
    const firstVisit = figure(firstRun);
    const now = figure(appRun);
    const recorded = existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, Figure | undefined>)
      : {};
    const pct = (r: number) => `${(r * 100).toFixed(2)} %`;
    const print = (title: string, fig: Figure, last: Figure | undefined) => {
      console.log(`${title} (embedded, production, ${connections} connections, ${duration} s)`);
      console.log(
        `  now:  ${fig.rps} req/s, p99 ${fig.p99_ms} ms, ${pct(fig.ratio)} of a bare server (${fig.bare_rps} req/s), commit ${fig.commit}${fig.errors || fig.non2xx ? `, ${fig.errors} errors, ${fig.non2xx} non-2xx` : ''}`,
      );
      if (last)
        console.log(
          `  last: ${last.rps} req/s, p99 ${last.p99_ms} ms, ${pct(last.ratio)} of a bare server (${last.bare_rps} req/s), commit ${last.commit} on ${last.date.slice(0, 10)}`,
        );
      if (last && fig.ratio < last.ratio * 0.7)
        console.log(
          `  WARNING: the ratio fell by ${Math.round((1 - fig.ratio / last.ratio) * 100)} % since ${last.commit}`,
        );
    };
    console.log(
      `floor: a bare Express 5 (one route, 2 KB) ${expressRun.rps} req/s, ${pct(expressRun.rps / Math.max(1, bareRun.rps))} of the bare server: no page through Express passes it`,
    );
    print('product page, first visit (no cookie)', firstVisit, recorded.product_page_first_visit);
    print('product page, returning visitor (CSRF cookie, no session)', now, recorded.product_page);
    if (args.record) {
      writeFileSync(
        resultsFile,
        `${JSON.stringify({ product_page_first_visit: firstVisit, product_page: now }, null, 2)}\n`,
      );
      console.log(`  recorded in ${path.relative(root, resultsFile)}`);
    }
  } finally {
    await Promise.all([stopProcess(app, 8_000), bare.close()]);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
