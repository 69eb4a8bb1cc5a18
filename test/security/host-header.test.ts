/**
 * Links come from configuration only. Every mail link (password reset, the lock-out mail, the
 * checkout welcome mail, a quote request, an approval request, an invitation) starts with the
 * configured base whatever Host or X-Forwarded-Host the request named; production refuses to start
 * without PUBLIC_URL and answers 400 to a host that is not its own, in front of every lane.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.ts';
import { loadConfig, publicBase } from '../../src/config.ts';
import { start, type Running } from '../../src/server.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { chooseShipping, xhr } from '../features/checkout-helpers.ts';

const EVIL = 'evil.example';
const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
const SECRET = 'a-production-session-secret-0123456789';

describe('links from configuration only, whatever the Host header', function () {
  this.timeout(120_000);
  let app: Running;
  let base: string;
  let ip = 0;
  before(async () => {
    const shared = await testServer();
    // Its own app, trusting a proxy: X-Forwarded-Host is then read as the host, and each request
    // comes from its own X-Forwarded-For address (the shared loopback address keeps its limits).
    app = await start({ ...shared.config, port: 0, trustProxy: true }, { database: shared.database, prepare: false });
    // No PUBLIC_URL in tests: the default base is this server on localhost at its real port.
    base = `http://localhost:${app.port}`;
  });
  after(async () => {
    await app?.database.pool.query(`delete from rate_limits where key like '%@host-header.example%'`);
    await app?.stop();
  });

  /** A visitor whose every request names a foreign host, directly and through the proxy header. */
  function visitor() {
    const a = supertest.agent(app.url);
    const from = `198.51.100.${(ip++ % 250) + 1}`;
    const named = <T extends { set(k: string, v: string): T }>(r: T) =>
      r.set('Host', EVIL).set('X-Forwarded-Host', EVIL).set('X-Forwarded-For', from);
    return {
      get: (path: string) => named(a.get(path)),
      post: (path: string) => named(a.post(path)),
    };
  }

  /** The mails to `to` as plain text (quoted-printable soft breaks and `=3D` undone). */
  const mailsTo = async (to: string) =>
    (await (app.services.mailer as FileMailer).list())
      .filter((m) => m.content.includes(`To: ${to}`))
      .map((m) => m.content.replace(/=\r?\n/g, '').replace(/=3D/g, '='));

  /** Every http(s) link of a mail. */
  const linksOf = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

  function expectOwnLinks(mail: string | undefined, path: RegExp) {
    expect(mail, 'the mail was sent').to.be.a('string');
    expect(mail).to.not.include(EVIL);
    const links = linksOf(mail!);
    expect(links.length, 'the mail has a link').to.be.greaterThan(0);
    for (const l of links) expect(l.startsWith(`${base}/`), l).to.equal(true);
    expect(
      links.some((l) => path.test(l.slice(base.length))),
      links.join(' '),
    ).to.equal(true);
  }

  /** A new customer through checkout's new-user path, every request naming the foreign host. */
  async function customer(extra: Record<string, string> = {}) {
    const v = visitor();
    const token = csrfOf((await v.get('/en-us/products')).text);
    const product = await productIdByStockcode('HT-CLV');
    await app.database.pool.query('update inventory set quantity = greatest(quantity, 100) where product_id = $1', [
      product,
    ]);
    expect(
      (await v.post('/en-us/cart/add/inline').set(xhr(token)).send({ product_id: product, quantity: 2 })).status,
    ).to.equal(200);
    const email = `buyer-${randomUUID().slice(0, 8)}@host-header.example`;
    const res = await v
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .type('form')
      .send({
        email,
        accountType: 'personal',
        'tax-exempt': 'false',
        'shipping-firstName': 'Pat',
        'shipping-lastName': 'Lee',
        'shipping-address1': '12 Main Street',
        'shipping-city': 'Ames',
        'shipping-country': 'US',
        'shipping-region': 'IA',
        'shipping-postalcode': '50010',
        ...extra,
      });
    expect(res.status, res.text).to.equal(200);
    return {
      v,
      token: res.body.csrf_token as string,
      email,
      orderId: res.body.order_id as number,
      shipTo: res.body.ship_to as number,
    };
  }

  it('the password reset mail links to the configured base, and its link works', async () => {
    const email = `reset-${randomUUID().slice(0, 8)}@host-header.example`;
    const v = visitor();
    let token = csrfOf((await v.get('/en-us/register')).text);
    expect(
      (
        await v
          .post('/en-us/register')
          .type('form')
          .send({ _csrf: token, email, password: 'Host-Header-Pass-1', firstName: 'Ada', lastName: 'Host' })
      ).status,
    ).to.equal(303);
    const b = visitor();
    token = csrfOf((await b.get('/fr-ca/password/reset')).text);
    expect((await b.post('/fr-ca/password/reset').type('form').send({ _csrf: token, email })).status).to.equal(200);
    const [mail] = await mailsTo(email);
    expectOwnLinks(mail, /^\/fr-ca\/password\/reset\?token=[\w%-]+$/);
    const link = linksOf(mail).find((l) => l.includes('token='))!;
    const form = await supertest(app.url).get(link.slice(base.length));
    expect(form.status).to.equal(200);
  });

  it('the lock-out mail after repeated wrong passwords links to the configured base', async () => {
    const email = `locked-${randomUUID().slice(0, 8)}@host-header.example`;
    const v = visitor();
    const token = csrfOf((await v.get('/en-us/register')).text);
    expect(
      (
        await v
          .post('/en-us/register')
          .type('form')
          .send({ _csrf: token, email, password: 'Host-Header-Pass-2', firstName: 'Ada', lastName: 'Lock' })
      ).status,
    ).to.equal(303);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const w = visitor();
      const t = csrfOf((await w.get('/en-us/login')).text);
      statuses.push(
        (
          await w
            .post('/en-us/login')
            .type('form')
            .send({ _csrf: t, email, password: `guess-${i}` })
        ).status,
      );
    }
    expect(statuses).to.deep.equal([...Array(10).fill(400), 429]);
    const paused = (await mailsTo(email)).filter((m) =>
      m.includes('Sign-ins to your Harrow & Drill account are paused'),
    );
    expect(paused).to.have.length(1);
    expectOwnLinks(paused[0], /^\/en-us\/password\/reset$/);
  });

  it('the checkout welcome mail and the staff mail of a quote request link to the configured base', async () => {
    const buyer = await customer();
    const [welcome] = await mailsTo(buyer.email);
    expectOwnLinks(welcome, /^\/en-us\/password\/reset\?token=/);
    const res = await buyer.v
      .post('/en-us/account/quotes')
      .set(xhr(buyer.token))
      .type('form')
      .send({ message: 'Two for spring, please.' });
    expect(res.status, res.text).to.equal(201);
    const staff = (await mailsTo('staff@example.com')).find((m) => m.includes(`${buyer.email} asked for a quote`));
    expectOwnLinks(staff, new RegExp(`^/[a-z]{2}-[a-z]{2}/admin/quotes/${res.body.quote_id}$`));
  });

  it('the approval request mail and the invitation mail link to the configured base', async () => {
    const member = await customer({
      accountType: 'organization',
      'org-name': `Host Header Farm ${randomUUID().slice(0, 8)}`,
    });
    const approver = await customer();
    const {
      rows: [m],
    } = await app.database.pool.query('select id, organisation_id as org from users where email = $1', [member.email]);
    const {
      rows: [a],
    } = await app.database.pool.query(
      `update users set organisation_id = $1, account_type = 'organization' where email = $2 returning id`,
      [m.org, approver.email],
    );
    await app.database.pool.query(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test approver')`,
      [a.id],
    );
    await app.database.pool.query(
      `insert into member_limits (user_id, organisation_id, per_order_limit, period) values ($1, $2, 1.00, 'month')`,
      [m.id, m.org],
    );

    const { totals } = await chooseShipping(member.v as never, member.token, member.orderId, member.shipTo);
    const placed = await member.v
      .post('/en-us/order/place')
      .set(xhr(member.token))
      .set('Idempotency-Key', randomUUID())
      .send({ order_id: member.orderId, payment_type: 2, check_number: '1001', expected_total: totals.total });
    expect(placed.status, placed.text).to.equal(202);
    const asked = (await mailsTo(approver.email)).find((mail) => mail.includes(`${member.email} sent an order`));
    expectOwnLinks(asked, /^\/en-us\/account\/organization\/approvals$/);

    const invitee = `invitee-${randomUUID().slice(0, 8)}@host-header.example`;
    const invited = await approver.v
      .post('/en-us/account/organization/users/add')
      .set(xhr(approver.token))
      .send({ email: invitee });
    expect(invited.status, invited.text).to.equal(201);
    const [invitation] = await mailsTo(invitee);
    expectOwnLinks(invitation, /^\/en-us\/register\?invite=[\w%-]+$/);
  });
});

describe('configuration: PUBLIC_URL and ALLOWED_HOSTS', () => {
  it('production refuses to start without PUBLIC_URL, and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).to.throw(
      /PUBLIC_URL is required when NODE_ENV=production/,
    );
  });

  it('the base is PUBLIC_URL (without a trailing slash), else localhost at the port outside production', () => {
    expect(
      publicBase(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://shop.example/' })),
    ).to.equal('https://shop.example');
    expect(publicBase(loadConfig({ PORT: '4321' }))).to.equal('http://localhost:4321');
    expect(publicBase(loadConfig({ NODE_ENV: 'test' }))).to.equal('http://localhost:3000');
    expect(publicBase(loadConfig({ PUBLIC_URL: 'http://shop.test:8080' }))).to.equal('http://shop.test:8080');
  });

  it('PUBLIC_URL must be an http(s) address; ALLOWED_HOSTS is a list of host names (ports ignored)', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).to.throw(/PUBLIC_URL/);
    expect(
      loadConfig({ ALLOWED_HOSTS: ' WWW.Shop.example , shop-internal:3000,[::1]:8080' }).allowedHosts,
    ).to.deep.equal(['www.shop.example', 'shop-internal', '[::1]']);
    expect(loadConfig({}).allowedHosts).to.deep.equal([]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'shop.example/evil' })).to.throw(/ALLOWED_HOSTS/);
  });
});

/** One request with exactly these headers (a missing Host means none is sent: HTTP/1.0). */
function request(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  if (!('Host' in headers)) {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () =>
        socket.write(`${method} ${path} HTTP/1.0\r\nAccept: application/json\r\n\r\n`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0),
          headers: {},
          body: text.slice(text.indexOf('\r\n\r\n') + 4),
        });
      });
    });
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('production answers only to its own host names', function () {
  this.timeout(60_000);
  let port: number;
  let server: http.Server;
  before(async () => {
    const shared = await testServer();
    const config = {
      ...shared.config,
      env: 'production' as const,
      publicUrl: 'https://shop.example',
      allowedHosts: ['www.shop.example'],
      trustProxy: true,
    };
    const { app } = createApp({
      config,
      database: shared.database,
      texts: shared.services.texts,
      mailer: shared.services.mailer,
      logger: pino({ level: 'silent' }),
      events: shared.services.events,
    });
    // The Express application is the server's listener, as in src/server.ts.
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const JSON_ACCEPT = { Accept: 'application/json' };

  it("a foreign host gets 400 in the error shape for scripts, in the visitor's language", async () => {
    const en = await request(port, '/en-us/products', { Host: EVIL, ...JSON_ACCEPT });
    expect(en.status).to.equal(400);
    expect(JSON.parse(en.body)).to.deep.equal({
      error: { code: 'foreign_host', message: 'This shop does not answer to that host name.', fields: {} },
    });
    const fr = await request(port, '/fr-ca/products', { Host: EVIL, ...JSON_ACCEPT });
    expect(JSON.parse(fr.body).error.message).to.equal('Cette boutique ne répond pas à ce nom d’hôte.');
    const es = await request(port, '/es-mx/cart', { Host: `${EVIL}:443`, 'X-Requested-With': 'XMLHttpRequest' });
    expect(es.status).to.equal(400);
    expect(JSON.parse(es.body).error.message).to.equal('Esta tienda no responde a ese nombre de host.');
  });

  it('a browser gets a plain 400 page with the message', async () => {
    const page = await request(port, '/en-ca/', { Host: EVIL, Accept: 'text/html' });
    expect(page.status).to.equal(400);
    expect(page.body).to.equal('This shop does not answer to that host name.');
  });

  it("its own names pass (PUBLIC_URL's and ALLOWED_HOSTS, any case, any port) and /healthz any; no Host is refused", async () => {
    expect((await request(port, '/en-us/products', { Host: 'shop.example', ...JSON_ACCEPT })).status).to.equal(200);
    expect((await request(port, '/en-us/products', { Host: 'SHOP.example:443', ...JSON_ACCEPT })).status).to.equal(200);
    expect((await request(port, '/en-us/products', { Host: 'www.shop.example', ...JSON_ACCEPT })).status).to.equal(200);
    expect(
      (await request(port, '/en-us/products', { Host: 'shop.example.evil.example', ...JSON_ACCEPT })).status,
    ).to.equal(400);
    expect((await request(port, '/en-us/products', { Host: '127.0.0.1', ...JSON_ACCEPT })).status).to.equal(400);
    expect((await request(port, '/en-us/products', {})).status).to.equal(400);
    // Load balancers probe /healthz by address: it answers whatever the host.
    expect((await request(port, '/healthz', { Host: '10.0.0.5:3000' })).status).to.equal(200);
  });

  it('behind the trusted proxy the forwarded host is the one checked', async () => {
    expect(
      (await request(port, '/en-us/products', { Host: 'shop.example', 'X-Forwarded-Host': EVIL, ...JSON_ACCEPT }))
        .status,
    ).to.equal(400);
    expect(
      (
        await request(port, '/en-us/products', {
          Host: 'app-internal:3000',
          'X-Forwarded-Host': 'shop.example',
          ...JSON_ACCEPT,
        })
      ).status,
    ).to.equal(200);
  });

  it('a cached page and a cart line write are refused too', async () => {
    const first = await request(port, '/en-us/', { Host: 'shop.example', Accept: 'text/html' });
    expect(first.status).to.equal(200);
    const cookie = (first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    expect(cookie).to.match(/hd\.csrf=/);
    const cached = await request(port, '/en-us/', { Host: 'shop.example', Accept: 'text/html', Cookie: cookie });
    expect(cached.headers['x-page-cache'], 'the page cache answers the page').to.equal('hit');
    const foreign = await request(port, '/en-us/', { Host: EVIL, Accept: 'text/html', Cookie: cookie });
    expect(foreign.status).to.equal(400);
    expect(foreign.headers['x-page-cache']).to.equal(undefined);
    const put = await request(
      port,
      '/en-us/cart/1',
      { Host: EVIL, Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      'PUT',
    );
    expect(put.status).to.equal(400);
    expect(JSON.parse(put.body).error.code).to.equal('foreign_host');
  });
});
