/**
 * Load for the benchmarks: autocannon (in a worker thread by default, loopback only, bounded by
 * time) and the bare Node server every row is compared with.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export type Measured = {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  status_codes: Record<string, number>;
  bytes: number;
};

/**
 * What to load: one URL with fixed headers, or one visitor per connection (`perConnection`: the
 * requests each connection repeats, read by bench/per-connection.cjs in autocannon's worker).
 */
export type LoadSpec = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  perConnection?: { method: string; path: string; headers: Record<string, string>; body?: string }[][];
};

export type LoadSettings = { connections: number; workers: number; warmup_s: number; duration_s: number };

export const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

const perConnectionClient = new URL('./per-connection.cjs', import.meta.url).pathname;

async function load(spec: LoadSpec, seconds: number, s: LoadSettings): Promise<Measured> {
  const opts: autocannon.Options = {
    url: spec.url,
    connections: s.connections,
    duration: seconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    ...(s.workers > 0 ? { workers: s.workers } : {}),
  };
  if (spec.perConnection) {
    // Read by the worker's setupClient (a worker thread gets a copy of the environment when it starts).
    process.env.BENCH_PER_CONNECTION = JSON.stringify(spec.perConnection);
    // Workers need a file to require; in-process runs take the function itself.
    (opts as { setupClient?: unknown }).setupClient =
      s.workers > 0 ? perConnectionClient : (await import(perConnectionClient)).default;
  }
  const r = await autocannon(opts);
  return {
    rps: round(r.requests.average, 1),
    p50_ms: round(r.latency.p50, 2),
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

/**
 * Warm up, then measure. `window.before()` and `window.after()` are called just around the
 * measured window (the run counts database round trips between the two calls).
 */
export async function measure(
  spec: LoadSpec,
  s: LoadSettings,
  window?: { before(): void; after(): void },
): Promise<Measured> {
  if (s.warmup_s > 0) await load(spec, s.warmup_s, s);
  window?.before();
  const m = await load(spec, s.duration_s, s);
  window?.after();
  return m;
}

/** A bare Node server answering every request with `body` once the request body is read. */
export async function bareServer(body: Buffer, contentType: string): Promise<{ url: string; close(): Promise<void> }> {
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

/** The bare server's answer: 2 KB of HTML, the size every row's ratio is against. */
export const BARE_BODY_BYTES = 2048;

/**
 * A bare Node `http` server answering 2 KB, in a process of its own (as the app is), so neither
 * shares a process with the load generator or the other.
 */
export function bareProcess(): Promise<{ url: string; close(): Promise<void> }> {
  const server = `const b=Buffer.alloc(${BARE_BODY_BYTES},'x');const s=require('http').createServer((q,r)=>{q.resume();q.on('end',()=>{r.writeHead(200,{'Content-Type':'text/html; charset=utf-8','Content-Length':b.length});r.end(b)})});s.keepAliveTimeout=5000;s.listen(0,'127.0.0.1',()=>process.send(s.address().port))`;
  return serverProcess(server, 'the bare server');
}

/** A server given as a script, in a process of its own, which sends its port once it listens. */
async function serverProcess(
  script: string,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (p) => resolve(Number(p)));
    child.once('exit', (code) => reject(new Error(`${name} exited (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The floor a page through Express cannot go below: Express 5 (this project's) with one
 * locale-prefixed route answering the bare server's 2 KB, nothing else, in a process of its own.
 * Its ratio to the bare server is the most any row can reach while every request goes through Express.
 */
export function bareExpressProcess(): Promise<{ url: string; close(): Promise<void> }> {
  const expressPath = createRequire(import.meta.url).resolve('express');
  const server = `const express=require(${JSON.stringify(expressPath)});const b=Buffer.alloc(${BARE_BODY_BYTES},'x');const app=express();app.disable('x-powered-by');app.set('etag',false);app.get('/:locale/products/:id',(q,r)=>{r.setHeader('Content-Type','text/html; charset=utf-8');r.setHeader('Content-Length',b.length);r.end(b)});const s=app.listen(0,'127.0.0.1',()=>process.send(s.address().port));s.keepAliveTimeout=5000`;
  return serverProcess(server, 'the bare Express server', { ...process.env, NODE_ENV: 'production' });
}

/** The commit being measured (short hash, `+changes` when the working tree differs from it). */
export function commitOf(cwd: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd }).toString().trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd }).toString().trim() !== '';
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** Asks a child process to stop (SIGTERM: it finishes its requests in flight), killing it after `forceMs`. */
export function stopProcess(child: ChildProcess, forceMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), forceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * wrk (Debian's `wrk`, a C load generator), when installed: the cluster row's loader. autocannon
 * is JavaScript and, at the rates a cached page is served, needs about a core of its own; on a
 * 2-core machine it then leaves one core to the app however many processes it has, and the row
 * would measure the load generator. wrk spends a fraction of that per request. Null when absent.
 */
export function wrkPath(): string | null {
  for (const p of ['/usr/bin/wrk', '/usr/local/bin/wrk']) {
    try {
      execFileSync(p, ['--version'], { stdio: 'ignore' });
      return p;
    } catch (e) {
      // wrk --version exits 1 after printing its usage: installed all the same.
      if ((e as { status?: number }).status === 1) return p;
    }
  }
  return null;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
const ms = (v: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v);
  return m ? round(Number(m[1]) * MS[m[2]], 2) : Number.NaN;
};

/** One wrk run (one thread, `connections`, GET with the spec's headers), read into autocannon's figures. */
function wrkLoad(wrk: string, spec: LoadSpec, seconds: number, s: LoadSettings): Measured {
  const args = ['-t1', `-c${s.connections}`, `-d${seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(spec.headers ?? {})) args.push('-H', `${k}: ${v}`);
  const out = execFileSync(wrk, [...args, spec.url], { encoding: 'utf8' });
  const total = /(\d+) requests in ([\d.]+)(\w+),\s+([\d.]+)(\w+) read/.exec(out);
  const requests = total ? Number(total[1]) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const unit: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
  const bytesRead = total ? Number(total[4]) * (unit[total[5]] ?? 1) : 0;
  return {
    rps: round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), 1),
    p50_ms: ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99_ms: ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
    requests,
    errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    non2xx,
    status_codes: {},
    bytes: requests ? round(bytesRead / requests, 0) : 0,
  };
}

/** measure() with wrk instead of autocannon: the same warm-up, then the measured window. */
export function measureWithWrk(wrk: string, spec: LoadSpec, s: LoadSettings): Measured {
  if (s.warmup_s > 0) wrkLoad(wrk, spec, s.warmup_s, s);
  return wrkLoad(wrk, spec, s.duration_s, s);
}
