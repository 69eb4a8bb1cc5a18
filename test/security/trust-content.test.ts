/**
 * Trust findings (continued): webhooks receive only their organisation's events, the
 * seed refuses production, product descriptions are sanitised.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { emitEvent, type WebhookEvent } from '../../src/features/webhooks/events.ts';
import { fanOut } from '../../src/features/webhooks/jobs.ts';
import { webhookOrganisationOf } from '../../src/features/webhooks/service.ts';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { makeUser } from '../helpers/users.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

describe('trust: webhooks by organisation', function () {
  this.timeout(60_000);
  const hooks: Record<'acme' | 'northern' | 'maker' | 'global', number> = { acme: 0, northern: 0, maker: 0, global: 0 };
  const orgId = async (name: string) =>
    (await sqlRows<{ id: number }>(`select id from organisations where name = $1`, [name]))[0].id;

  before(async () => {
    const orgs = {
      acme: await orgId('Acme Farms'),
      northern: await orgId('Northern Ag Co-op'),
      maker: await orgId('Harrow & Drill Manufacturing'),
      global: null,
    };
    for (const [k, org] of Object.entries(orgs)) {
      // Port 9 answers nothing: the worker's attempts fail fast; the rows are removed after.
      const [w] = await sqlRows<{ id: number }>(
        `insert into webhooks (url, events, secret, active, organisation_id) values ('http://127.0.0.1:9/trust', $1, 'whsec_dHJ1c3QtdGVzdC1zZWNyZXQtMDEyMzQ1', true, $2) returning id`,
        [['order.created', 'inventory.changed', 'product.changed'], org],
      );
      hooks[k as keyof typeof hooks] = w.id;
    }
  });
  after(async () => {
    await sqlRows(`delete from webhooks where id = any($1)`, [Object.values(hooks)]);
  });

  /** Emits an event as the app does (in a transaction), fans it out, and names the test webhooks that got it. */
  async function receivers(type: WebhookEvent, payload: Record<string, unknown>): Promise<string[]> {
    const app = await testServer();
    const marker = randomUUID();
    await app.services.db.transaction((tx) => emitEvent(tx, type, { ...payload, marker }));
    const [ev] = await sqlRows<{ id: number }>(`select id from webhook_events where payload->>'marker' = $1`, [marker]);
    // The app's worker may fan it out first; either way it is done once when this returns.
    await fanOut({ db: app.services.db, config: app.config.webhooks, logger: pino({ level: 'silent' }) }, ev.id);
    const rows = await sqlRows<{ webhook_id: number }>(
      `select webhook_id from webhook_deliveries where event_id = $1 and webhook_id = any($2)`,
      [ev.id, Object.values(hooks)],
    );
    const names = Object.entries(hooks)
      .filter(([, id]) => rows.some((r) => r.webhook_id === id))
      .map(([k]) => k);
    return names.sort();
  }
  const orderOf = async (email: string) =>
    (
      await sqlRows<{ id: number }>(
        `select o.id from orders o join users u on u.id = o.user_id where u.email = $1 order by o.id limit 1`,
        [email],
      )
    )[0].id;

  it("an organisation's webhook gets its organisation's events only; a webhook without one gets all", async () => {
    expect(await receivers('order.created', { orderId: await orderOf('buyer@acme.example') })).to.deep.equal([
      'acme',
      'global',
    ]);
    expect(await receivers('order.created', { orderId: await orderOf('customer@example.com') })).to.deep.equal([
      'global',
    ]);
    const [us] = await sqlRows<{ id: number }>(`select id from warehouses where code = 'US-DSM'`);
    expect(await receivers('inventory.changed', { warehouseId: us.id, productId: 1 })).to.deep.equal([
      'global',
      'maker',
    ]);
    expect(await receivers('product.changed', { productId: 1, action: 'product.update' })).to.deep.equal(['global']);
  });

  it("a webhook made by the shop's staff is the shop's (no organisation), one made by an organisation's user is that organisation's", async () => {
    const a = await agent();
    await signIn(a, 'admin@example.com');
    const token = await csrf(a, '/en-us/account/dashboard/integrations');
    const made = await a
      .post('/en-us/account/dashboard/integrations')
      .set({ Accept: 'application/json', 'X-CSRF-Token': token })
      .send({ url: 'http://127.0.0.1:9/staff', events: ['order.created'], active: false });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    const [row] = await sqlRows<{ organisation_id: number | null }>(
      `select organisation_id from webhooks where id = $1`,
      [made.body.id],
    );
    await sqlRows(`delete from webhooks where id = $1`, [made.body.id]);
    expect(row.organisation_id, 'the admin account is filed under the maker organisation, the webhook is not').to.equal(
      null,
    );
    expect(webhookOrganisationOf({ role: 'staff', organisationId: 1 })).to.equal(null);
    expect(webhookOrganisationOf({ role: 'customer', organisationId: 7 })).to.equal(7);
    expect(webhookOrganisationOf({ role: 'distributor', organisationId: 3 })).to.equal(3);
    expect(
      () => webhookOrganisationOf({ role: 'customer', organisationId: null }),
      'no organisation, not staff: no webhooks at all',
    ).to.throw();
  });

  it("an organisation's user with webhooks.edit sees and changes only its organisation's webhooks (others 404, nothing changed); a user with no organisation none (403)", async () => {
    const acmeOrg = await orgId('Acme Farms');
    const member = await makeUser({ role: 'customer', organisationId: acmeOrg, prefix: 'wh-scope' });
    const loner = await makeUser({ role: 'customer', organisationId: null, prefix: 'wh-loner' });
    for (const u of [member, loner])
      await sqlRows(
        `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'webhooks.edit', true, 'test')`,
        [u.id],
      );
    const a = await agent();
    await signIn(a, member.email);
    const json = { Accept: 'application/json' };
    const list = await a.get('/en-us/account/dashboard/integrations').set(json);
    expect(list.status).to.equal(200);
    const ids = (list.body.webhooks as { id: number }[]).map((w) => w.id);
    expect(ids).to.include(hooks.acme);
    expect(ids).to.not.include.members([hooks.northern, hooks.maker, hooks.global]);
    const token = await csrf(a, '/en-us/account/dashboard/integrations');
    expect((await a.get(`/en-us/account/dashboard/integrations/${hooks.acme}`).set(json)).status).to.equal(200);
    for (const other of [hooks.northern, hooks.global]) {
      expect((await a.get(`/en-us/account/dashboard/integrations/${other}`).set(json)).status, 'read').to.equal(404);
      expect(
        (
          await a
            .post(`/en-us/account/dashboard/integrations/${other}`)
            .set({ ...json, 'X-CSRF-Token': token })
            .send({ url: 'https://evil.example/x', events: ['order.created'], active: true })
        ).status,
        'update',
      ).to.equal(404);
      expect(
        (await a.post(`/en-us/account/dashboard/integrations/${other}/delete`).set({ ...json, 'X-CSRF-Token': token }))
          .status,
        'delete',
      ).to.equal(404);
      expect(
        (await a.post(`/en-us/account/dashboard/integrations/${other}/test`).set({ ...json, 'X-CSRF-Token': token }))
          .status,
        'test delivery',
      ).to.equal(404);
    }
    const [kept] = await sqlRows<{ url: string }>(`select url from webhooks where id = $1`, [hooks.northern]);
    expect(kept.url).to.equal('http://127.0.0.1:9/trust');
    const b = await agent();
    await signIn(b, loner.email);
    expect((await b.get('/en-us/account/dashboard/integrations').set(json)).status).to.equal(403);
  });
});

describe('trust: the seed refuses production', function () {
  this.timeout(60_000);
  const cli = path.resolve('src/db/seed/cli.ts');
  const run = (env: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hd-seed-prod-'));
    // An address that refuses connections: a seed that gets past the rule fails there, with another message.
    const out = spawnSync(process.execPath, ['--import', 'tsx', cli], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        SESSION_SECRET: 'production-secret-0123456789abcdef',
        PUBLIC_URL: 'https://shop.example',
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
        ...env,
      },
      encoding: 'utf8',
      timeout: 50_000,
    });
    const left = readdirSync(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    return { status: out.status, stderr: out.stderr, left };
  };

  it('NODE_ENV=production without SEED=demo: refused (exit 2) before the database is opened', () => {
    const refused = run({});
    expect(refused.status, refused.stderr).to.equal(2);
    expect(refused.stderr).to.include(
      'Refusing to load the demo data with NODE_ENV=production: set SEED=demo to load it anyway.',
    );
    expect(refused.left).to.deep.equal([]);
    // Asked for explicitly, it goes on (and here fails to reach the database).
    const asked = run({ SEED: 'demo' });
    expect(asked.status).to.not.equal(2);
    expect(asked.stderr).to.not.include('Refusing');
  });
});

describe('trust: product descriptions are sanitised', function () {
  this.timeout(60_000);

  it('a script, an event handler and a javascript: link in a description never reach the page or its JSON', async () => {
    const id = await productIdByStockcode('DEMO-SOON');
    const [{ description }] = await sqlRows<{ description: string }>(`select description from products where id = $1`, [
      id,
    ]);
    const marker = `trust-${randomUUID().slice(0, 8)}`;
    const evil = `<p><strong>${marker}</strong></p><script>window.pwned=1</script><img src="/images/x.png" onerror="window.pwned=2"><a href="javascript:window.pwned=3">go</a><iframe src="https://evil.example"></iframe>`;
    await sqlRows(`update products set description = $1 where id = $2`, [evil, id]);
    try {
      const a = await agent();
      let html = '';
      // The page cache is emptied by the products trigger's notification: wait for the new text.
      for (let i = 0; i < 100 && !html.includes(marker); i++) {
        html = (await a.get(`/en-us/products/${id}`)).text;
        if (!html.includes(marker)) await new Promise((r) => setTimeout(r, 50));
      }
      const shown = /data-testid="description">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      expect(shown).to.include(`<p><strong>${marker}</strong></p>`);
      expect(shown).to.include('<img src="/images/x.png" />');
      expect(shown).to.not.match(/<script|onerror|javascript:|<iframe/i);
      const json = await a.get(`/en-us/products/${id}`).set('Accept', 'application/json');
      expect(json.body.description)
        .to.include(marker)
        .and.not.match(/<script|onerror|javascript:|<iframe/i);
    } finally {
      await sqlRows(`update products set description = $1 where id = $2`, [description, id]);
    }
  });
});
