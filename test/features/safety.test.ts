/**
 * Safe defaults: production seeds nothing by itself, a bearer request is its token
 * alone, multipart files only where a route takes them, rate limits per IP and per account, and
 * database errors are logged 500s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { start, type Running } from '../../src/server.ts';
import { seed } from '../../src/db/seed/index.ts';
import { createTestDb } from '../helpers/db.ts';
import { agent, apiToken, csrf, DEMO_PASSWORD, signIn } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** A second app over the shared test database, with its own log (rate-limit counts are in the database, shared). */
async function sideApp(over: Partial<Running['config']> = {}) {
  const shared = await testServer();
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (l: string) => void lines.push(l) });
  const { app } = createApp({
    config: { ...shared.config, ...over },
    database: shared.database,
    texts: shared.services.texts,
    mailer: shared.services.mailer,
    logger,
    events: shared.services.events,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('safe defaults', function () {
  this.timeout(120_000);

  describe('production seeds nothing unless asked', () => {
    it('SEED defaults to none in production, demo elsewhere; an explicit SEED wins', () => {
      const secret = { SESSION_SECRET: 'production-secret-0123456789abcdef', PUBLIC_URL: 'https://shop.example' };
      expect(loadConfig({ NODE_ENV: 'production', ...secret }).seed).to.equal('none');
      expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo', ...secret }).seed).to.equal('demo');
      expect(loadConfig({ NODE_ENV: 'development' }).seed).to.equal('demo');
    });

    it('a production start over an empty database creates no account, and the demo password opens nothing', async () => {
      const db = await createTestDb('production');
      const config = loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'production-secret-0123456789abcdef',
        PUBLIC_URL: 'http://localhost',
      });
      const running = await start({
        ...config,
        port: 0,
        databaseUrl: db.databaseUrl,
        dataDir: db.dataDir,
        logLevel: 'silent',
      });
      try {
        const { rows } = await running.database.pool.query<{ n: number }>('select count(*)::int as n from users');
        expect(rows[0].n).to.equal(0);

        // Even if the demo accounts got into a production database, their published password is refused.
        await seed(running.database.db);
        const a = supertest.agent(running.url);
        const token = csrfOf((await a.get('/en-us/login')).text);
        const res = await a
          .post('/en-us/login')
          .set('Accept', 'application/json')
          .type('form')
          .send({ _csrf: token, email: 'admin@example.com', password: DEMO_PASSWORD });
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('sign_in_failed');
      } finally {
        await running.stop();
        await db.drop();
      }
    });
  });

  describe('bearer requests are their token alone', () => {
    it('a bearer header with a signed-in session cookie but an invalid token gets 401, X-User-Id or not', async () => {
      const a = await agent();
      await signIn(a, 'customer@example.com');
      expect((await a.get('/en-us/account')).status).to.equal(200);
      for (const headers of [
        { Authorization: 'Bearer not-a-token' },
        { Authorization: 'Bearer not-a-token', 'X-User-Id': '3' },
      ]) {
        const read = await a.get('/en-us/account').set(headers);
        expect(read.status).to.equal(401);
        const write = await a.post('/en-us/cart/viewdiscounts').set(headers).send({ showDiscount: 0 });
        expect(write.status).to.equal(401);
      }
    });

    it("a valid token speaks for its own user, whatever the cookie's session says", async () => {
      const staff = await agent();
      await signIn(staff, 'staff@example.com');
      const staffToken = await apiToken(staff);
      const customer = await agent();
      await signIn(customer, 'customer@example.com');
      const res = await customer.get('/en-us/account').set('Authorization', `Bearer ${staffToken}`);
      expect(res.status).to.equal(200);
      expect(res.text).to.include('staff@example.com');
      expect(res.text).to.not.include('customer@example.com');
    });

    it('warehouse API keys work on the warehouse routes only, with their own check', async () => {
      const a = await agent();
      const ok = await a
        .get('/api/warehouse/1/test-key')
        .set('Authorization', 'Bearer wh_us_demo_key_2026')
        .set('X-User-Id', '6');
      expect(ok.status).to.equal(200);
      expect(ok.body.message).to.include('Des Moines');
      expect(
        (
          await a
            .get('/api/warehouse/1/test-key')
            .set('Authorization', 'Bearer wh_ca_demo_key_2026')
            .set('X-User-Id', '6')
        ).status,
      ).to.equal(401);
      expect(
        (
          await a
            .get('/api/warehouse/1/test-key')
            .set('Authorization', 'Bearer wh_us_demo_key_2026')
            .set('X-User-Id', '3')
        ).status,
      ).to.equal(401);
      // The same key elsewhere is just a bad bearer token: no CSRF bypass, no session.
      const elsewhere = await a
        .post('/en-us/cart/viewdiscounts')
        .set('Authorization', 'Bearer wh_us_demo_key_2026')
        .set('X-User-Id', '6')
        .send({ showDiscount: 0 });
      expect(elsewhere.status).to.equal(401);
    });
  });

  describe('multipart', () => {
    it('a multipart POST carrying a file to a route that takes no files is refused (413) before the route runs', async () => {
      const a = await agent();
      const token = await csrf(a, '/en-us/products');
      const small = Buffer.alloc(10 * 1024, 7);
      const big = Buffer.alloc(2 * 1024 * 1024, 7);
      for (const path of ['/en-us/cart/add/inline', '/en-us/login', '/en-us/address/get-regions']) {
        const res = await a
          .post(path)
          .set('X-CSRF-Token', token)
          .set('Accept', 'application/json')
          .field('product_id', '1')
          .attach('file', small, 'small.bin');
        expect(res.status, path).to.equal(413);
        expect(res.body.error).to.deep.include({ code: 'no_files', fields: {} });
        // A body over the form limit is refused on its declared length, before a byte is read.
        const large = await a
          .post(path)
          .set('X-CSRF-Token', token)
          .set('Accept', 'application/json')
          .field('product_id', '1')
          .attach('file', big, 'big.bin');
        expect(large.status, path).to.equal(413);
        expect(large.body.error.code).to.equal('too_large');
      }
      const count = await a.get('/en-us/cart/synchronize').set('Accept', 'application/json');
      expect(count.body.count ?? 0).to.equal(0);
    });

    it('multipart fields alone still work where a form is taken (the contract)', async () => {
      const a = await agent();
      const token = await csrf(a, '/en-us/products');
      const res = await a
        .post('/en-us/address/get-regions')
        .set('X-CSRF-Token', token)
        .set('X-Requested-With', 'XMLHttpRequest')
        .field('countryCode', 'ca');
      expect(res.status).to.equal(200);
      expect(res.body.map((r: { code: string }) => r.code)).to.include('SK');
    });
  });

  describe('rate limits per IP and per account', () => {
    let side: Awaited<ReturnType<typeof sideApp>>;
    before(async () => {
      side = await sideApp({ trustProxy: true });
    });
    // The counts live in PostgreSQL and every app over the database shares them: forget the
    // exhausted ones, or the shared test server would refuse these accounts for the next tests.
    after(async () => {
      await side.close();
      await (await testServer()).database.pool.query('delete from rate_limits');
    });

    async function formAgent(ip: string) {
      const a = supertest.agent(side.url);
      const token = csrfOf((await a.get('/en-us/password/reset').set('X-Forwarded-For', ip)).text);
      return { a, token };
    }

    it('the 11th password-reset request from one IP in a minute gets 429 (different emails)', async () => {
      const { a, token } = await formAgent('203.0.113.10');
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await a
          .post('/en-us/password/reset')
          .set('X-Forwarded-For', '203.0.113.10')
          .set('Accept', 'application/json')
          .send({ _csrf: token, email: `nobody-${i}@example.com` });
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal([...Array(10).fill(200), 429]);
    });

    it('one account gets 5 reset mails an hour, from any number of addresses', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const ip = `198.51.100.${i}`;
        const { a, token } = await formAgent(ip);
        const res = await a
          .post('/en-us/password/reset')
          .set('X-Forwarded-For', ip)
          .set('Accept', 'application/json')
          .send({ _csrf: token, email: 'customer@example.com' });
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
    });

    it('sign-in: 10 failed tries per account, however many addresses they come from; the form says why', async () => {
      const statuses: number[] = [];
      let last = '';
      for (let i = 1; i <= 11; i++) {
        const ip = `192.0.2.${i}`;
        const { a, token } = await formAgent(ip);
        const res = await a
          .post('/en-us/login')
          .set('X-Forwarded-For', ip)
          .type('form')
          .send({ _csrf: token, email: 'buyer@acme.example', password: `wrong-${i}` });
        statuses.push(res.status);
        last = res.text;
      }
      expect(statuses).to.deep.equal([...Array(10).fill(400), 429]);
      expect(last).to.include('Too many attempts');
      expect(last).to.include('name="email"'); // the sign-in form again, not an error page
    });

    it('registration: the same email cannot be tried more than 5 times in 15 minutes', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const ip = `192.0.2.${100 + i}`;
        const { a, token } = await formAgent(ip);
        const res = await a.post('/en-us/register').set('X-Forwarded-For', ip).set('Accept', 'application/json').send({
          _csrf: token,
          email: 'admin@example.com',
          password: 'long-enough-password',
          firstName: 'Ann',
          lastName: 'Example',
          accountType: 'personal',
        });
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal([409, 409, 409, 409, 409, 429]);
    });
  });

  describe('database errors', () => {
    it('a database error answers 500 and is logged as an error with the request id', async () => {
      const db = await createTestDb('dberror');
      const running = await start({
        env: 'test',
        port: 0,
        databaseUrl: db.databaseUrl,
        dataDir: db.dataDir,
        seed: 'none',
        logLevel: 'silent',
        sessionSecret: 'dberror-secret-0123456789abcdef',
      });
      const lines: string[] = [];
      const logger = pino({ level: 'info', base: undefined }, { write: (l: string) => void lines.push(l) });
      const { app } = createApp({
        config: running.config,
        database: running.database,
        texts: running.services.texts,
        mailer: running.services.mailer,
        logger,
        events: running.services.events,
      });
      try {
        // A real PostgreSQL error (undefined column) on every page's channel lookup.
        await running.database.pool.query('alter table channels rename column code to code_gone');
        const res = await supertest(app).get('/en-us/products').set('Accept', 'application/json');
        expect(res.status).to.equal(500);
        expect(res.body.error).to.deep.equal({
          code: 'internal',
          message: 'Something went wrong. Please try again.',
          fields: {},
        });
        const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 50 && l.err);
        expect(errors, lines.join('\n')).to.have.length.at.least(1);
        expect(errors[0].requestId).to.not.equal(undefined);
        expect(JSON.stringify(errors[0].err)).to.include('does not exist');
      } finally {
        await running.stop();
        await db.drop();
      }
    });
  });
});
