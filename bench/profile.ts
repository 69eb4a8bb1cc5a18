/**
 * `npx tsx bench/profile.ts [--path product] [--connections 16] [--duration 10] [--label before]`:
 * a V8 CPU profile (the profiler `node --cpu-prof` uses) of the app's process while autocannon
 * loads one page (or, with `--path update` or `--path add`, the cart writes as bench/run.ts sends
 * them: one shopper with a cart of their own per connection), taken over the loaded window only (not the start, seed or warm-up). Writes
 * bench/profiles/<page>-<label>.cpuprofile (open it in Chrome DevTools → Performance) and a
 * summary beside it (.json): self time by package or source file, and the top functions. The
 * docs/performance.md quotes the top five. `--summarize FILE.cpuprofile` re-reads a saved one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBenchApp } from './app.ts';
import { measure, round, type LoadSpec } from './load.ts';
import { anonymousVisitor, BROWSER_HEADERS, scriptHeaders, shopper, signedIn } from './visitors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: 'product' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    label: { type: 'string', default: 'now' },
    'signed-in': { type: 'boolean', default: false },
    summarize: { type: 'string' },
  },
});

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a frame's code lives: a package, a source file of ours, node's own code, or V8's buckets. */
function owner(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:'))
    return url
      .replace(/^node:internal\/(?:deps\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const ours = /\/(src|views|islands)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

const V8_BUCKETS = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

/**
 * Self time by owner and by function. Native and node-internal frames (a socket write, a JSON parse)
 * are charged to the nearest caller of ours or of a package, so `pg` includes the writev of its
 * queries to the socket. The profiler's own work (node:inspector) is left out.
 */
export function summarize(profile: Profile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inspector = new Set<number>();
  const mark = (id: number, inside: boolean) => {
    const n = byId.get(id)!;
    const here = inside || n.callFrame.url === 'node:inspector';
    if (here) inspector.add(id);
    for (const c of n.children ?? []) mark(c, here);
  };
  mark(profile.nodes[0].id, false);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    let o: string;
    let f: string;
    if (inspector.has(id)) continue; // the profiler's own work (building the profile at stop)
    if ((url && !url.startsWith('node:')) || V8_BUCKETS.has(functionName)) {
      o = owner(url, functionName);
      f = `${functionName || '(anonymous)'} ${o}${url ? `:${lineNumber + 1}` : ''}`;
    } else {
      let p = parent.get(id);
      const hasSource = (q: number) => {
        const u = byId.get(q)!.callFrame.url;
        return !!u && !u.startsWith('node:');
      };
      while (p !== undefined && !hasSource(p)) p = parent.get(p);
      const caller = p === undefined ? undefined : byId.get(p)!.callFrame;
      o = caller ? owner(caller.url, caller.functionName) : '(native)';
      f = `${functionName || '(native)'} (${url ? owner(url, functionName) : 'native'}) ← ${caller ? `${caller.functionName || '(anonymous)'} ${o}:${caller.lineNumber + 1}` : '?'}`;
    }
    groups.set(o, (groups.get(o) ?? 0) + t);
    fns.set(f, (fns.get(f) ?? 0) + t);
  }
  // Busy = every sample but idle time and the profiler's own.
  const busy = [...groups.values()].reduce((a, b) => a + b, 0) || 1;
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, ms: round(t / 1000, 0), pct_of_busy: round((100 * t) / busy, 1) }));
  return {
    window_ms: round(total / 1000, 0),
    busy_pct: round((100 * (total - idle)) / total, 1),
    by_owner: rank(groups),
    by_function: rank(fns),
  };
}

function print(summary: ReturnType<typeof summarize>) {
  console.log('\nself time by owner (native calls charged to their caller):');
  for (const g of summary.by_owner) console.log(`  ${g.pct_of_busy.toFixed(1).padStart(5)} %  ${g.name}`);
  console.log('\ntop functions:');
  for (const f of summary.by_function) console.log(`  ${f.pct_of_busy.toFixed(1).padStart(5)} %  ${f.name}`);
}

async function main() {
  if (args.summarize) {
    // Re-read a saved profile: `--summarize bench/profiles/x.cpuprofile` rewrites its summary's figures.
    const file = path.resolve(args.summarize);
    const summary = summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile);
    const jsonFile = file.replace(/\.cpuprofile$/, '.json');
    const previous = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : {};
    writeFileSync(jsonFile, `${JSON.stringify({ ...previous, ...summary }, null, 2)}\n`);
    return print(summary);
  }
  const bench = await startBenchApp({ inProcess: true });
  try {
    const productPath = `/en-us/products/${await bench.productId('DEMO-CONFIG')}`;
    const pages: Record<string, string> = { product: productPath, catalog: '/en-us/products', landing: '/en-us/' };
    const target = pages[args.path!] ?? args.path!;
    const visitor = args['signed-in']
      ? await signedIn(bench.base, 'customer@example.com', 'demo-pass-2026')
      : await anonymousVisitor(bench.base);
    const settings = {
      connections: Number(args.connections),
      duration_s: Number(args.duration),
      warmup_s: 0,
      workers: 1,
    };
    const spec: LoadSpec = { url: bench.base + target, headers: { ...BROWSER_HEADERS, cookie: visitor.cookie } };
    if (args.path === 'update' || args.path === 'add') {
      // The cart writes, as bench/run.ts sends them: one shopper (own session and cart line) per connection.
      const plate = await bench.productId('DEMO-SEED-PLATE');
      const shoppers = [];
      for (let i = 0; i < settings.connections; i++) shoppers.push(await shopper(bench.base, plate));
      spec.url = bench.base;
      delete spec.headers; // as bench/run.ts sends them: each request carries its own headers
      spec.perConnection = shoppers.map((s) =>
        args.path === 'update'
          ? [2, 3].map((q) => ({ method: 'PUT', path: s.linePath, headers: scriptHeaders(s), body: `quantity=${q}` }))
          : [
              {
                method: 'POST',
                path: '/en-us/cart/add/inline',
                headers: scriptHeaders(s),
                body: `product_id=${plate}&quantity=1`,
              },
            ],
      );
    }
    await measure(spec, { ...settings, duration_s: 3 }); // warm-up, unprofiled

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const cpuBefore = process.cpuUsage();
    const m = await measure(spec, settings);
    const cpu = process.cpuUsage(cpuBefore);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();

    const dir = path.join(here, 'profiles');
    mkdirSync(dir, { recursive: true });
    const name = `${args.path!.replace(/[^\w-]+/g, '_').replace(/^_+/, '')}${args['signed-in'] ? '-signed-in' : ''}-${bench.fresh.mode}-${args.label}`;
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    const summary = {
      page: target,
      db: bench.fresh.mode,
      date: new Date().toISOString(),
      load: {
        connections: settings.connections,
        duration_s: settings.duration_s,
        rps: m.rps,
        p99_ms: m.p99_ms,
        non2xx: m.non2xx,
        errors: m.errors,
      },
      ...summarize(profile),
    };
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `${target} at ${settings.connections} connections: ${m.rps} req/s, p99 ${m.p99_ms} ms; CPU busy ${summary.busy_pct} % of ${summary.window_ms} ms`,
    );
    // The process's CPU (the app, the profiler and the loader's worker thread together) per request.
    if (m.requests)
      console.log(
        `process CPU ${round((cpu.user + cpu.system) / 1000 / m.requests, 3)} ms a request (user ${round(cpu.user / 1000 / m.requests, 3)}, system ${round(cpu.system / 1000 / m.requests, 3)})`,
      );
    print(summary);
    console.log(`\nwritten: bench/profiles/${name}.cpuprofile and .json`);
  } finally {
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
