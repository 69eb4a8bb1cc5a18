/**
 * The route declarations and what is generated from them, on an app built without a database:
 * the committed route table (src/http/route-permissions.ts) and docs/routes.md are what
 * `npm run routes` writes; every route Express mounted was declared with route() (walked from the
 * router stack, not from the declarations) and every declaration is mounted; a feature router
 * refuses a route without a rule.
 */
import { expect } from 'chai';
import type { Express } from 'express';
import path from 'node:path';
import { declaredRoutes, route, routes } from '../../src/http/route.ts';
import { buildApp, routeFiles } from '../../src/http/route-table.ts';
import { mountedRoutes } from '../helpers/mounted-routes.ts';

const show = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the route table is generated from the route declarations', function () {
  this.timeout(60_000);
  let app: Express;
  let close: () => Promise<void>;
  before(async () => ({ app, close } = await buildApp()));
  after(() => close());

  it('matches the committed src/http/route-permissions.ts and docs/routes.md (run `npm run routes`)', async () => {
    for (const f of await routeFiles())
      expect(f.have, `${path.basename(f.file)} is out of date: run npm run routes and commit it`).to.equal(f.want);
  });

  it('has every mounted route declared with its rule, and every declaration mounted', () => {
    const mounted = mountedRoutes(app).map(show).sort();
    const declared = declaredRoutes(app).map(show).sort();
    expect(mounted.length).to.be.greaterThan(100);
    expect(
      mounted.filter((r) => !declared.includes(r)),
      'mounted without route()',
    ).to.deep.equal([]);
    expect(
      declared.filter((r) => !mounted.includes(r)),
      'declared but not mounted',
    ).to.deep.equal([]);
  });

  it('declares each method and path once, or twice with the same rule', () => {
    const rows = declaredRoutes(app);
    expect(new Set(rows.map(show)).size).to.equal(rows.length);
  });

  it('refuses a plain r.get or r.route on a feature router when the app is built', () => {
    const r = routes();
    expect(() => r.get('/x', (_req, res) => void res.end())).to.throw(/declare routes with route/);
    expect(() => r.route('/x')).to.throw(/declare routes with route/);
    expect(() => r.post('/x', (_req, res) => void res.end())).to.throw(/declare routes with route/);
    route(r, 'get', '/x', { allow: 'public' }, (_req, res) => void res.end());
  });
});
