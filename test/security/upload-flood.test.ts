/**
 * Resource limits under abuse: an app process is flooded with large multipart bodies
 * — to a route that takes no files, to the upload route without a token, without a declared
 * length, and as staff past the upload's size limit, declared and streamed — and its memory
 * must stay bounded, far below what was offered (resident memory sampled every 20 ms during the
 * flood). The figures are printed for the README and the note.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { createTestDb, type TestDb } from '../helpers/db.ts';

const MB = 1024 * 1024;
const BODY = 50 * MB;
const PARALLEL = 8;

function startApp(db: TestDb): Promise<{ url: string; proc: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: db.dataDir,
    SESSION_SECRET: 'flood-test-session-secret-0123456789',
    SEED: 'demo',
    LOG_LEVEL: 'silent',
  };
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], proc });
    });
    proc.once('exit', (code) => reject(new Error(`app exited (code ${code}): ${out}`)));
  });
}

/** Resident memory of a process now, in MB (Linux /proc). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Streams `bytes` of a multipart file body; resolves with the status the server answered (0 if it hung up first). */
function flood(
  base: string,
  pathname: string,
  o: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const u = new URL(pathname, base);
    const head = Buffer.from(
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const tail = Buffer.from('\r\n--XX--\r\n');
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=XX',
        ...(o.chunked ? {} : { 'Content-Length': String(BODY) }),
        ...o.headers,
      },
    });
    let status = 0;
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve(status);
      });
    });
    req.on('error', () => resolve(status));
    req.on('close', () => resolve(status));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = head.length;
    req.write(head);
    const pump = () => {
      while (sent + chunk.length <= BODY - tail.length) {
        if (req.destroyed) return;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** Sends the headers and the first part only, and reads the answer before sending more. */
function probe(base: string, pathname: string, o: { chunked?: boolean } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(pathname, base);
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=XX',
        ...(o.chunked ? {} : { 'Content-Length': String(BODY) }),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write(
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
  });
}

/** Signs staff in with fetch and returns the cookie header and CSRF token (the secret rotates at sign-in). */
async function staffSession(base: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1];
  let res = await fetch(`${base}/en-us/login`);
  keep(res);
  const body = new URLSearchParams({
    email: 'admin@example.com',
    password: 'demo-pass-2026',
    _csrf: token(await res.text()),
  });
  res = await fetch(`${base}/en-us/login`, {
    method: 'POST',
    body,
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(res.status).to.equal(303);
  keep(res);
  res = await fetch(`${base}/en-us/account/dashboard/media`, { headers: { cookie: cookie() } });
  expect(res.status).to.equal(200);
  keep(res);
  return { cookie: cookie(), token: token(await res.text()) };
}

describe('a flood of large multipart bodies', function () {
  this.timeout(300_000);
  let db: TestDb;
  let app: { url: string; proc: ChildProcess } | undefined;

  before(async () => {
    db = await createTestDb('flood');
    app = await startApp(db);
  });
  after(async () => {
    if (app && app.proc.exitCode === null) {
      await new Promise<void>((resolve) => {
        app!.proc.once('exit', () => resolve());
        app!.proc.kill('SIGTERM');
      });
    }
    await db?.drop();
  });

  it(`${PARALLEL} at a time, 50 MB each, five ways: every one refused with a clear 4xx and the server's peak memory stays bounded`, async () => {
    const { url, proc } = app!;
    const staff = await staffSession(url);
    const baseline = rssMb(proc.pid!);
    // The process's resident memory, sampled every 20 ms while the flood lasts.
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(proc.pid!))), 20);
    const t0 = Date.now();
    const many = (f: () => Promise<number>) => Promise.all(Array.from({ length: PARALLEL }, f));

    const noFiles = await many(() => flood(url, '/en-us/register'));
    const anonymousUpload = await many(() => flood(url, '/en-us/account/dashboard/media/upload'));
    const undeclared = await many(() => flood(url, '/en-us/register', { chunked: true }));
    const overLimit = await many(() =>
      flood(url, '/en-us/account/dashboard/media/upload', {
        headers: { cookie: staff.cookie, 'x-csrf-token': staff.token },
      }),
    );
    // Without a declared length the upload is streamed to disk and cut at the file size limit.
    const streamed = await many(() =>
      flood(url, '/en-us/account/dashboard/media/upload', {
        chunked: true,
        headers: { cookie: staff.cookie, 'x-csrf-token': staff.token },
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(proc.pid!));
    const offered = (5 * PARALLEL * BODY) / MB;
    console.log(
      `      flood: ${offered} MB offered in ${((Date.now() - t0) / 1000).toFixed(1)} s; server RSS ${baseline.toFixed(0)} MB before, at most ${peak.toFixed(0)} MB during (+${(peak - baseline).toFixed(0)} MB)`,
    );

    // Each is refused. A client still sending when the server answers and closes may see the
    // connection reset before it reads the answer (status 0): TCP drops the unread body with it.
    expect(
      noFiles.every((s) => s === 413 || s === 0),
      `no-file route: ${noFiles}`,
    ).to.equal(true);
    expect(
      anonymousUpload.every((s) => s === 403 || s === 0),
      `anonymous upload: ${anonymousUpload}`,
    ).to.equal(true);
    expect(
      undeclared.every((s) => s === 411 || s === 0),
      `undeclared length: ${undeclared}`,
    ).to.equal(true);
    expect(
      overLimit.every((s) => s === 413 || s === 0),
      `over the upload limit: ${overLimit}`,
    ).to.equal(true);
    expect(overLimit.filter((s) => s === 413).length, 'the upload limit answers 413').to.be.greaterThan(0);
    // Streamed ones are read to the limit (to disk) and drained: 413, or 408 if the drain outlasts the request deadline.
    expect(
      streamed.every((s) => s === 413 || s === 408 || s === 0),
      `streamed past the limit: ${streamed}`,
    ).to.equal(true);
    // A client that waits for the answer before sending its body reads each refusal.
    expect(await probe(url, '/en-us/register'), 'no-file route').to.equal(413);
    expect(await probe(url, '/en-us/account/dashboard/media/upload'), 'upload without a token').to.equal(403);
    expect(await probe(url, '/en-us/register', { chunked: true }), 'no declared length').to.equal(411);
    // 2 GB offered; the server may grow by its buffers, not by the bodies.
    expect(peak - baseline).to.be.below(150);
    // And it still serves.
    expect((await fetch(`${url}/healthz`)).status).to.equal(200);
  });
});
