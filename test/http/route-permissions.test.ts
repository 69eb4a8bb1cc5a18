/**
 * The route table (src/http/route-permissions.ts) against the running app: every route Express
 * has mounted has a row, every row is mounted, and each route answers as its row says for an
 * anonymous visitor and the six demo accounts (signed in once each, agents reused: sign-in is
 * rate limited per account).
 *
 * GET routes are requested by everyone. State-changing routes are requested only by those the
 * table refuses (with a valid CSRF token, so the refusal is the guard's): the guard answers
 * before any handler, so nothing is written. Allowed users are not sent empty POSTs, which
 * would sign them out or act (logout, regenerate a key).
 */
import { expect } from 'chai';
import type { Express } from 'express';
import { agent, apiToken, csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { testServer } from '../helpers/server.ts';
import { mountedRoutes, type MountedRoute } from '../../src/http/route-walk.ts';
import { ROUTE_PERMISSIONS, type RouteRule } from '../../src/http/route-permissions.ts';
import { decide, ruleFor } from '../../src/http/route-guard.ts';
import { loadCurrentUser, findUserByEmail } from '../../src/features/auth/queries.ts';
import type { CurrentUser } from '../../src/http/types.ts';

const ACCOUNTS = ['customer@example.com', 'buyer@acme.example', 'distributor@example.com', 'warehouse@example.com', 'staff@example.com', 'admin@example.com'];

/** A concrete path for a pattern: real-looking values for the parameters. */
const SAMPLE: Record<string, string> = { locale: 'en-us', stockcode: 'DEMO-KIT', language: 'fr', field: 'ui:nav.products', type: 'country', channel: 'US' };
const sample = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE[name] ?? '1');
const rowOf = (r: MountedRoute) => ROUTE_PERMISSIONS.find((row) => row.method === r.method && row.path === r.path);
const show = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

type Who = { name: string; a: Agent; token: string; bearer?: string; user?: CurrentUser };

describe('route permissions: one table, one guard', function () {
  this.timeout(240_000);
  let routes: MountedRoute[];
  let who: Who[];

  before(async () => {
    const app = await testServer();
    routes = mountedRoutes(app.server.listeners('request')[0] as Express);
    const anon = await agent();
    who = [{ name: 'anonymous', a: anon, token: await csrf(anon, '/en-us/') }];
    for (const email of ACCOUNTS) {
      const { a, token } = await signedIn(email);
      const id = (await findUserByEmail(app.services.db, email))!.id;
      who.push({ name: email, a, token, bearer: await apiToken(a), user: await loadCurrentUser(app.services.db, id) });
    }
  });

  it('has a row for every mounted route', () => {
    expect(routes.length).to.be.greaterThan(100);
    const missing = routes.filter((r) => !rowOf(r));
    expect(missing.map(show), `mounted routes missing from ROUTE_PERMISSIONS (src/http/route-permissions.ts); add one line each, e.g. R('${missing[0]?.method}', '${missing[0]?.path}', 'signed-in'):\n  ${missing.map(show).join('\n  ')}\n`).to.deep.equal([]);
  });

  it('has no row for a route that is not mounted, and no row twice', () => {
    const mounted = new Set(routes.map(show));
    const stale = ROUTE_PERMISSIONS.filter((row) => !mounted.has(show(row)));
    expect(stale.map(show), 'rows of ROUTE_PERMISSIONS with no mounted route (remove or fix the path)').to.deep.equal([]);
    const seen = new Set<string>();
    const twice = ROUTE_PERMISSIONS.filter((row) => (seen.has(show(row)) ? true : (seen.add(show(row)), false)));
    expect(twice.map(show), 'rows listed twice').to.deep.equal([]);
  });

  it("resolves each route's sample path to that route's own row (static paths come before parameter paths)", () => {
    const wrong = routes.filter((r) => ruleFor(r.method, sample(r.path)) !== rowOf(r)).map((r) => `${show(r)} → ${show(ruleFor(r.method, sample(r.path)) ?? { method: '-', path: 'no row' })}`);
    expect(wrong).to.deep.equal([]);
  });

  /** Whether `w` gets through the guard for `row` (api-key rows: nobody here carries a key). */
  const expected = (row: RouteRule, w: Who): 'allow' | 401 | 403 => (row.auth === 'api-key' ? 401 : decide(row.access, w.user, row.auth, row.auth === 'bearer' && !!w.user));

  async function request(row: RouteRule, w: Who) {
    const path = sample(row.path);
    let req = w.a[row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).redirects(0);
    if (row.auth === 'bearer' && w.bearer) req = req.set('Authorization', `Bearer ${w.bearer}`);
    if (row.method !== 'GET') req = req.set('X-CSRF-Token', w.token).set('X-Requested-With', 'XMLHttpRequest').send({});
    return req;
  }

  function verdict(row: RouteRule, w: Who, res: { status: number; headers: Record<string, string> }, want: 'allow' | 401 | 403): string | null {
    const at = `${show(row)} as ${w.name}: got ${res.status}`;
    if (res.status === 500) return `${at} (a server error)`;
    const toSignIn = res.status === 401 || (res.status === 302 && /\/login$/.test(res.headers.location ?? ''));
    if (want === 'allow') return toSignIn || res.status === 403 ? `${at}, the table allows it` : null;
    if (want === 401) return toSignIn ? null : `${at}, want 401 or a redirect to sign-in`;
    return res.status === 403 || res.status === 404 ? null : `${at}, want 403 or 404`;
  }

  it('answers every GET route as the table says, for anonymous and each demo account', async () => {
    const failures: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const row of ROUTE_PERMISSIONS.filter((r) => r.method === 'GET')) {
      const results = await Promise.all(who.map(async (w) => ({ w, res: await request(row, w) })));
      for (const { w, res } of results) {
        const want = expected(row, w);
        if (want === 'allow') allowed++;
        else refused++;
        const bad = verdict(row, w, res, want);
        if (bad) failures.push(bad);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // Both sides really ran: the demo accounts differ.
    expect(allowed).to.be.greaterThan(100);
    expect(refused).to.be.greaterThan(100);
  });

  it('refuses every state-changing route to anonymous and to accounts without the key, before any handler', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const row of ROUTE_PERMISSIONS.filter((r) => r.method !== 'GET')) {
      const targets = who.filter((w) => expected(row, w) !== 'allow');
      const results = await Promise.all(targets.map(async (w) => ({ w, res: await request(row, w) })));
      for (const { w, res } of results) {
        refused++;
        const bad = verdict(row, w, res, expected(row, w));
        if (bad) failures.push(bad);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
    expect(refused).to.be.greaterThan(100);
  });

  it('keeps the accounts signed in through the walk (nothing above signed anyone out)', async () => {
    for (const w of who.slice(1)) {
      const res = await w.a.get('/en-us/account').redirects(0);
      expect(res.status, w.name).to.equal(200);
    }
  });
});
