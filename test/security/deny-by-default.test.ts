/**
 * Deny by default, on a small app of its own (no database): a path no declared route names is
 * refused by declaredOnly in front of the routers, even when a router middleware or a route
 * mounted without route() would answer it; each declared route checks its own rule, so when two
 * routes could take a path, the rule of the route Express matched decides.
 */
import { expect } from 'chai';
import express, { Router, type Express } from 'express';
import supertest from 'supertest';
import { declaredOnly, mount, route, routes, type Access } from '../../src/http/route.ts';
import { errorHandler, notFoundHandler } from '../../src/http/error-handler.ts';

/** X-Keys: a comma-separated list of permission keys makes the request a signed-in user holding them. */
function app(build: (r: Router) => void): Express {
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
  const top = routes({ mergeParams: true });
  top.use(declaredOnly(top));
  const feature = routes({ mergeParams: true });
  build(feature);
  mount(top, feature);
  mount(a, '/:locale', top);
  a.use(notFoundHandler);
  a.use(errorHandler);
  return a;
}

const ok = (_req: unknown, res: express.Response) => void res.json({ ok: true });
const allow = (a: Access) => ({ allow: a });
const json = { Accept: 'application/json' };

describe('the route guard denies by default', () => {
  it('refuses a path no route declares before any router middleware answers it (404)', async () => {
    const a = app((r) => {
      r.use('/undeclared', (_req, res) => void res.json({ leaked: true }));
      route(r, 'get', '/declared', allow('public'), ok);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/declared').set(json)).status).to.equal(200);
    const res = await t.get('/en-us/undeclared').set(json).set('X-Keys', 'everything');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ error: { code: 'not_found', message: 'Not found.', fields: {} } });
  });

  it('refuses a route mounted without route() on a router built some other way (404)', async () => {
    const a = app((r) => {
      route(r, 'get', '/declared', allow('public'), ok);
      const plain = Router(); // not routes(): its get works, but declares nothing
      plain.get('/forgotten', ok);
      plain.post('/declared', ok);
      r.use(plain);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/declared').set(json)).status).to.equal(200);
    expect((await t.head('/en-us/declared')).status, 'HEAD is GET').to.equal(200);
    expect((await t.get('/en-us/forgotten').set(json).set('X-Keys', 'everything')).status).to.equal(404);
    expect(
      (await t.post('/en-us/declared').set(json).set('X-Keys', 'everything')).status,
      'a method no route declares',
    ).to.equal(404);
  });

  it('checks the rule of the route Express matched, whichever route the path looks like', async () => {
    // /things/:id is mounted before /things/new, so /things/new reaches the :id handler and its rule.
    const a = app((r) => {
      route(r, 'get', '/things/:id', allow('orders.view'), (_req, res) => void res.json({ secret: true }));
      route(r, 'get', '/things/new', allow('public'), ok);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/things/new').set(json)).status, 'anonymous').to.equal(401);
    expect((await t.get('/en-us/things/new').set(json).set('X-Keys', '')).status, 'without the key').to.equal(403);
    expect((await t.get('/en-us/things/new').set(json).set('X-Keys', 'orders.view')).body).to.deep.equal({
      secret: true,
    });
  });

  it('checks signed-in, any of several keys, and bearer-only rules', async () => {
    const a = app((r) => {
      route(r, 'get', '/mine', allow('signed-in'), ok);
      route(r, 'get', '/either', allow(['media.edit', 'products.edit']), ok);
      route(r, 'get', '/api', { allow: 'signed-in', auth: 'bearer' }, ok);
    });
    const t = supertest(a);
    expect((await t.get('/en-us/mine').set(json)).status).to.equal(401);
    expect((await t.get('/en-us/mine').set(json).set('X-Keys', '')).status).to.equal(200);
    expect((await t.get('/en-us/either').set(json).set('X-Keys', 'orders.view')).status).to.equal(403);
    expect((await t.get('/en-us/either').set(json).set('X-Keys', 'products.edit')).status).to.equal(200);
    expect((await t.get('/en-us/api').set(json).set('X-Keys', 'everything')).status, 'a session only').to.equal(401);
  });

  it('matches as the router does: case-insensitive, one trailing slash, static text as sent', async () => {
    const a = app((r) => route(r, 'get', '/admin/logs', allow('logs.view'), ok));
    const t = supertest(a);
    for (const p of ['/en-us/admin/logs', '/en-us/ADMIN/Logs', '/en-us/admin/logs/']) {
      expect((await t.get(p).set(json)).status, p).to.equal(401);
      expect((await t.get(p).set(json).set('X-Keys', 'logs.view')).status, p).to.equal(200);
    }
    for (const p of ['/en-us/%61dmin/logs', '/en-us/admin//logs', '/en-us/admin/logs;x', '/en-us/admin%2Flogs']) {
      expect((await t.get(p).set(json).set('X-Keys', 'logs.view')).status, p).to.equal(404);
    }
  });
});
