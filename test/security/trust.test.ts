/**
 * Trust findings, each with the rule it holds: warehouse keys (organisation of the
 * X-User-Id manager, demo keys in production) and in-flight uploads never served under /media.
 * (Bearer tokens: tokens.test.ts; webhooks by organisation, the seed in production and product
 * descriptions: trust-content.test.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { createApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { makeOrganisation, makeUser } from '../helpers/users.ts';
import { restoreDemoWarehouseKeys } from '../helpers/warehouse-keys.ts';

const US_KEY = 'wh_us_demo_key_2026';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** A second app over the shared test database with another configuration (production, SEED). */
async function sideApp(over: Partial<Config>) {
  const shared = await testServer();
  const logger = pino({ level: 'silent' });
  const { app } = createApp({
    config: { ...shared.config, ...over },
    database: shared.database,
    texts: shared.services.texts,
    mailer: shared.services.mailer,
    logger,
    events: shared.services.events,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function testKey(base: string, warehouseId: number, key: string, userId: number) {
  const res = await fetch(`${base}/api/warehouse/${warehouseId}/test-key`, {
    headers: { Authorization: `Bearer ${key}`, 'X-User-Id': String(userId) },
  });
  return res.status;
}

describe('trust: warehouse keys', function () {
  this.timeout(60_000);
  let base: string;
  let us: { id: number; organisation_id: number };
  let operator: number;
  before(async () => {
    base = (await testServer()).url;
    [us] = await sqlRows<{ id: number; organisation_id: number }>(
      `select id, organisation_id from warehouses where code = 'US-DSM'`,
    );
    [{ id: operator }] = await sqlRows<{ id: number }>(`select id from users where email = 'warehouse@example.com'`);
  });
  after(restoreDemoWarehouseKeys);

  it("X-User-Id may name the warehouse's operator or a manager of its organisation, never a manager of another", async () => {
    const own = await makeUser({ role: 'admin', organisationId: us.organisation_id, prefix: 'wh-own' });
    const other = await makeUser({
      role: 'admin',
      organisationId: await makeOrganisation('Other Farms'),
      prefix: 'wh-other',
    });
    expect(await testKey(base, us.id, US_KEY, operator)).to.equal(200);
    expect(await testKey(base, us.id, US_KEY, own.id)).to.equal(200);
    expect(await testKey(base, us.id, US_KEY, other.id), 'a manager of another organisation').to.equal(401);
    const stock = await fetch(`${base}/api/warehouse/${us.id}/stock`, {
      headers: { Authorization: `Bearer ${US_KEY}`, 'X-User-Id': String(other.id) },
    });
    expect(stock.status).to.equal(401);
  });

  it('in production the published demo keys open nothing unless SEED=demo, as the demo password', async () => {
    const prod = await sideApp({ env: 'production', seed: 'none', publicUrl: 'http://127.0.0.1' });
    const prodDemo = await sideApp({ env: 'production', seed: 'demo', publicUrl: 'http://127.0.0.1' });
    try {
      expect(await testKey(prod.url, us.id, US_KEY, operator), 'demo key in production').to.equal(401);
      expect(await testKey(prodDemo.url, us.id, US_KEY, operator), 'demo key with SEED=demo').to.equal(200);
      // A key of the shop's own still works in production.
      const own = 'whk_a-key-of-our-own-0123456789abcdef';
      await sqlRows(`update warehouses set api_key_hash = $1 where id = $2`, [sha256(own), us.id]);
      expect(await testKey(prod.url, us.id, own, operator)).to.equal(200);
    } finally {
      await restoreDemoWarehouseKeys();
      await Promise.all([prod.close(), prodDemo.close()]);
    }
  });
});

function filesNamed(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(suffix))
    .map((d) => path.join(d.parentPath, d.name));
}

describe('trust: /media never serves uploads in flight', function () {
  this.timeout(60_000);

  it('an upload being received cannot be fetched, and a tmp folder under media/ is never served', async () => {
    const app = await testServer();
    const dataDir = app.config.dataDir;
    const mediaDir = path.join(dataDir, 'media');
    const a = await agent();
    await signIn(a, 'admin@example.com');
    const token = await csrf(a, '/en-us/account/dashboard/media');
    const url = new URL(`${app.url}/en-us/account/dashboard/media/upload?_csrf=${encodeURIComponent(token)}`);
    const cookieHolder = { url: url.href, cookies: '' };
    (a as unknown as { _attachCookies(r: typeof cookieHolder): void })._attachCookies(cookieHolder);

    const before = new Set(filesNamed(dataDir, '.upload'));
    const boundary = 'trust-boundary-7f3a';
    const req = http.request(url, {
      method: 'POST',
      headers: {
        Cookie: cookieHolder.cookies,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding': 'chunked',
      },
    });
    req.on('error', () => {});
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    req.write(Buffer.alloc(256 * 1024, 0x41));
    try {
      let inFlight: string | undefined;
      for (let i = 0; i < 200 && !inFlight; i++) {
        inFlight = filesNamed(dataDir, '.upload').find((f) => !before.has(f));
        if (!inFlight) await new Promise((r) => setTimeout(r, 25));
      }
      expect(inFlight, 'the upload is being written to disk').to.be.a('string');
      const rel = path.relative(mediaDir, inFlight!);
      if (!rel.startsWith('..')) {
        const res = await fetch(`${app.url}/media/${rel.split(path.sep).map(encodeURIComponent).join('/')}`);
        expect(res.status, `/media/${rel} is served while it is received`).to.equal(404);
      }
    } finally {
      req.destroy();
    }

    // A tmp folder inside media/ (an older version received uploads there) is refused however it is spelled.
    mkdirSync(path.join(mediaDir, 'tmp'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'tmp', 'left-over.upload'), 'not checked yet');
    try {
      for (const p of [
        '/media/tmp/left-over.upload',
        '/media//tmp/left-over.upload',
        '/media/%74mp/left-over.upload',
        '/media/x/%2e%2e/tmp/left-over.upload',
        '/media/TMP/left-over.upload',
      ]) {
        // The path exactly as written (a URL object would normalise it first).
        const { hostname, port } = new URL(app.url);
        const res = await new Promise<number>((resolve, reject) =>
          http.get({ hostname, port, path: p }, (r) => (r.resume(), resolve(r.statusCode!))).on('error', reject),
        );
        expect(res, p).to.be.oneOf([400, 403, 404]);
      }
    } finally {
      rmSync(path.join(mediaDir, 'tmp', 'left-over.upload'), { force: true });
    }
  });
});
