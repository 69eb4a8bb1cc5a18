/**
 * A failed query's parameters never reach the log (drizzle puts them in its error's `params`,
 * message and stack), and refused registrations count toward the per-IP limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.ts';
import { errForLog } from '../../src/http/log-redact.ts';
import { testServer } from '../helpers/server.ts';

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** An app over the shared database with its own logger (and a trusted proxy, for per-IP counts). */
async function sideApp() {
  const shared = await testServer();
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (l: string) => void lines.push(l) });
  const { app } = createApp({
    config: { ...shared.config, trustProxy: true },
    database: shared.database,
    texts: shared.services.texts,
    mailer: shared.services.mailer,
    logger,
    events: shared.services.events,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    lines,
    pool: shared.database.pool,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('failed queries in the log; registration tries', function () {
  this.timeout(60_000);
  let side: Awaited<ReturnType<typeof sideApp>>;
  before(async () => {
    side = await sideApp();
  });
  after(async () => {
    await side.close();
    await side.pool.query(`delete from rate_limits where key like 'register:%'`);
  });

  it('a registration the database refuses is a 500 whose log line carries no parameter: no hash, no email, no name', async () => {
    // A real PostgreSQL error (a CHECK that only these test accounts break) on the users insert.
    await side.pool.query(
      `alter table users add constraint log_probe_refused check (email not like 'log-probe-%') not valid`,
    );
    try {
      const a = supertest.agent(side.url);
      const ip = '203.0.113.77';
      const token = csrfOf((await a.get('/en-us/register').set('X-Forwarded-For', ip)).text);
      const email = 'log-probe-1@example.com';
      const res = await a.post('/en-us/register').set('X-Forwarded-For', ip).set('Accept', 'application/json').send({
        _csrf: token,
        email,
        password: 'Probe-Pass-Secret-55',
        firstName: 'Quillon',
        lastName: 'Probe',
        accountType: 'personal',
      });
      expect(res.status).to.equal(500);
      const errors = side.lines.filter((l) => JSON.parse(l).level === 50);
      expect(errors, side.lines.join('\n')).to.have.length.at.least(1);
      const logged = errors.join('\n');
      for (const secret of ['$argon2', email, 'Quillon', 'Probe-Pass-Secret-55'])
        expect(logged, secret).to.not.include(secret);
      expect(logged).to.include('log_probe_refused'); // the error itself is there: the constraint, its SQLSTATE
      expect(logged).to.include('23514');
      expect(logged).to.include('Failed query: insert into');
    } finally {
      await side.pool.query('alter table users drop constraint log_probe_refused');
    }
  });

  it('errForLog keeps an error’s type, message and SQLSTATE and drops params, values and query', () => {
    const cause = Object.assign(new Error('new row violates check constraint "x"'), {
      code: '23514',
      constraint: 'x',
      table: 'users',
    });
    const wrapped = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: a@b.c,$argon2id$v=19$m=1$abc'),
      { query: 'insert …', params: ['a@b.c', '$argon2id$v=19$m=1$abc'], cause },
    );
    const out = errForLog(wrapped) as Error & Record<string, unknown>;
    expect(out.message).to.equal('Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]');
    expect(out.stack?.split('\n').slice(0, 2).join('\n')).to.equal(
      'Error: Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]',
    );
    expect(out.code).to.equal('23514');
    expect(out.constraint).to.equal('x');
    expect(out.params).to.equal(undefined);
    expect(out.query).to.equal(undefined);
    const all = JSON.stringify({ ...out, message: out.message, stack: out.stack });
    expect(all).to.not.include('a@b.c');
    expect(all).to.not.include('$argon2');
  });

  it('refused registrations count toward the per-IP limit: the 11th try in an hour is 429', async () => {
    const ip = '203.0.113.78';
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const a = supertest.agent(side.url);
      const token = csrfOf((await a.get('/en-us/register').set('X-Forwarded-For', ip)).text);
      // A password too short: refused (400), a different email each time (the per-account limit stays out of it).
      const res = await a
        .post('/en-us/register')
        .set('X-Forwarded-For', ip)
        .set('Accept', 'application/json')
        .send({
          _csrf: token,
          email: `ip-try-${i}@example.com`,
          password: 'short',
          firstName: 'Ann',
          lastName: 'Example',
        });
      statuses.push(res.status);
    }
    expect(statuses).to.deep.equal([...Array(10).fill(400), 429]);
  });
});
