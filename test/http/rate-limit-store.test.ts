/**
 * Rate limits live in PostgreSQL: counts are shared by every app process, so tries spread over
 * several processes still add up to one limit.
 */
import { expect } from 'chai';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import supertest from 'supertest';
import { PgRateLimitStore } from '../../src/http/rate-limit-store.ts';
import { testServer } from '../helpers/server.ts';

/** A minimal app limited by a store of its own over the shared table (as another process would have). */
function limitedApp(pool: import('pg').Pool, prefix: string, limit: number) {
  const app = express();
  app.use(
    rateLimit({
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      store: new PgRateLimitStore(pool, prefix),
      keyGenerator: () => 'same-visitor',
    }),
  );
  app.post('/try', (_req, res) => void res.json({ ok: true }));
  return app;
}

describe('rate limits in PostgreSQL', () => {
  it('counts tries made through two processes against one limit', async () => {
    const { database } = await testServer();
    const prefix = `test-${Date.now()}`;
    const one = supertest(limitedApp(database.pool, prefix, 3));
    const two = supertest(limitedApp(database.pool, prefix, 3));
    expect((await one.post('/try')).status).to.equal(200);
    expect((await two.post('/try')).status).to.equal(200);
    expect((await one.post('/try')).status).to.equal(200);
    expect((await two.post('/try')).status, 'the fourth try, whichever process gets it').to.equal(429);
    expect((await one.post('/try')).status).to.equal(429);
  });

  it('starts a new window once the old one has ended, and forgets a key on reset', async () => {
    const { database } = await testServer();
    const store = new PgRateLimitStore(database.pool, `test-window-${Date.now()}`);
    store.init({ windowMs: 60_000 } as never);
    expect((await store.increment('k')).totalHits).to.equal(1);
    expect((await store.increment('k')).totalHits).to.equal(2);
    await store.decrement('k');
    expect((await store.get('k'))?.totalHits).to.equal(1);
    // The window ends (moved into the past rather than waited for).
    await database.pool.query(`update rate_limits set reset_at = now() - interval '1 second' where key = $1`, [
      `${store.prefix}:k`,
    ]);
    expect(await store.get('k')).to.equal(undefined);
    const fresh = await store.increment('k');
    expect(fresh.totalHits).to.equal(1);
    expect(fresh.resetTime!.getTime()).to.be.greaterThan(Date.now() + 50_000);
    await store.resetKey('k');
    expect(await store.get('k')).to.equal(undefined);
  });
});
