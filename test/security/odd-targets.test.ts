/**
 * Odd request targets on back-office routes. Node passes an absolute-form target
 * (`GET http://x/en-us/… HTTP/1.1`) to Express as req.url; Express routes on its path, and a guard
 * that read req.originalUrl found no row and let anyone through. Here every back-office path below
 * is sent over a raw socket (the target exactly as written) in absolute form, with `//`, percent
 * encodings (`%2e`, `%2F`, `%61ccount`), dot segments, a trailing slash, upper case, `;param`
 * and a backslash, as an anonymous visitor and as the demo customer, each with a valid CSRF token
 * so a refusal is the guard's or the request line's. Every answer must be a refusal (400, 401,
 * 403, 404, or the sign-in redirect that is an HTML visitor's 401), never a success, another
 * redirect or a 5xx, and nothing may be written.
 *
 * Controls, so the refusals mean something: the admin reaches every GET path in its plain form,
 * and also with a trailing slash and a capitalised segment (Express routes both), so those
 * variants do reach the resource when the guard lets them.
 */
import { expect } from 'chai';
import { testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import type { Agent } from '../helpers/http.ts';
import { rawRequest, type RawResponse } from './raw-http.ts';

type Target = { method: 'GET' | 'POST'; path: string; query?: string; form?: Record<string, string> };

const TARGETS: Target[] = [
  { method: 'GET', path: '/en-us/account/dashboard/reports/orders.csv', query: '?group=product' },
  { method: 'GET', path: '/account/dashboard/customers' },
  {
    method: 'POST',
    path: '/en-us/account/dashboard/promotions/create',
    form: { name: 'Odd target promo', code: 'ODDTARGET', value: '25', active: '1' },
  },
  {
    method: 'POST',
    path: '/en-us/account/dashboard/producteditor/1/update',
    form: { 'updateData[title]': 'Odd target title' },
  },
  { method: 'GET', path: '/en-us/account/dashboard/media' },
  { method: 'GET', path: '/en-us/account/dashboard/calendar' },
  {
    method: 'POST',
    path: '/en-us/account/dashboard/calendar/events',
    form: { title: 'Odd target event', starts_at: '2026-12-01', ends_at: '2026-12-02' },
  },
  { method: 'GET', path: '/translation/ui:nav.products' },
  {
    method: 'POST',
    path: '/translation/ui:nav.products',
    form: { language: 'fr', country: 'ca', value: 'Odd target' },
  },
  { method: 'GET', path: '/en-us/instructional/editor' },
  { method: 'GET', path: '/en-us/account/organization/users' },
  {
    method: 'POST',
    path: '/en-us/account/dashboard/warehouses/add',
    form: {
      code: 'ODD-1',
      name: 'Odd target',
      address1: '1 Main St',
      city: 'Ames',
      region_code: 'IA',
      postal_code: '50010',
      country_code: 'US',
    },
  },
  { method: 'GET', path: '/en-us/admin/leads' },
  { method: 'GET', path: '/en-us/admin/logs' },
];

const segs = (p: string) => p.split('/').slice(1);
const fromSegs = (s: string[]) => `/${s.join('/')}`;
/** The path with segment i changed by f. */
const seg = (p: string, i: number, f: (s: string) => string) => fromSegs(segs(p).map((s, k) => (k === i ? f(s) : s)));
const pct = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
/** The first segment after the locale (`account` of /en-us/account/…, `translation` of /translation/…). */
const area = (p: string) => (/^\/[a-z]{2}-[a-z]{2}\//.test(p) ? 1 : 0);
const capitalised = (p: string) => seg(p, area(p), (s) => s[0].toUpperCase() + s.slice(1));

/** Every odd form of a path (name → target); the query goes on the end. */
function variants(path: string, query: string, port: number): [string, string][] {
  const last = segs(path).length - 1;
  const out: [string, string][] = [
    ['absolute-form', `http://x${path}${query}`],
    ['absolute-form, this host', `http://localhost:${port}${path}${query}`],
    ['absolute-form, upper-case scheme', `HTTP://X${path}${query}`],
    ['absolute-form, https', `https://localhost${path}${query}`],
    ['leading //', `/${path}${query}`],
    ['inner //', `${seg(path, 0, (s) => `${s}/`)}${query}`],
    ['%2e segment', `${seg(path, 0, (s) => `${s}/%2e`)}${query}`],
    ['%2e%2e segment', `${seg(path, 0, (s) => `${s}/x/%2e%2e`)}${query}`],
    ['. segment', `${seg(path, 0, (s) => `${s}/.`)}${query}`],
    ['.. segment', `${seg(path, 0, (s) => `${s}/x/..`)}${query}`],
    ['%2F for the second /', `/${segs(path)[0]}%2F${segs(path).slice(1).join('/')}${query}`],
    ['%2F for the last /', `${fromSegs(segs(path).slice(0, -1))}%2F${segs(path)[last]}${query}`],
    ['first letter of the area encoded', `${seg(path, area(path), (s) => pct(s[0]) + s.slice(1))}${query}`],
    ['first letter of the last segment encoded', `${seg(path, last, (s) => pct(s[0]) + s.slice(1))}${query}`],
    ['every character encoded', `${fromSegs(segs(path).map((s) => [...s].map(pct).join('')))}${query}`],
    ['trailing /', `${path}/${query}`],
    ['trailing //', `${path}//${query}`],
    ['upper case', `${path.toUpperCase()}${query}`],
    ['area capitalised', `${capitalised(path)}${query}`],
    [';param on the end', `${path};jsessionid=1${query}`],
    [';param in a segment', `${seg(path, area(path), (s) => `${s};x=1`)}${query}`],
    ['backslash', `/${segs(path)[0]}\\${segs(path).slice(1).join('/')}${query}`],
    ['asterisk-form', '*'],
  ];
  if (path.includes('.')) out.push(['. as %2e', `${path.replace('.', '%2e')}${query}`]);
  return out;
}

/** A refusal: 400, 401, 403, 404, 405, 411, 413, or the HTML visitor's way to sign in (302/303 to …/login). */
function refused(res: RawResponse): boolean {
  if ([400, 401, 403, 404, 405, 411, 413].includes(res.status)) return true;
  return (res.status === 302 || res.status === 303) && /^\/[a-z]{2}-[a-z]{2}\/login$/.test(res.headers.location ?? '');
}

/** Writes a refused request may make: counting refusals, auditing them, the visitor's session, background work. */
const BOOKKEEPING = /^(rate_limits|logs|session|webhook_\w+|report_\w+)$/;
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:\w+"?\."?)?(\w+)"?/i;

type Who = { name: string; cookie: string; token: string };

describe('odd request targets on back-office routes', function () {
  this.timeout(240_000);
  let port: number;
  const who: Who[] = [];
  let admin: Agent;

  const cookieOf = (a: Agent) =>
    (a as unknown as { jar: { getCookies(i: object): { toValueString(): string } } }).jar
      .getCookies({ domain: 'localhost', path: '/', secure: false, script: false })
      .toValueString();

  before(async () => {
    const app = await testServer();
    port = app.port;
    // The anonymous visitor: a CSRF secret cookie and its token, read over the raw socket.
    const page = await rawRequest(port, 'GET', '/en-us/login');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
    expect(token, `anonymous csrf token (${page.status} ${page.body.slice(0, 200)})`).to.be.a('string');
    who.push({ name: 'anonymous', cookie: page.cookies.join('; '), token: token! });
    const customer = await signedIn('customer@example.com');
    who.push({ name: 'customer@example.com', cookie: cookieOf(customer.a), token: customer.token });
    admin = (await signedIn('admin@example.com')).a;
  });

  function send(w: Who, t: Target, target: string) {
    const headers: Record<string, string> = { Accept: 'text/html,application/json' };
    headers.Cookie = w.cookie;
    if (t.method === 'GET') return rawRequest(port, t.method, target, headers);
    const body = new URLSearchParams({ ...t.form, _csrf: w.token }).toString();
    return rawRequest(
      port,
      t.method,
      target,
      { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': w.token },
      body,
    );
  }

  it('the paths are real: the admin reaches each GET path plainly, with a trailing slash and with its area capitalised', async () => {
    const wrong: string[] = [];
    const cookie = cookieOf(admin);
    for (const t of TARGETS.filter((x) => x.method === 'GET')) {
      const q = t.query ?? '';
      for (const target of [`${t.path}${q}`, `${t.path}/${q}`, `${capitalised(t.path)}${q}`]) {
        const res = await rawRequest(port, 'GET', target, { Accept: 'text/html,application/json', Cookie: cookie });
        if (res.status !== 200) wrong.push(`${target}: ${res.status}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('refuses every odd form of every back-office path to anonymous and the customer, and writes nothing', async () => {
    const app = await testServer();
    const wrong: string[] = [];
    const writes: string[] = [];
    let sent = 0;
    for (const t of TARGETS) {
      for (const w of who) {
        for (const [name, target] of variants(t.path, t.query ?? '', port)) {
          const seen: string[] = [];
          const stop = app.database.observeQueries((text) => {
            const m = WRITE.exec(text);
            if (m && !BOOKKEEPING.test(m[1].toLowerCase()) && !/graphile_worker/i.test(text)) seen.push(m[1]);
          });
          let res: RawResponse;
          try {
            res = await send(w, t, target);
          } finally {
            stop();
          }
          sent++;
          const where = `${w.name} ${t.method} ${target} (${name}): ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}`;
          if (!refused(res)) wrong.push(where);
          if (seen.length) writes.push(`${where} wrote ${[...new Set(seen)].join(', ')}`);
        }
      }
    }
    expect(sent).to.be.greaterThan(500);
    expect(wrong, wrong.join('\n')).to.deep.equal([]);
    expect(writes, writes.join('\n')).to.deep.equal([]);
  });

  it('answers 400 to a target that is not origin-form, before anything else', async () => {
    for (const target of [
      'http://x/en-us/account/dashboard/reports/orders.csv?group=product',
      'HTTP://X/account/dashboard/customers',
      '*',
      '//en-us/',
      '/en-us\\account',
    ]) {
      const res = await rawRequest(port, 'GET', target, { Accept: 'application/json' });
      expect(res.status, target).to.equal(400);
      const body = JSON.parse(res.body) as { error: { code: string; message: string; fields: object } };
      expect(body.error.code, target).to.equal('bad_request_target');
      expect(body.error.fields, target).to.deep.equal({});
    }
  });
});
