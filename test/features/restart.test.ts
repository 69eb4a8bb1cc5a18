/** A restart keeps sessions and data (embedded default or PostgreSQL, as the run is). */
import { expect } from 'chai';
import supertest from 'supertest';
import { start } from '../../src/server.ts';
import { createTestDb, dbMode } from '../helpers/db.ts';

describe(`restart (${dbMode()})`, function () {
  this.timeout(120_000);

  it('keeps a signed-in session and newly written data across a restart', async () => {
    const db = await createTestDb('restart');
    const conf = {
      env: 'test' as const,
      port: 0,
      databaseUrl: db.databaseUrl,
      dataDir: db.dataDir,
      seed: 'demo' as const,
      logLevel: 'silent',
      sessionSecret: 'restart-secret-0123456789abcdef',
    };
    try {
      const first = await start(conf);
      const a = supertest.agent(first.url);
      const page = await a.get('/en-us/register');
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
      const email = `restart-${Date.now()}@example.com`;
      const reg = await a
        .post('/en-us/register')
        .type('form')
        .send({ _csrf: token, email, password: 'restart-password', firstName: 'Iris', lastName: 'Lindqvist' });
      expect(reg.status).to.equal(303);
      const setCookies = ([] as string[]).concat(reg.headers['set-cookie'] ?? []);
      const cookie = setCookies.find((c) => c.startsWith('hd.sid='))!.split(';')[0];
      await first.stop();

      const second = await start(conf);
      try {
        const res = await supertest(second.url).get('/en-us/account').set('Cookie', cookie);
        expect(res.status).to.equal(200);
        expect(res.text).to.include(email);
        // The demo data was not loaded a second time.
        const { rows } = await second.database.pool.query(
          `select count(*)::int as n from users where email = 'admin@example.com'`,
        );
        expect(rows[0].n).to.equal(1);
      } finally {
        await second.stop();
      }
    } finally {
      await db.drop();
    }
  });

  it('finishes a request in flight when stopped (graceful shutdown)', async () => {
    const db = await createTestDb('drain');
    try {
      const app = await start({
        env: 'test',
        port: 0,
        databaseUrl: db.databaseUrl,
        dataDir: db.dataDir,
        seed: 'demo',
        logLevel: 'silent',
        sessionSecret: 'drain-secret-0123456789abcdef',
      });
      let stopped: Promise<void> | undefined;
      // Stop the moment the request arrives: the response must still come back whole.
      app.server.once('request', () => {
        stopped = app.stop();
      });
      const res = await supertest(app.url).get('/en-us/products');
      expect(res.status).to.equal(200);
      expect(res.text).to.include('</html>');
      await stopped;
      const again = await supertest(app.url)
        .get('/healthz')
        .timeout(2000)
        .then(
          () => 'answered',
          () => 'refused',
        );
      expect(again).to.equal('refused');
    } finally {
      await db.drop();
    }
  });
});
