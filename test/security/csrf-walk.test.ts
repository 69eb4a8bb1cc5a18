/**
 * CSRF and the bearer rule on EVERY state-changing route, walked from Express's router
 * stack against the route table:
 * - a signed-in session (an admin: no permission stops the request first) without a token, or
 *   with another visitor's token, is refused 403 on every POST, PUT, PATCH and DELETE;
 * - a bearer-only route refuses a session cookie alone (401), even with a valid CSRF token.
 * Every refusal comes before any handler, so the walk writes nothing.
 */
import { expect } from 'chai';
import { mountedRoutes } from '../helpers/mounted-routes.ts';
import { ROUTE_PERMISSIONS } from '../../src/http/route-permissions.ts';
import { agent, csrf } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { testServer } from '../helpers/server.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sample = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'locale' ? 'en-us' : '1'));

describe('CSRF and bearer rules on every state-changing route', function () {
  this.timeout(120_000);

  it("refuses a signed-in session without a token, or with another visitor's, on every write (403)", async () => {
    const app = await testServer();
    const routes = mountedRoutes(app.express);
    const rowOf = (m: string, p: string) => ROUTE_PERMISSIONS.find((r) => r.method === m && r.path === p);
    const writes = routes.filter((r) => WRITES.has(r.method) && rowOf(r.method, r.path)?.auth !== 'api-key');
    expect(writes.length).to.be.greaterThan(60);

    const { a } = await signedIn('admin@example.com');
    const stranger = await agent();
    const foreign = await csrf(stranger, '/en-us/products');
    const wrong: string[] = [];
    for (const r of writes) {
      const url = sample(r.path);
      const method = r.method.toLowerCase() as 'post';
      const none = await a[method](url).set('Accept', 'application/json').send({ probe: 1 });
      const other = await a[method](url)
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', foreign)
        .send({ probe: 1 });
      for (const [how, res] of [
        ['no token', none],
        ["another visitor's token", other],
      ] as const) {
        if (res.status !== 403 || typeof res.body?.error?.message !== 'string')
          wrong.push(`${r.method} ${r.path} with ${how}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('refuses a session cookie alone on every bearer-only route (401), even with a valid CSRF token', async () => {
    const bearerRows = ROUTE_PERMISSIONS.filter((r) => r.auth === 'bearer');
    expect(bearerRows.length).to.be.greaterThan(5);
    const { a, token } = await signedIn('admin@example.com');
    const wrong: string[] = [];
    for (const r of bearerRows) {
      const res = await a[r.method.toLowerCase() as 'post'](sample(r.path))
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', token)
        .send({ probe: 1 });
      if (res.status !== 401) wrong.push(`${r.method} ${r.path}: ${res.status}`);
    }
    expect(wrong).to.deep.equal([]);
  });
});
