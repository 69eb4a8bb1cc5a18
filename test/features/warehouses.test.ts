/** Warehouses over HTTP: API key regenerate/test (bearer + X-User-Id), stock API, inventory adjustments and CSV import, add screen, who may do what. */
import { expect } from 'chai';
import supertest from 'supertest';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { restoreDemoWarehouseKeys } from '../helpers/warehouse-keys.ts';
import { makeOrganisation, makeUser } from '../helpers/users.ts';

type Ids = { us: number; ca: number; org: number | null; admin: number; operator: number };

async function ids(): Promise<Ids> {
  const pool = (await testServer()).database.pool;
  const w = await pool.query<{ id: number; country_code: string; organisation_id: number | null }>(
    'select id, country_code, organisation_id from warehouses where active order by id',
  );
  const u = await pool.query<{ id: number; email: string }>(
    "select id, email from users where email in ('admin@example.com', 'warehouse@example.com')",
  );
  const us = w.rows.find((r) => r.country_code === 'US')!;
  return {
    us: us.id,
    ca: w.rows.find((r) => r.country_code === 'CA')!.id,
    org: us.organisation_id,
    admin: u.rows.find((r) => r.email === 'admin@example.com')!.id,
    operator: u.rows.find((r) => r.email === 'warehouse@example.com')!.id,
  };
}

describe('warehouses (HTTP)', function () {
  this.timeout(60_000);
  let id: Ids;
  let admin: Agent;
  let adminToken: string;
  let raw: ReturnType<typeof supertest>;
  before(async () => {
    id = await ids();
    admin = await agent();
    await signIn(admin, 'admin@example.com');
    adminToken = await apiToken(admin);
    raw = supertest((await testServer()).url);
  });
  after(restoreDemoWarehouseKeys);
  const regen = (w: number, token = adminToken, userId = id.admin) =>
    raw
      .post(`/api/organization/${id.org}/warehouse/${w}/regenkey`)
      .set('Authorization', `Bearer ${token}`)
      .set('X-User-Id', String(userId))
      .set('Accept', 'application/json');
  const testKey = (w: number, key: string | null, userId: number) => {
    const req = raw
      .get(`/api/warehouse/${w}/test-key`)
      .set('X-User-Id', String(userId))
      .set('Accept', 'application/json');
    return key === null ? req : req.set('Authorization', `Bearer ${key}`);
  };

  it('regenerates a key (stored hashed); the new key tests green, the old, a wrong or a missing one gets 401 at once', async () => {
    const first = await regen(id.us);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const k1 = first.body.token as string;
    expect(k1).to.match(/^whk_/);
    const { rows } = await (await testServer()).database.pool.query(
      'select api_key_hash from warehouses where id = $1',
      [id.us],
    );
    expect(rows[0].api_key_hash).to.not.equal(k1);
    expect(rows[0].api_key_hash).to.match(/^[0-9a-f]{64}$/);
    const ok = await testKey(id.us, k1, id.operator);
    expect(ok.status).to.equal(200);
    expect(ok.body.message).to.include('valid');
    const second = await regen(id.us);
    const k2 = second.body.token as string;
    expect((await testKey(id.us, k1, id.operator)).status, 'old key').to.equal(401);
    expect((await testKey(id.us, k2, id.operator)).status).to.equal(200);
    expect((await testKey(id.us, 'whk_wrong', id.operator)).status, 'wrong key').to.equal(401);
    expect((await testKey(id.us, null, id.operator)).status, 'no bearer').to.equal(401);
    expect((await testKey(id.ca, k2, id.operator)).status, 'another warehouse').to.equal(401);
    // The US operator may not use the Canadian warehouse even with its key.
    const ca = (await regen(id.ca)).body.token as string;
    expect((await testKey(id.ca, ca, id.operator)).status).to.equal(401);
    expect((await testKey(id.ca, ca, id.admin)).status).to.equal(200);
  });

  it('refuses regenerate to the wrong user and bad input', async () => {
    const op = await agent();
    await signIn(op, 'warehouse@example.com');
    const opToken = await apiToken(op);
    expect((await regen(id.us, opToken, id.operator)).status).to.equal(403);
    expect((await regen(id.us, adminToken, id.operator)).status, 'token of another user').to.equal(401);
    // No bearer and no session: refused (the CSRF check answers first, 403).
    expect(
      (await raw.post(`/api/organization/${id.org}/warehouse/${id.us}/regenkey`).set('Accept', 'application/json'))
        .status,
    ).to.be.oneOf([401, 403]);
    expect(
      (
        await raw
          .post(`/api/organization/${id.org}/warehouse/abc/regenkey`)
          .set('Authorization', `Bearer ${adminToken}`)
          .set('Accept', 'application/json')
      ).status,
    ).to.equal(400);
    expect(
      (
        await raw
          .post(`/api/organization/999999/warehouse/${id.us}/regenkey`)
          .set('Authorization', `Bearer ${adminToken}`)
          .set('Accept', 'application/json')
      ).status,
    ).to.equal(404);
  });

  it('refuses a warehouse manager of another organisation, whatever organisation the path names (404, key unchanged)', async () => {
    const other = await makeUser({
      role: 'admin',
      organisationId: await makeOrganisation('Regen Elsewhere Farms'),
      prefix: 'regen-other',
    });
    const a = await agent();
    await signIn(a, other.email);
    const token = await apiToken(a);
    const pool = (await testServer()).database.pool;
    const before = (await pool.query('select api_key_hash from warehouses where id = $1', [id.us])).rows[0]
      .api_key_hash;
    const viaWarehouseOrg = await raw
      .post(`/api/organization/${id.org}/warehouse/${id.us}/regenkey`)
      .set('Authorization', `Bearer ${token}`)
      .set('X-User-Id', String(other.id))
      .set('Accept', 'application/json');
    expect(viaWarehouseOrg.status, JSON.stringify(viaWarehouseOrg.body)).to.equal(404);
    const after = (await pool.query('select api_key_hash from warehouses where id = $1', [id.us])).rows[0].api_key_hash;
    expect(after).to.equal(before);
  });

  it('lets the warehouse’s own system set its stock with its key; unknown codes refuse the whole request', async () => {
    const key = (await regen(id.us)).body.token as string;
    const api = (method: 'put' | 'get', k = key) =>
      raw[method](`/api/warehouse/${id.us}/stock`)
        .set('Authorization', `Bearer ${k}`)
        .set('X-User-Id', String(id.operator))
        .set('Accept', 'application/json');
    const put = await api('put').send({ items: [{ stockcode: 'DEMO-CONFIG', quantity: 41 }], reason: 'Cycle count' });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    expect(put.body.applied).to.equal(1);
    const list = await api('get');
    expect(list.body.items.find((i: { stockcode: string }) => i.stockcode === 'DEMO-CONFIG').quantity).to.equal(41);
    const bad = await api('put').send({
      items: [
        { stockcode: 'DEMO-CONFIG', quantity: 1 },
        { stockcode: 'NO-SUCH', quantity: 2 },
      ],
    });
    expect(bad.status).to.equal(400);
    expect(
      (await api('get')).body.items.find((i: { stockcode: string }) => i.stockcode === 'DEMO-CONFIG').quantity,
    ).to.equal(41);
    expect((await api('put').send({ items: [{ stockcode: 'DEMO-CONFIG', quantity: -1 }] })).status).to.equal(400);
    expect((await api('put', 'whk_nope').send({ items: [] })).status).to.equal(401);
    const { rows } = await (await testServer()).database.pool.query(
      "select user_id, data from logs where action = 'inventory.adjust' and entity_id = $1 order by id desc limit 1",
      [id.us],
    );
    expect(rows[0].user_id).to.equal(id.operator);
    expect(rows[0].data).to.include({ after: 41, reason: 'Cycle count' });
  });

  it('inventory: an operator adjusts only their own warehouse, with a reason; CSV import previews before applying', async () => {
    const op = await agent();
    await signIn(op, 'warehouse@example.com');
    const t = await csrf(op, `/en-us/account/dashboard/warehouses/${id.us}/inventory`);
    expect((await op.get(`/en-us/account/dashboard/warehouses/${id.us}/inventory?q=DEMO`)).status).to.equal(200);
    expect((await op.get(`/en-us/account/dashboard/warehouses/${id.ca}/inventory`)).status).to.equal(403);
    const {
      rows: [p],
    } = await (await testServer()).database.pool.query<{ id: number }>(
      "select id from products where stockcode = 'DEMO-CONFIG'",
    );
    const post = (path: string, body: object) =>
      op
        .post(`/en-us/account/dashboard/warehouses${path}`)
        .set('X-CSRF-Token', t)
        .set('Accept', 'application/json')
        .send(body);
    const noReason = await post(`/${id.us}/inventory/adjust`, { product_id: p.id, quantity: 5, reason: '' });
    expect(noReason.status).to.equal(400);
    expect(noReason.body.error.fields).to.have.property('reason');
    expect((await post(`/${id.ca}/inventory/adjust`, { product_id: p.id, quantity: 5, reason: 'x' })).status).to.equal(
      403,
    );
    const adj = await post(`/${id.us}/inventory/adjust`, { product_id: p.id, quantity: 17, reason: 'Found a pallet' });
    expect(adj.status, JSON.stringify(adj.body)).to.equal(200);
    expect(adj.body.change).to.include({ after: 17 });
    const page = await op.get(`/en-us/account/dashboard/warehouses/${id.us}/inventory`);
    expect(page.text).to.include('Found a pallet');
    expect(page.text).to.include('Riley Tran');

    const csv = 'stockcode,quantity\nDEMO-CONFIG,23\nNO-SUCH-CODE,4\nDEMO-KIT,abc';
    const preview = await post(`/${id.us}/inventory/import`, { csv, reason: 'Year-end count' });
    expect(preview.status).to.equal(200);
    expect(preview.body.preview.changes).to.deep.equal([
      { productId: p.id, stockcode: 'DEMO-CONFIG', before: 17, after: 23 },
    ]);
    expect(preview.body.preview.errors.map((e: { line: number }) => e.line)).to.deep.equal([2, 3]);
    const refused = await post(`/${id.us}/inventory/import/apply`, { csv, reason: 'Year-end count' });
    expect(refused.status).to.equal(400);
    const html = await op
      .post(`/en-us/account/dashboard/warehouses/${id.us}/inventory/import`)
      .type('form')
      .send({ _csrf: t, csv: 'DEMO-CONFIG,23', reason: 'Year-end count' });
    expect(html.text).to.include('data-testid="import-preview"');
    const still = await (await testServer()).database.pool.query(
      'select quantity from inventory where warehouse_id = $1 and product_id = $2',
      [id.us, p.id],
    );
    expect(still.rows[0].quantity, 'the preview changes nothing').to.equal(17);
    const applied = await post(`/${id.us}/inventory/import/apply`, { csv: 'DEMO-CONFIG,23', reason: 'Year-end count' });
    expect(applied.body).to.deep.equal({ applied: 1, unchanged: 0 });
    expect((await post(`/${id.us}/inventory/import`, { csv: '"unterminated', reason: 'x' })).status).to.equal(400);
    expect(
      (await op.get('/en-us/account/dashboard/warehouses/abc/inventory').set('Accept', 'application/json')).status,
    ).to.equal(400);
  });

  it('add warehouse: managers only, validated, unique code', async () => {
    const t = await csrf(admin, '/en-us/account/dashboard/warehouses/add');
    const good = {
      _csrf: t,
      code: 'mx-gdl',
      name: 'Guadalajara Depot',
      address1: 'Av. Vallarta 100',
      city: 'Guadalajara',
      region_code: 'JAL',
      postal_code: '44100',
      country_code: 'MX',
      zone: 'America/Mexico_City',
    };
    const created = await admin.post('/en-us/account/dashboard/warehouses/add').type('form').send(good);
    expect(created.status).to.equal(303);
    const again = await admin.post('/en-us/account/dashboard/warehouses/add').type('form').send(good);
    expect(again.status).to.equal(409);
    expect(again.text).to.include('data-testid="field-error-code"');
    const bad = await admin
      .post('/en-us/account/dashboard/warehouses/add')
      .type('form')
      .send({ ...good, code: 'x y', name: '', zone: 'Mars/Olympus', country_code: 'ZZ' });
    expect(bad.status).to.equal(400);
    for (const f of ['code', 'name', 'zone']) expect(bad.text).to.include(`data-testid="field-error-${f}"`);
    const zz = await admin
      .post('/en-us/account/dashboard/warehouses/add')
      .type('form')
      .send({ ...good, code: 'ZZ-1', country_code: 'ZZ' });
    expect(zz.status).to.equal(400);
    const op = await agent();
    await signIn(op, 'warehouse@example.com');
    expect((await op.get('/en-us/account/dashboard/warehouses/add')).status).to.equal(403);
    const list = await op.get('/en-us/account/dashboard/warehouses');
    expect(list.status).to.equal(200);
    expect((list.text.match(/data-testid="warehouse-card"/g) ?? []).length, 'only their own warehouse').to.equal(1);
    const cust = await agent();
    await signIn(cust, 'customer@example.com');
    expect((await cust.get('/en-us/account/dashboard/warehouses')).status).to.equal(403);
  });
});
