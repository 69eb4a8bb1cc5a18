/** The product editor over HTTP: guards, create/update through an editor session, duplicates, is-kit, audit, storefront, distributor prices. */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

const BASE = '/en-us/account/dashboard/producteditor';

function newProduct(code: string, extra: Record<string, unknown> = {}) {
  return {
    title: `Editor Test ${code}`,
    slug: `editor-test-${code.toLowerCase()}`,
    stockcode: code,
    sku: `SKU-${code}`,
    gtin: '',
    status: 0,
    inventory_type: 'stocked',
    availability: 'in_stock',
    price: '120.00',
    description: '<p>Made in test.</p>',
    coo: 'us',
    categories: {},
    images: [],
    options: [
      {
        option_id: null,
        name: 'Rows',
        option_type: 0,
        required: true,
        stock_code_position: 1,
        choices: [
          {
            choice_id: null,
            name: '4 rows',
            stock_code_value: '4',
            price: '0.00',
            discount_price: null,
            is_default: true,
            children: [],
          },
          {
            choice_id: null,
            name: '6 rows',
            stock_code_value: '6',
            price: '30.00',
            discount_price: null,
            is_default: false,
            children: [
              {
                option_id: null,
                name: 'Spacing',
                option_type: 0,
                required: true,
                stock_code_position: 2,
                choices: [
                  {
                    choice_id: null,
                    name: '30 in',
                    stock_code_value: '30',
                    price: '5.00',
                    discount_price: null,
                    is_default: true,
                    children: [],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    distributors: [],
    channels: [{ channel_id: 0, price: '150.00', price_category: 'retail', selectedWarehouses: [] }],
    ...extra,
  };
}

async function usChannelId() {
  const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
    "select id from channels where code = 'US'",
  );
  return rows[0].id;
}

async function staff(): Promise<{ a: Agent; token: string }> {
  const a = await agent();
  await signIn(a, 'staff@example.com');
  return { a, token: await csrf(a, BASE) };
}

describe('product editor (HTTP)', function () {
  this.timeout(60_000);
  let s: { a: Agent; token: string };
  let us: number;
  before(async () => {
    s = await staff();
    us = await usChannelId();
  });

  const post = (path: string, body: unknown) =>
    s.a
      .post(`${BASE}${path}`)
      .set('X-CSRF-Token', s.token)
      .set('Accept', 'application/json')
      .send(body as object);

  it('refuses the wrong user: anonymous 401/redirect, customer and distributor 403', async () => {
    const anon = await agent();
    const r = await anon.get(`${BASE}/duplicates?field=sku&value=x`).set('Accept', 'application/json');
    expect(r.status).to.equal(401);
    for (const email of ['customer@example.com', 'distributor@example.com', 'warehouse@example.com']) {
      const a = await agent();
      await signIn(a, email);
      expect((await a.get(BASE)).status, email).to.equal(403);
      const t = await csrf(a, '/en-us/account');
      const res = await a
        .post(`${BASE}/create`)
        .set('X-CSRF-Token', t)
        .set('Accept', 'application/json')
        .send({ updateData: newProduct('NOPE-1') });
      expect(res.status, email).to.equal(403);
    }
  });

  it('lists and searches products; opening one starts an editor session', async () => {
    const list = await s.a.get(`${BASE}?q=DEMO-CONFIG`);
    expect(list.status).to.equal(200);
    expect(list.text).to.include('data-stockcode="DEMO-CONFIG"');
    expect(list.text).not.to.include('data-stockcode="DEMO-OOS"');
    const id = await productIdByStockcode('DEMO-CONFIG');
    const open = await s.a.post(`${BASE}/open`).type('form').send({ product_id: id, _csrf: s.token });
    expect(open.status).to.equal(303);
    const editor = await s.a.get(open.headers.location);
    expect(editor.status).to.equal(200);
    expect(editor.text).to.include('data-island="product-editor"');
    const auditId = Number(open.headers.location.split('/').pop());
    const sync = await s.a.get(`${BASE}/${auditId}/synchronize`);
    expect(sync.body.data).to.include({ product_id: id, stockcode: 'DEMO-CONFIG', product_audit_id: auditId });
    expect(sync.body.data.options[0].choices.length).to.be.greaterThan(0);
    const cats = await s.a.get(`${BASE}/${auditId}/synchronize/categories`);
    expect(cats.body.data.tree.length).to.be.greaterThan(1);
    expect(Object.keys(cats.body.data.categories).length).to.be.greaterThan(0);
  });

  it('creates a product with two option levels and a channel price that the storefront shows on the next request', async () => {
    const body = newProduct('PE-NEW-1', {
      channels: [{ channel_id: us, price: '150.00', price_category: 'retail', selectedWarehouses: [] }],
    });
    const res = await post('/create', { updateData: body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const data = res.body.data;
    expect(data.product_audit_id).to.be.a('number');
    expect(data.coo).to.equal('US');
    expect(data.options[0].choices[1].children[0].choices[0].name).to.equal('30 in');
    const page = await (await agent()).get(`/en-us/products/${data.product_id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Editor Test PE-NEW-1');
    expect(page.text).to.include('$150.00');
    expect(page.text).to.include('PE-NEW-1-004');
    // Every change is logged with who and before/after.
    const { rows } = await (await testServer()).database.pool.query(
      "select user_id, action, data from logs where entity = 'product' and entity_id = $1",
      [data.product_id],
    );
    expect(rows.map((r) => r.action)).to.deep.equal(['product.create']);
    expect(rows[0].user_id).to.be.a('number');
    expect(rows[0].data.after.stockcode).to.equal('PE-NEW-1');
  });

  it('updates through the session; dimensions and categories alone; before and after are logged', async () => {
    const created = (await post('/create', { updateData: newProduct('PE-UPD-1', { channels: [] }) })).body.data;
    const auditId = created.product_audit_id;
    const upd = await post(`/${auditId}/update`, {
      updateData: { ...created, title: 'Editor Test renamed', price: '99.50' },
    });
    expect(upd.status, JSON.stringify(upd.body)).to.equal(200);
    expect(upd.body.data).to.include({ title: 'Editor Test renamed', price: '99.50' });
    // Option ids are kept: the tree is updated in place, not recreated.
    expect(upd.body.data.options[0].option_id).to.equal(created.options[0].option_id);
    const dims = await post(`/${auditId}/update-dimensions`, {
      updateData: {
        product_length: '120.5',
        product_weight: '40',
        is_physical: true,
        is_stackable: true,
        stackable_quantity: 4,
      },
    });
    expect(dims.status, JSON.stringify(dims.body)).to.equal(200);
    expect(dims.body.data).to.include({
      product_length: '120.500',
      stackable_quantity: 4,
      title: 'Editor Test renamed',
    });
    const { rows: cats } = await (await testServer()).database.pool.query<{ id: number; parent_id: number }>(
      'select id, parent_id from categories where parent_id is not null limit 1',
    );
    const cat = await post(`/${auditId}/update-categories`, {
      categories: { [cats[0].id]: true },
      parentCategories: [cats[0].parent_id],
      parentCategoriesAmount: { [cats[0].parent_id]: 1 },
    });
    expect(cat.status, JSON.stringify(cat.body)).to.equal(200);
    expect(cat.body.data.categories).to.deep.equal({ [cats[0].id]: true });
    expect(cat.body.data.parentCategoriesAmount).to.deep.equal({ [cats[0].parent_id]: 1 });
    const { rows } = await (await testServer()).database.pool.query(
      "select action, data from logs where entity = 'product' and entity_id = $1 order by id",
      [created.product_id],
    );
    expect(rows.map((r) => r.action)).to.deep.equal([
      'product.create',
      'product.update',
      'product.update-dimensions',
      'product.update-categories',
    ]);
    expect(rows[1].data.before.title).to.equal('Editor Test PE-UPD-1');
    expect(rows[1].data.after.title).to.equal('Editor Test renamed');
  });

  it('flags duplicates live and refuses them on save with the field named (409)', async () => {
    const dup = await s.a.get(`${BASE}/duplicates`).query({ field: 'sku', value: 'sku-pe-new-1' });
    expect(dup.body).to.include({ duplicate: true, field: 'sku' });
    expect(dup.body.message).to.include('PE-NEW-1');
    const free = await s.a.get(`${BASE}/duplicates`).query({ field: 'stockcode', value: 'NOBODY-HAS-THIS' });
    expect(free.body.duplicate).to.equal(false);
    const res = await post('/create', { updateData: newProduct('PE-DUP-1', { sku: 'SKU-PE-NEW-1', channels: [] }) });
    expect(res.status).to.equal(409);
    expect(res.body.error.fields).to.have.property('sku');
  });

  it('refuses a product or channel price under the minimum of 1 (spec §5, §9), naming the field (400)', async () => {
    const low = await post('/create', { updateData: newProduct('PE-LOW-1', { price: '0.99', channels: [] }) });
    expect(low.status, JSON.stringify(low.body)).to.equal(400);
    expect(low.body.error.fields).to.deep.equal({ price: 'The price must be at least 1.00.' });
    const channel = await post('/create', {
      updateData: newProduct('PE-LOW-2', {
        channels: [{ channel_id: us, price: '0.50', price_category: 'retail', selectedWarehouses: [] }],
      }),
    });
    expect(channel.status, JSON.stringify(channel.body)).to.equal(400);
    expect(channel.body.error.fields).to.deep.equal({ 'channels.0.price': 'The price must be at least 1.00.' });
    const one = await post('/create', { updateData: newProduct('PE-LOW-3', { price: '1.00', channels: [] }) });
    expect(one.status, JSON.stringify(one.body)).to.equal(201);
  });

  it('answers the is-kit check', async () => {
    expect((await s.a.get(`${BASE}/iskit/DEMO-KIT/x`)).body).to.equal(true);
    expect((await s.a.get(`${BASE}/iskit/ROW-KIT-12`)).body).to.equal(true);
    expect((await s.a.get(`${BASE}/iskit/DEMO-CONFIG/none`)).body).to.equal(false);
  });

  it('bad input gets 4xx with field errors, never 5xx', async () => {
    const cases: [unknown, string][] = [
      [{ updateData: { ...newProduct('bad code!'), channels: [] } }, 'stockcode'],
      [{ updateData: { ...newProduct('PE-BAD-2'), slug: 'Not A Slug', channels: [] } }, 'slug'],
      [{ updateData: { ...newProduct('PE-BAD-3'), price: '-4', channels: [] } }, 'price'],
      [{ updateData: { ...newProduct('PE-BAD-4'), gtin: '123', channels: [] } }, 'gtin'],
      [
        {
          updateData: {
            ...newProduct('PE-BAD-5'),
            channels: [{ channel_id: 999999, price: '1.00', price_category: 'retail' }],
          },
        },
        'channels',
      ],
      [
        {
          updateData: {
            ...newProduct('PE-BAD-6'),
            options: [{ name: '', option_type: 7, stock_code_position: 1, choices: [] }],
            channels: [],
          },
        },
        'options.0.name',
      ],
      [{ updateData: 'not json' }, 'updateData'],
      [{}, 'updateData'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/create', body);
      expect(res.status, JSON.stringify(res.body)).to.be.within(400, 499);
      expect(res.body.error.fields, JSON.stringify(res.body)).to.have.property(field);
    }
    for (const path of ['/abc/synchronize', '/99999999999/synchronize', '/2147483647/synchronize']) {
      const r = await s.a.get(`${BASE}${path}`).set('Accept', 'application/json');
      expect(r.status, path).to.be.within(400, 404);
    }
    expect((await s.a.get(`${BASE}/duplicates?field=price&value=1`)).status).to.equal(400);
    expect((await post('/open', { product_id: 'x' })).status).to.equal(400);
  });

  it('a distributor edits only their own organisation’s prices', async () => {
    const id = await productIdByStockcode('DEMO-CONFIG');
    const { rows } = await (await testServer()).database.pool.query<{ id: number; name: string }>(
      'select id, name from distributors order by id',
    );
    const own = rows.find((r) => r.name === 'Prairie Supply')!;
    const other = rows.find((r) => r.name !== 'Prairie Supply')!;
    const a = await agent();
    await signIn(a, 'distributor@example.com');
    const t = await csrf(a, '/en-us/account');
    const path = `${BASE}/product/${id}/distributor-price`;
    const refused = await a
      .post(path)
      .set('X-CSRF-Token', t)
      .set('Accept', 'application/json')
      .send({ distributor_id: other.id, price: '1.00', quantity: 1 });
    expect(refused.status).to.equal(403);
    const ok = await a
      .post(path)
      .set('X-CSRF-Token', t)
      .set('Accept', 'application/json')
      .send({ distributor_id: own.id, price: '77.25', quantity: 9 });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body.data).to.include({ price: '77.25', quantity: 9 });
    const bad = await a
      .post(path)
      .set('X-CSRF-Token', t)
      .set('Accept', 'application/json')
      .send({ distributor_id: own.id, price: 'lots', quantity: -1 });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields).to.have.keys('price', 'quantity');
  });
});
