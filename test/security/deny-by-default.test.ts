/**
 * The guard denies by default, on a small app of its own (no database): a path no row
 * names is refused by the guard in front of a router, even when a router middleware would answer
 * it; a mounted route with no row is refused by the check in front of its handlers, even with no
 * guard in front of its router; and when the table and the router disagree on which route a path
 * is, the route Express matched decides.
 */
import { expect } from 'chai';
import express, { Router, type Express } from 'express';
import supertest from 'supertest';
import { guardMountedRoutes, routeGuard } from '../../src/http/route-guard.ts';
import type { RouteRule } from '../../src/http/route-permissions.ts';
import { errorHandler, notFoundHandler } from '../../src/http/error-handler.ts';

const row = (method: RouteRule['method'], path: string, access: RouteRule['access']): RouteRule => ({
  method,
  path,
  access,
  auth: 'session',
});

/** X-Keys: a comma-separated list of permission keys makes the request a signed-in user holding them. */
function app(rules: RouteRule[], build: (r: Router) => void, frontGuard = true): Express {
  const a = express();
  a.use((req, _res, next) => {
    const keys = req.get('x-keys');
    if (keys !== undefined)
      req.user = {
        id: 1,
        email: 'u@x',
        firstName: 'U',
        lastName: 'X',
        role: 'staff',
        organisationId: null,
        warehouseId: null,
        permissions: new Set(keys.split(',').filter(Boolean)),
      };
    next();
  });
  const r = Router({ mergeParams: true });
  if (frontGuard) r.use(routeGuard('localized', rules));
  build(r);
  a.use('/:locale', r);
  guardMountedRoutes(a, rules);
  a.use(notFoundHandler);
  a.use(errorHandler);
  return a;
}

const ok = (_req: unknown, res: express.Response) => void res.json({ ok: true });

describe('the route guard denies by default', () => {
  it('refuses a path with no row before any router middleware answers it (404)', async () => {
    const a = app([row('GET', '/:locale/listed', 'public')], (r) => {
      r.use('/unlisted', (_req, res) => void res.json({ leaked: true }));
      r.get('/listed', ok);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/listed').set('Accept', 'application/json')).status).to.equal(200);
    const res = await t.get('/en-us/unlisted').set('Accept', 'application/json').set('X-Keys', 'everything');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ error: { code: 'not_found', message: 'Not found.', fields: {} } });
  });

  it('refuses a mounted route that has no row, even with no guard in front of its router (404)', async () => {
    const a = app(
      [row('GET', '/:locale/listed', 'public')],
      (r) => {
        r.get('/listed', ok);
        r.get('/forgotten', ok);
        r.post('/listed', ok);
      },
      false,
    );
    const t = supertest(a);
    expect((await t.get('/en-us/listed').set('Accept', 'application/json')).status).to.equal(200);
    expect((await t.head('/en-us/listed')).status, 'HEAD is GET').to.equal(200);
    expect(
      (await t.get('/en-us/forgotten').set('Accept', 'application/json').set('X-Keys', 'everything')).status,
    ).to.equal(404);
    expect(
      (await t.post('/en-us/listed').set('Accept', 'application/json').set('X-Keys', 'everything')).status,
      'a method with no row',
    ).to.equal(404);
  });

  it('checks the row of the route Express matched when the table would pick another', async () => {
    // The router mounts /things/:id before /things/new, so /things/new reaches the :id handler.
    const rules = [row('GET', '/:locale/things/new', 'public'), row('GET', '/:locale/things/:id', 'orders.view')];
    const a = app(rules, (r) => {
      r.get('/things/:id', (_req, res) => void res.json({ secret: true }));
      r.get('/things/new', ok);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/things/new').set('Accept', 'application/json')).status, 'anonymous').to.equal(401);
    expect(
      (await t.get('/en-us/things/new').set('Accept', 'application/json').set('X-Keys', '')).status,
      'without the key',
    ).to.equal(403);
    expect(
      (await t.get('/en-us/things/new').set('Accept', 'application/json').set('X-Keys', 'orders.view')).body,
    ).to.deep.equal({ secret: true });
  });

  it('matches as the router does: case-insensitive, one trailing slash, static text as sent', async () => {
    const a = app([row('GET', '/:locale/admin/logs', 'logs.view')], (r) => r.get('/admin/logs', ok));
    const t = supertest(a);
    for (const p of ['/en-us/admin/logs', '/en-us/ADMIN/Logs', '/en-us/admin/logs/']) {
      expect((await t.get(p).set('Accept', 'application/json')).status, p).to.equal(401);
      expect((await t.get(p).set('Accept', 'application/json').set('X-Keys', 'logs.view')).status, p).to.equal(200);
    }
    for (const p of ['/en-us/%61dmin/logs', '/en-us/admin//logs', '/en-us/admin/logs;x', '/en-us/admin%2Flogs']) {
      expect((await t.get(p).set('Accept', 'application/json').set('X-Keys', 'logs.view')).status, p).to.equal(404);
    }
  });
});
