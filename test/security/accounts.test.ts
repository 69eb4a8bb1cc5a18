/**
 * Accounts: a password change ends every other session of the account, and an
 * account whose sign-ins are paused after repeated wrong passwords has its owner told, once.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { start, type Running } from '../../src/server.ts';
import { testServer } from '../helpers/server.ts';

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
type MailBox = { list(): Promise<{ content: string }[]> };

describe('account security', function () {
  this.timeout(120_000);
  let app: Running;
  before(async () => {
    const shared = await testServer();
    // Its own app, trusting X-Forwarded-For, so each try can come from its own address (the
    // per-IP limits of the shared loopback address are the rest of the suite's).
    app = await start({ ...shared.config, port: 0, trustProxy: true }, { database: shared.database, prepare: false });
  });
  after(async () => {
    await app?.database.pool.query(
      `delete from rate_limits where key like '%@lockout.example%' or key like 'lead:%' or key like 'accountexists:%'`,
    );
    await app?.stop();
  });

  async function register(email: string, password: string) {
    const a = supertest.agent(app.url);
    const token = csrfOf((await a.get('/en-us/register').set('X-Forwarded-For', '198.51.100.1')).text);
    const res = await a
      .post('/en-us/register')
      .set('X-Forwarded-For', '198.51.100.1')
      .type('form')
      .send({ _csrf: token, email, password, firstName: 'Ada', lastName: 'Lock' });
    expect(res.status, res.text).to.equal(303);
    return a;
  }

  const mailsTo = async (email: string) =>
    (await (app.services.mailer as unknown as MailBox).list()).filter((m) => m.content.includes(email));

  it('a password reset signs the account out everywhere else', async () => {
    const email = `reset-everywhere-${Date.now()}@example.com`;
    const other = await register(email, 'Original-Pass-123');
    expect((await other.get('/en-us/account')).status, 'signed in before').to.equal(200);

    const b = supertest.agent(app.url);
    let token = csrfOf((await b.get('/en-us/password/reset').set('X-Forwarded-For', '198.51.100.2')).text);
    await b
      .post('/en-us/password/reset')
      .set('X-Forwarded-For', '198.51.100.2')
      .type('form')
      .send({ _csrf: token, email });
    const body = (await mailsTo(email))
      .at(-1)!
      .content.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const resetToken = decodeURIComponent(
      new URL(/(http:\/\/\S+password\/reset\?token=[\w%-]+)/.exec(body)![1]).searchParams.get('token')!,
    );
    const form = await b.get(`/en-us/password/reset?token=${encodeURIComponent(resetToken)}`);
    token = csrfOf(form.text);
    expect(
      (
        await b
          .post('/en-us/password/reset')
          .type('form')
          .send({ _csrf: token, token: resetToken, password: 'Brand-New-Pass-456' })
      ).status,
    ).to.equal(303);

    const after = await other.get('/en-us/account');
    expect(after.status, 'the other browser is signed out').to.be.oneOf([302, 303]);
    expect(after.headers.location).to.match(/\/login/);
    expect((await b.get('/en-us/account')).status, 'the browser that reset stays in').to.equal(200);
  });

  it('the owner of an account whose sign-ins are paused gets one mail saying so, with a reset link', async () => {
    const email = `owner-${Date.now()}@lockout.example`;
    await register(email, 'Owners-Pass-789');
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const ip = `203.0.113.${i}`;
      const a = supertest.agent(app.url);
      const token = csrfOf((await a.get('/en-us/login').set('X-Forwarded-For', ip)).text);
      statuses.push(
        (
          await a
            .post('/en-us/login')
            .set('X-Forwarded-For', ip)
            .type('form')
            .send({ _csrf: token, email, password: `guess-${i}` })
        ).status,
      );
    }
    expect(statuses).to.deep.equal([...Array(10).fill(400), 429, 429]);
    const paused = (await mailsTo(email)).filter((m) =>
      m.content.includes('Sign-ins to your Harrow & Drill account are paused'),
    );
    expect(paused, 'one mail for the pause, not one per refused try').to.have.length(1);
    expect(paused[0].content.replace(/=\r?\n/g, '')).to.match(/password\/reset/);
    const { rows } = await app.database.pool.query(
      `select count(*)::int as n from logs l join users u on u.id = l.entity_id where l.action = 'user.login_paused' and u.email = $1`,
      [email],
    );
    expect(rows[0].n).to.equal(1);
    // The owner can still sign in once the pause is over (the window is 5 minutes; forget it here).
    await app.database.pool.query(`delete from rate_limits where key like $1`, [`%${email}%`]);
    const a = supertest.agent(app.url);
    const token = csrfOf((await a.get('/en-us/login').set('X-Forwarded-For', '203.0.113.99')).text);
    expect(
      (
        await a
          .post('/en-us/login')
          .set('X-Forwarded-For', '203.0.113.99')
          .type('form')
          .send({ _csrf: token, email, password: 'Owners-Pass-789' })
      ).status,
    ).to.equal(303);
  });

  it('the lead form takes 30 an hour from one address, and account-exists 120 lookups per 10 minutes from one staff user (429 beyond)', async () => {
    const ip = '192.0.2.77';
    const a = supertest.agent(app.url);
    const token = csrfOf((await a.get('/en-us/leads/new').set('X-Forwarded-For', ip)).text);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await a
            .post('/en-us/leads/new')
            .set('X-Forwarded-For', ip)
            .set('Accept', 'application/json')
            .set('X-CSRF-Token', token)
            .send({ email: 'not an email' })
        ).status,
      );
    }
    expect(
      statuses.slice(0, 30).every((s) => s === 400),
      statuses.join(','),
    ).to.equal(true);
    expect(statuses[30]).to.equal(429);
    // Another address is not held back.
    expect(
      (
        await a
          .post('/en-us/leads/new')
          .set('X-Forwarded-For', '192.0.2.78')
          .set('Accept', 'application/json')
          .set('X-CSRF-Token', token)
          .send({ email: 'x' })
      ).status,
    ).to.equal(400);

    const staff = supertest.agent(app.url);
    let t = csrfOf((await staff.get('/en-us/login').set('X-Forwarded-For', '192.0.2.79')).text);
    expect(
      (
        await staff
          .post('/en-us/login')
          .set('X-Forwarded-For', '192.0.2.79')
          .type('form')
          .send({ _csrf: t, email: 'staff@example.com', password: 'demo-pass-2026' })
      ).status,
    ).to.equal(303);
    t = csrfOf((await staff.get('/en-us/leads/new')).text);
    await app.database.pool.query(`delete from rate_limits where key like 'accountexists:%'`); // other tests' lookups as staff count too
    const lookups = await Promise.all(
      Array.from({ length: 121 }, (_, i) =>
        staff
          .post('/en-us/admin/settings/person/accountexists')
          .set('X-CSRF-Token', t)
          .set('Accept', 'application/json')
          .type('form')
          .send({ email: `nobody${i}@example.com` }),
      ),
    );
    const counts = lookups.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
    expect(counts).to.deep.equal({ 200: 120, 429: 1 });
  });
});
