/**
 * The script lane never runs a committed write twice. A lane route is a write (validation and one
 * transaction) and an answer built after it: a failure before the commit goes to Express, which
 * answers as always; a failure after it is the lane's own 500, in the contract's shape and the
 * visitor's language, logged once, and Express never sees the request. The lane here runs one
 * counting route in front of a stand-in for Express, with cookies signed by hand as
 * cookie-signature signs them (HMAC-SHA256, base64 without padding).
 */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import type { Store } from 'express-session';
import supertest from 'supertest';
import { csrfTokenFor } from '../../src/http/csrf.ts';
import { laneRoute, withScriptLane } from '../../src/http/script-lane.ts';
import { Texts } from '../../src/i18n/index.ts';

const SECRET = 'unit-test-cookie-secret';
const CSRF_SECRET = 'unit-test-csrf-secret-0123';
const signed = (value: string) => encodeURIComponent(`s:${value}.${createHmac('sha256', SECRET).update(value).digest('base64').replace(/=+$/, '')}`);
const COOKIE = `hd.sid=${signed('session-1')}; hd.csrf=${signed(CSRF_SECRET)}`;
const US = { id: 1, code: 'US', name: 'United States', currency: 'USD', currencyId: 1, midMarketRate: '1', taxExemptAvailable: false, defaultLocale: 'en-us', countryCodes: ['US'], countryIds: [1] };

describe('script lane: a write that committed runs once', () => {
  let server: http.Server;
  let base: string;
  const count = { writes: 0, answers: 0, express: 0 };
  const errors: string[] = [];
  /** What the route's steps do on the next request. */
  let fail: 'none' | 'write' | 'answer' = 'none';

  before(async () => {
    const store = { get: (id: string, cb: (err: unknown, s?: unknown) => void) => cb(null, id === 'session-1' ? { cookie: {}, channelCode: 'US' } : null) } as unknown as Store;
    const route = laneRoute({
      method: 'DELETE',
      pattern: '/:locale/cart/:lineId',
      accepts: () => true,
      write: async (p) => {
        count.writes++;
        if (fail === 'write') throw new Error('rolled back');
        return { removed: Number(p.lineId) };
      },
      answer: async (w) => {
        count.answers++;
        if (fail === 'answer') throw new Error('the answer could not be built');
        return { removed: w.removed };
      },
    });
    const standIn: http.RequestListener = (_req, res) => {
      count.express++;
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.', fields: {} } }));
    };
    const listener = withScriptLane(standIn, [route], {
      sessionCookie: 'hd.sid',
      cookieSecret: SECRET,
      store,
      bodyParsers: [express.json()],
      securityHeaders: ['X-Content-Type-Options', 'nosniff'],
      trustProxy: false,
      channels: { all: async () => [US] },
      loadUser: async () => undefined,
      texts: await Texts.fromRows([]),
      logger: { info: () => {}, error: (_obj: unknown, msg?: string) => void errors.push(String(msg)), isLevelEnabled: () => true } as never,
    });
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    Object.assign(count, { writes: 0, answers: 0, express: 0 });
    errors.length = 0;
    fail = 'none';
  });

  const remove = (path: string) => supertest(base).delete(path).set({ Cookie: COOKIE, 'X-CSRF-Token': csrfTokenFor(CSRF_SECRET), Accept: 'application/json' });

  it('an ordinary removal: one write, the answer, no Express', async () => {
    const res = await remove('/en-us/cart/7');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ removed: 7 });
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(count).to.deep.equal({ writes: 1, answers: 1, express: 0 });
    expect(errors).to.deep.equal([]);
  });

  it('a failure building the answer after the commit: 500 in the contract shape, one write, one log line, Express never runs', async () => {
    fail = 'answer';
    const res = await remove('/en-us/cart/7');
    expect(res.status).to.equal(500);
    expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.body).to.deep.equal({ error: { code: 'internal', message: 'Something went wrong. Please try again.', fields: {} } });
    expect(count).to.deep.equal({ writes: 1, answers: 1, express: 0 });
    expect(errors).to.deep.equal(['script lane failed']);
  });

  it("the same failure in the visitor's language (fr-ca, es-mx)", async () => {
    fail = 'answer';
    const fr = await remove('/fr-ca/cart/7');
    expect(fr.status).to.equal(500);
    expect(fr.body.error).to.deep.equal({ code: 'internal', message: 'Une erreur s’est produite. Veuillez réessayer.', fields: {} });
    const es = await remove('/es-mx/cart/7');
    expect(es.body.error.message).to.equal('Algo salió mal. Inténtelo de nuevo.');
    expect(count).to.deep.equal({ writes: 2, answers: 2, express: 0 });
    expect(errors).to.deep.equal(['script lane failed', 'script lane failed']);
  });

  it('a failure before the commit (the write threw, rolled back) goes to Express, which answers once', async () => {
    fail = 'write';
    const res = await remove('/en-us/cart/7');
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
    expect(count).to.deep.equal({ writes: 1, answers: 0, express: 1 });
    expect(errors).to.deep.equal([]);
  });
});
