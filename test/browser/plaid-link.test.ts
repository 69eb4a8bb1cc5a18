/**
 * Plaid Link (PLAID_CLIENT_ID/PLAID_SECRET set): "Add bank account" loads Plaid's
 * link-initialize.js (the CSP allows cdn.plaid.com only then), creates the handler with the link
 * token from GET /api/plaid/link-token and opens it; Link's success posts the public token to our
 * exchange route and the account appears. Plaid's API is a local fake; its script a stub served
 * with Playwright's page.route (the network is closed).
 */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { hydrated, newPage, requireChromium } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { start, type Running } from '../../src/server.ts';

const SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
const STUB = `window.Plaid = { create(o) {
  window.__plaid = { token: o.token, opened: false };
  return { open() { window.__plaid.opened = true; setTimeout(() => o.onSuccess('public-sandbox-ok', { accounts: [] }), 0); }, destroy() {} };
} };`;

describe('browser: Plaid Link adds a bank account', function () {
  this.timeout(180_000);
  let fake: http.Server;
  let plaidApp: Running;
  const calls: { path: string; body: Record<string, unknown> }[] = [];

  before(async function () {
    requireChromium(this);
    fake = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        calls.push({ path: req.url ?? '', body });
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/link/token/create')
          return void res.end(
            JSON.stringify({ link_token: 'link-sandbox-fake-1', expiration: '2099-01-01T00:00:00Z' }),
          );
        if (req.url === '/item/public_token/exchange') {
          if (body.public_token !== 'public-sandbox-ok')
            return void res.writeHead(400).end(JSON.stringify({ error_code: 'INVALID_PUBLIC_TOKEN' }));
          return void res.end(JSON.stringify({ access_token: 'access-sandbox-fake-1' }));
        }
        if (req.url === '/accounts/get')
          return void res.end(
            JSON.stringify({
              accounts: [
                {
                  account_id: 'acc-fake-1',
                  mask: '4321',
                  name: 'Plaid Checking',
                  official_name: 'Prairie Bank Checking',
                  subtype: 'checking',
                  verification_status: 'automatically_verified',
                },
              ],
            }),
          );
        res.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const shared = await testServer();
    const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    // Over the shared app's own database (the embedded one has a single owner).
    plaidApp = await start(
      {
        ...shared.config,
        port: 0,
        seed: 'none',
        providers: {
          ...shared.config.providers,
          plaid: { clientId: 'client-fake', secret: 'secret-fake', env: 'sandbox', baseUrl },
        },
      },
      { database: shared.database, prepare: false },
    );
  });
  after(async () => {
    await plaidApp?.stop();
    await new Promise((r) => fake?.close(r));
  });

  it('the CSP allows Plaid Link only when Plaid is configured', async () => {
    const withPlaid = String((await supertest(plaidApp.url).get('/en-us/login')).headers['content-security-policy']);
    expect(withPlaid).to.contain("script-src 'self' https://cdn.plaid.com/link/v2/stable/;");
    expect(withPlaid).to.contain("frame-src 'self' https://cdn.plaid.com/;");
    const without = String(
      (await supertest((await testServer()).url).get('/en-us/login')).headers['content-security-policy'],
    );
    expect(without).not.to.contain('plaid');
  });

  it('"Add bank account" opens Link with our link token; its success adds the account', async () => {
    const page = await newPage();
    await page.route(SCRIPT, (r) => r.fulfill({ status: 200, contentType: 'application/javascript', body: STUB }));
    const base = plaidApp.url;
    await page.goto(`${base}/en-us/register`);
    const email = `plaid-${Date.now()}@example.net`;
    const status = await page.evaluate(async (email) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/en-us/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email,
          password: 'plaid-password-2026',
          firstName: 'Ada',
          lastName: 'Link',
          accountType: 'personal',
          _csrf: token,
        }),
        redirect: 'manual',
      });
      return res.type === 'opaqueredirect' ? 303 : res.status;
    }, email);
    expect(status).to.equal(303);
    await page.goto(`${base}/en-us/account/payment`);
    await hydrated(page);
    await page.getByTestId('pm-plaid-link').click();
    const bank = page.locator('[data-testid="pm-item"][data-kind="bank"][data-last4="4321"]');
    await bank.waitFor();
    expect(await page.evaluate(() => (window as unknown as { __plaid: unknown }).__plaid)).to.deep.equal({
      token: 'link-sandbox-fake-1',
      opened: true,
    });
    expect(calls.map((c) => c.path)).to.deep.equal([
      '/link/token/create',
      '/item/public_token/exchange',
      '/accounts/get',
    ]);
    expect(calls[1].body).to.include({
      client_id: 'client-fake',
      secret: 'secret-fake',
      public_token: 'public-sandbox-ok',
    });
    expect(page.problems).to.deep.equal([]);
  });
});
