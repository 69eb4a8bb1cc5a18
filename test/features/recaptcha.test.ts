/**
 * reCAPTCHA configured (RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET): the lead form loads the provider's
 * api.js and the CSP allows exactly its origins; without keys, neither. The server verifies tokens
 * at the configured verify URL (RECAPTCHA_VERIFY_URL), here a local fake siteverify.
 */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { start, type Running } from '../../src/server.ts';
import { loadConfig } from '../../src/config.ts';
import { testServer } from '../helpers/server.ts';

const SITE_KEY = 'site-key-test-1';
const SECRET = 'recaptcha-secret-test';
const valid = {
  firstName: 'Rae',
  lastName: 'Quint',
  email: 'rae.quint@example.net',
  phone: '515-555-0101',
  company: 'Quint Farms',
  country: 'US',
  region: 'IA',
  message: 'A quote, please.',
};

describe('reCAPTCHA on the lead form', function () {
  this.timeout(120_000);
  let fake: http.Server;
  const seen: URLSearchParams[] = [];
  let configured: Running;

  before(async () => {
    fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const good = form.get('secret') === SECRET && form.get('response') === 'good-token';
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify(
            good
              ? { success: true, score: 0.9, action: 'submit' }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const shared = await testServer();
    const verifyUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    // Over the shared app's own database (the embedded one has a single owner).
    configured = await start(
      {
        ...shared.config,
        port: 0,
        seed: 'none',
        providers: { ...shared.config.providers, recaptcha: { siteKey: SITE_KEY, secret: SECRET, verifyUrl } },
      },
      { database: shared.database, prepare: false },
    );
  });
  after(async () => {
    await configured?.stop();
    await new Promise((r) => fake.close(r));
  });

  it('RECAPTCHA_VERIFY_URL reaches the configuration', () => {
    const c = loadConfig({
      RECAPTCHA_SITE_KEY: 'k',
      RECAPTCHA_SECRET: 's',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/verify',
    });
    expect(c.providers.recaptcha).to.deep.equal({ siteKey: 'k', secret: 's', verifyUrl: 'http://127.0.0.1:1/verify' });
  });

  it('with keys: the page loads api.js with the site key, and the CSP allows Google’s reCAPTCHA origins', async () => {
    const res = await supertest(configured.url).get('/en-us/leads/new');
    expect(res.status).to.equal(200);
    expect(res.text).to.contain(
      `<script src="https://www.google.com/recaptcha/api.js?render=${SITE_KEY}" async defer data-testid="recaptcha-script"></script>`,
    );
    expect(res.text).to.contain(`data-captcha="recaptcha" data-site-key="${SITE_KEY}"`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.contain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(csp).to.contain(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
    );
    expect(csp).to.contain("connect-src 'self' https://www.google.com/recaptcha/;");
  });

  it('without keys: no provider script and a CSP of this site only', async () => {
    const res = await supertest((await testServer()).url).get('/en-us/leads/new');
    expect(res.text).not.to.contain('recaptcha/api.js');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.contain("script-src 'self';");
    expect(csp).to.contain("connect-src 'self';");
    expect(csp).not.to.contain('google');
    expect(csp).not.to.contain('frame-src');
  });

  it('the server verifies the token at the configured URL: a good token stores the lead, a bad one is refused', async () => {
    const a = supertest.agent(configured.url);
    const page = await a.get('/en-us/leads/new');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    const post = (extra: Record<string, string>) =>
      a
        .post('/en-us/leads/new')
        .type('form')
        .set('Accept', 'application/json')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('X-CSRF-Token', token)
        .send({ ...valid, ...extra });
    const bad = await post({ recaptchaToken: 'bad-token', recaptchaKey: SITE_KEY });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.equal('bot_check');
    const good = await post({
      recaptchaToken: 'good-token',
      recaptchaKey: SITE_KEY,
      email: `rae.${Date.now()}@example.net`,
    });
    expect(good.status, good.text).to.equal(201);
    expect(seen.map((f) => [f.get('secret'), f.get('response')])).to.deep.equal([
      [SECRET, 'bad-token'],
      [SECRET, 'good-token'],
    ]);
  });
});
