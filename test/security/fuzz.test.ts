/**
 * Hostile input on every mounted route. fast-check, with a fixed seed and a bounded
 * number of runs per route and user, throws generated path ids, query strings, bodies (JSON,
 * broken JSON, forms with duplicated keys, broken multipart) and headers at every route Express
 * has mounted (test/helpers/mounted-routes.ts), as an anonymous visitor, a customer, staff, the admin
 * (every key: the admin-only routes are fuzzed past their guard) and the US warehouse's API key
 * with its operator's X-User-Id (the warehouse API routes past their key check), the signed-in
 * ones with a valid CSRF token so the junk reaches validation. Every answer must be a success or
 * a 4xx, never a 5xx; every 4xx JSON answer must be in the contract's error shape
 * (`{"error":{"code","message","fields"}}`, `fields` an object); and a refused request writes
 * nothing but the bookkeeping of refusals (rate-limit counts, the audit log, sessions).
 *
 * It runs on an app and database of its own: a lucky id could delete demo data the other tests
 * read. FUZZ_RUNS raises the runs per route and user (default 5; `npm run test:security` uses 25).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import supertest from 'supertest';
import { start, type Running } from '../../src/server.ts';
import { mountedRoutes, type MountedRoute } from '../helpers/mounted-routes.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { DEMO_WAREHOUSE_KEYS } from '../../src/db/seed/index.ts';

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** Writes a refused request may make: counting refusals, auditing them, the visitor's session. */
const BOOKKEEPING = new Set(['rate_limits', 'logs', 'session']);
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:\w+"?\."?)?(\w+)"?/i;

const NASTY = [
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '-9223372036854775809',
  '',
  ' ',
  '%00',
  '\u0000',
  "1' OR '1'='1",
  '1; drop table users;--',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '{"a":1}',
  '[]',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '\u202e\u0645\ud83d\ude9c',
  'x'.repeat(5000),
];
const KEYS = [
  'id',
  'q',
  'page',
  'sort',
  'status',
  'from',
  'to',
  'order_id',
  'product_id',
  'quantity',
  'email',
  'password',
  'token',
  'value',
  'language',
  'country',
  'amount',
  'percentDown',
  'months',
  'user_id',
  'channel',
  'line_items',
  'allocations',
  'events',
  'url',
  '__proto__',
  '_method',
];

const scalar = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 3 }),
  ),
})).v;
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ minLength: 1, maxLength: 12 }));
const pathValue = fc
  .oneof(fc.integer({ min: -5, max: 200 }).map(String), scalar)
  .map((s) => encodeURIComponent(s) || '0');
const query = fc
  .array(fc.tuple(key, scalar), { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

type Body = { type: string; data: string | Buffer | object } | null;
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant(null),
  fc.dictionary(key, value, { maxKeys: 6 }).map((o) => ({ type: 'application/json', data: o as object })),
  fc
    .constantFrom('{"a":', '{]', 'null', '[1,2', '"str"', '\u0000', '{"__proto__":{"admin":true}}')
    .map((s) => ({ type: 'application/json', data: s })),
  fc.array(fc.tuple(key, scalar), { maxLength: 6 }).map((pairs) => ({
    type: 'application/x-www-form-urlencoded',
    data: pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  })),
  fc
    .constantFrom(
      '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XX--\r\n',
      '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      '--YY\r\nwrong boundary\r\n--YY--',
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--XX--\r\n',
    )
    .map((s) => ({ type: 'multipart/form-data; boundary=XX', data: Buffer.from(s) })),
);
const accept = fc.constantFrom('application/json', 'text/html', '*/*', 'image/png');

/** `headers`: what the user sends on every request (the warehouse key and its user id). */
type Who = {
  name: string;
  a: ReturnType<typeof supertest.agent>;
  token: string;
  headers?: Record<string, string>;
  only?: RegExp;
  params?: Record<string, string>;
};

/** The contract's error shape: `{"error":{"code","message","fields"}}`, fields an object of strings. */
function errorShapeProblem(body: unknown): string | null {
  const e = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (!e || typeof e !== 'object') return 'no error object';
  if (typeof e.code !== 'string' || !e.code) return 'no code';
  if (typeof e.message !== 'string' || !e.message) return 'no message';
  if (!e.fields || typeof e.fields !== 'object' || Array.isArray(e.fields)) return 'fields is not an object';
  if (Object.values(e.fields).some((v) => typeof v !== 'string')) return 'a field message is not a string';
  return null;
}

describe('hostile input on every route', function () {
  this.timeout(900_000);
  let db: TestDb;
  let app: Running;
  let routes: MountedRoute[];
  const who: Who[] = [];
  const tally = { requests: 0, status5xx: 0, routes: 0 };

  before(async () => {
    db = await createTestDb('fuzz');
    app = await start({
      env: 'test',
      port: 0,
      databaseUrl: db.databaseUrl,
      dataDir: db.dataDir,
      seed: 'demo',
      logLevel: 'silent',
      sessionSecret: 'fuzz-test-session-secret-0123456789',
    });
    routes = mountedRoutes(app.express).filter((r) => !(r.method === 'POST' && /\/logout$/.test(r.path)));
    const anon = supertest.agent(app.url);
    who.push({ name: 'anonymous', a: anon, token: csrfOf((await anon.get('/en-us/login')).text) });
    for (const email of ['customer@example.com', 'staff@example.com', 'admin@example.com']) {
      const a = supertest.agent(app.url);
      const t = csrfOf((await a.get('/en-us/login')).text);
      const res = await a.post('/en-us/login').type('form').send({ _csrf: t, email, password: 'demo-pass-2026' });
      expect(res.status, `sign-in as ${email}`).to.equal(303);
      who.push({ name: email, a, token: csrfOf((await a.get('/en-us/account')).text) });
    }
    // The US warehouse's key with its operator: past the key check on /api/warehouse/…, a bad bearer token elsewhere.
    // Only the key's own routes, always naming its warehouse (other paths only ever answer 401 to it).
    const {
      rows: [op],
    } = await app.database.pool.query<{ id: number; warehouse_id: number }>(
      `select id, warehouse_id from users where email = 'warehouse@example.com'`,
    );
    who.push({
      name: 'US warehouse key',
      a: supertest.agent(app.url),
      token: '',
      only: /^\/api\/warehouse\//,
      params: { warehouse: String(op.warehouse_id) },
      headers: { Authorization: `Bearer ${DEMO_WAREHOUSE_KEYS['US-DSM']}`, 'X-User-Id': String(op.id) },
    });
  });

  after(async () => {
    console.log(
      `      fuzz: ${tally.routes} routes × ${who.length} users, ${tally.requests} requests, ${tally.status5xx} answered 5xx`,
    );
    await app?.stop();
    await db?.drop();
  });

  it('answers every generated request below 500, in the error shape, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const route of routes) {
      tally.routes++;
      for (const w of who.filter((x) => !x.only || x.only.test(route.path))) {
        const params = (route.path.match(/:\w+/g) ?? []).length;
        const prop = fc.asyncProperty(
          fc.array(pathValue, { minLength: params, maxLength: params }),
          query,
          body,
          accept,
          async (ids, qs, b, acc) => {
            let k = 0;
            const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
              name === 'locale' ? 'en-us' : (w.params?.[name] ?? ids[k++]),
            );
            const url = qs ? `${path}?${qs}` : path;
            // Writes that stay: autocommit ones, and those of a transaction that commits (a refused
            // request may try a guarded DELETE … WHERE that matches nothing and roll back).
            const writes: string[] = [];
            let pending: string[] | null = null;
            const stop = app.database.observeQueries((text) => {
              const t = text.trim().toLowerCase();
              if (/^(begin|start transaction)\b/.test(t)) return void (pending = []);
              if (t === 'commit') return void (writes.push(...(pending ?? [])), (pending = null));
              if (t === 'rollback') return void (pending = null);
              const m = WRITE.exec(text);
              if (m && !BOOKKEEPING.has(m[1].toLowerCase()) && !/graphile_worker/i.test(text))
                (pending ?? writes).push(m[1]);
            });
            let res;
            try {
              const req = w.a[route.method.toLowerCase() as 'get'](url)
                .set('Accept', acc)
                .set('X-CSRF-Token', w.token)
                .set('X-Requested-With', 'XMLHttpRequest')
                .set(w.headers ?? {})
                .ok(() => true);
              if (b && route.method !== 'GET') req.set('Content-Type', b.type).send(b.data as string);
              res = await req;
            } finally {
              stop();
            }
            tally.requests++;
            const where = `${w.name} ${route.method} ${url.slice(0, 160)} ${b ? `${b.type} ${JSON.stringify(b.data).slice(0, 120)}` : ''}`;
            if (res.status >= 500) {
              tally.status5xx++;
              return void failures.push(`${res.status} ${where}: ${res.text.slice(0, 200)}`);
            }
            if (res.status >= 400 && /json/.test(res.headers['content-type'] ?? '')) {
              const problem = errorShapeProblem(res.body);
              if (problem)
                failures.push(`${res.status} not in the error shape (${problem}): ${where}: ${res.text.slice(0, 200)}`);
            }
            if (res.status >= 400 && writes.length)
              failures.push(`${res.status} but wrote ${[...new Set(writes)].join(', ')}: ${where}`);
          },
        );
        await fc.assert(prop, { seed: SEED + n++, numRuns: RUNS, endOnFailure: true });
      }
    }
    if (failures.length && process.env.FUZZ_REPORT)
      (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
    expect(failures.slice(0, 40), `${failures.length} failures`).to.deep.equal([]);
  });
});
