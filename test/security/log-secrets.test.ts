/**
 * Secrets never reach the logs: an app process logging at trace level is driven
 * through the flows that carry secrets (register, failed and good sign-in, card tokenisation, a bank account,
 * password reset by link, bearer token, a request that fails on the server), and every line
 * it logged is scanned for each of those secrets.
 */
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import supertest from 'supertest';
import { redactUrl } from '../../src/http/log-redact.ts';
import { start, type Running } from '../../src/server.ts';
import { testServer } from '../helpers/server.ts';

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

describe('secrets in logs', function () {
  this.timeout(120_000);
  let app: Running;
  const lines: string[] = [];

  before(async () => {
    const shared = await testServer();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await start(
      { ...shared.config, port: 0, logLevel: 'trace' },
      { database: shared.database, prepare: false, logStream: stream },
    );
  });
  after(() => app?.stop());

  it('redactUrl hides the values of secret-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/en-us/password/reset?token=abc%2Fdef&x=1')).to.equal(
      '/en-us/password/reset?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/plaid/link-token?user_id=7')).to.equal('/api/plaid/link-token?user_id=7');
    expect(redactUrl('/invite?invite_code=zzz&api_key=k&page=2')).to.equal(
      '/invite?invite_code=[redacted]&api_key=[redacted]&page=2',
    );
    expect(redactUrl('/en-us/products?q=planter')).to.equal('/en-us/products?q=planter');
    expect(redactUrl('/x?%ZZ=1&token')).to.equal('/x?%ZZ=1&token');
  });

  it('passwords, card numbers, reset tokens, session ids and bearer tokens appear in no log line', async () => {
    const a = supertest.agent(app.url);
    const email = `logscan-${Date.now()}@example.com`;
    const first = 'Secret-First-Pass-91';
    const wrong = 'Wrong-Guess-Pass-77';
    const second = 'Secret-Second-Pass-42';
    const card = '4242424242424242';
    const bankAccount = '000987654321';

    let token = csrfOf((await a.get('/en-us/register')).text);
    const reg = await a
      .post('/en-us/register')
      .type('form')
      .send({ _csrf: token, email, password: first, firstName: 'Lou', lastName: 'Scan' });
    expect(reg.status).to.be.oneOf([302, 303]);
    const setCookies = ([] as string[]).concat(reg.headers['set-cookie'] ?? []);
    const sid = decodeURIComponent(
      setCookies
        .find((k) => k.startsWith('hd.sid='))
        ?.split(';')[0]
        .slice('hd.sid='.length) ?? '',
    );
    expect(sid, 'session cookie').to.not.equal('');
    const apiPage = await a.get('/en-us/account');
    const bearer = /<meta name="api-token" content="([^"]+)"/.exec(apiPage.text)?.[1];
    expect(bearer, 'bearer token meta').to.be.a('string');
    await a.get('/en-us/api/orders').set('Authorization', `Bearer ${bearer}`);
    token = csrfOf((await a.get('/en-us/products')).text);
    await a
      .post('/payments/tokens')
      .set({ 'X-CSRF-Token': token, Accept: 'application/json' })
      .send({ number: card, exp_month: 12, exp_year: 2040, cvc: '123' });
    // A bank account through the bank link: its number must not be logged either.
    const {
      rows: [me],
    } = await app.database.pool.query('select id from users where email = $1', [email]);
    const xhr = { 'X-CSRF-Token': token, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const lt = await a.get(`/api/plaid/link-token?user_id=${me.id}`).set(xhr);
    expect(lt.status, lt.text).to.equal(200);
    const linked = await a.post('/bank-link/accounts').set(xhr).send({
      link_token: lt.body.link_token,
      routing_number: '110000000',
      account_number: bankAccount,
      account_holder: 'Lou Scan',
      account_type: 'checking',
    });
    expect(linked.status, linked.text).to.equal(201);
    expect(
      (await a.post('/en-us/account/payment/bank-accounts').set(xhr).send({ public_token: linked.body.public_token }))
        .status,
    ).to.equal(201);

    const b = supertest.agent(app.url);
    token = csrfOf((await b.get('/en-us/login')).text);
    await b.post('/en-us/login').type('form').send({ _csrf: token, email, password: wrong });
    token = csrfOf((await b.get('/en-us/password/reset')).text);
    await b.post('/en-us/password/reset').type('form').send({ _csrf: token, email });
    const mails = await (app.services.mailer as unknown as { list(): Promise<{ content: string }[]> }).list();
    const body = mails
      .find((m) => m.content.includes(email))!
      .content.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const resetToken = decodeURIComponent(
      new URL(/(http:\/\/\S+password\/reset\?token=[\w%-]+)/.exec(body)![1]).searchParams.get('token')!,
    );
    const form = await b.get(`/en-us/password/reset?token=${encodeURIComponent(resetToken)}`);
    expect(form.status).to.equal(200);
    expect(
      (
        await b
          .post('/en-us/password/reset')
          .type('form')
          .send({ _csrf: csrfOf(form.text), token: resetToken, password: second })
      ).status,
    ).to.be.below(500);
    const c = supertest.agent(app.url);
    token = csrfOf((await c.get('/en-us/login')).text);
    expect((await c.post('/en-us/login').type('form').send({ _csrf: token, email, password: second })).status).to.equal(
      303,
    );

    expect(lines.length, 'the app logged its requests').to.be.greaterThan(10);
    expect(
      lines.some((l) => l.includes('/password/reset?token=[redacted]')),
      'the reset link is logged, redacted',
    ).to.equal(true);
    const secrets: Record<string, string> = {
      first,
      wrong,
      second,
      card,
      bankAccount,
      resetToken,
      bearer: bearer!,
      sid,
    };
    const found = Object.entries(secrets).flatMap(([name, value]) =>
      lines
        .filter((l) => l.includes(value) || l.includes(encodeURIComponent(value)))
        .map((l) => `${name}: ${l.slice(0, 200)}`),
    );
    expect(found).to.deep.equal([]);
  });
});
