/** The orders API: bearer token, who may read and write, the update contract, concurrency, the log. */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { cloneOrder, productIdByStockcode, sqlRows } from '../helpers/server.ts';

const query = sqlRows;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A copy of an unpaid order with at least `lines` product lines (each source taken once): the demo orders stay as seeded for the other suites. */
const taken = new Set<number>();
async function freshOrder(lines = 2): Promise<number> {
  const rows = await query<{ id: number }>(
    `select o.id from orders o where o.status in ('pending', 'processing') and o.person_id is not null
    and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0) >= $1
    and not exists (select 1 from payments p where p.order_id = o.id) and o.id > 10 order by o.id`,
    [lines],
  );
  const id = rows.map((r) => r.id).find((x) => !taken.has(x));
  if (!id) throw new Error('no fresh order left');
  taken.add(id);
  return cloneOrder(id);
}

const SPEC_ORDER_FIELDS = [
  'order_id',
  'locale',
  'status',
  'notes',
  'channel',
  'order_currency',
  'tax_exempt_id',
  'line_items',
  'line_totals',
  'total_type_translations',
  'payment_type',
  'selected_payment_method',
  'payments',
  'fees',
  'totals',
  'erp_id',
  'po_number',
  'attention',
  'org_discount',
  'order_discount_eligible',
  'quote',
  'third_party_info',
  'tax_breakdown',
  'promotions',
  'shipment_quotes',
  'shipment_method',
  'shipment_quote_id',
  'processor_source',
  'ship_to',
  'bill_to',
  'ship_from',
  'user_id',
  'person',
  'submitted_at',
  'created_at',
  'updated_at',
  'log_count',
  'personLink',
  'distributorLink',
  'distributorName',
  'creator',
];
const SPEC_LINE_FIELDS = [
  'order_line_item_id',
  'line_type',
  'product_id',
  'promotion_id',
  'product',
  'quantity',
  'currency_id',
  'warehouse_id',
  'unit_price',
  'discount',
  'total',
  'total_discounted',
  'paid_total',
  'unpaid_total',
  'line_options',
];

describe('orders API /{locale}/api/orders', () => {
  let staff: Agent;
  let staffToken: string;
  let customerToken: string;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    staffToken = await apiToken(staff);
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    customerToken = await apiToken(customer);
  });

  it('answers 401 without a bearer token, with a session cookie only, and with a bad token', async () => {
    const anon = await agent();
    const calls: [string, string][] = [
      ['get', '/en-us/api/orders/1/synchronize'],
      ['post', '/en-us/api/orders/1/update'],
      ['post', '/en-us/api/orders/1/tin/save'],
      ['post', '/en-us/api/orders/1/remove-shipping-method'],
      ['get', '/en-us/api/orders/1/tins'],
      ['get', '/en-us/api/orders/1/payments/1/get-payment-data'],
    ];
    const token = await csrf(anon); // past the CSRF check, so only the missing token is wrong
    for (const [method, path] of calls) {
      expect(
        (await (anon as any)[method](path).set({ Accept: 'application/json', 'X-CSRF-Token': token })).status,
        path,
      ).to.equal(401);
      expect((await (anon as any)[method](path).set(bearer('not-a-token'))).status, path).to.equal(401);
    }
    // A signed-in staff session without the header is not enough (the spec's calls carry the token).
    const res = await staff.get('/en-us/api/orders/1/synchronize').set('Accept', 'application/json');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthorized');
  });

  it('synchronize sends every field of the order, its lines, payments and fees', async () => {
    const res = await staff.get('/en-us/api/orders/6/synchronize').set(bearer(staffToken));
    expect(res.status).to.equal(200);
    for (const f of SPEC_ORDER_FIELDS) expect(res.body, f).to.have.property(f);
    for (const f of SPEC_LINE_FIELDS) expect(res.body.line_items[0], f).to.have.property(f);
    expect(res.body.channel).to.include.keys(
      'id',
      'currency_code',
      'mid_market_rate',
      'zone_location',
      'payment_methods',
      'tax_exempt_available',
    );
    expect(res.body.totals).to.have.keys(
      'subtotal',
      'shipping',
      'tax',
      'discount',
      'total',
      'unpaid_total',
      'total_discounted',
    );
    expect(res.body.payments[0]).to.include.keys('payment_id', 'successful', 'total', 'allocations');
    expect(res.body.payments[0].total).to.have.key('value');
    expect(res.body.fees.paid.length + res.body.fees.unpaid.length).to.be.greaterThan(0);
    const fee = res.body.payments.flatMap((p: any) => p.allocations).find((a: any) => a.type === 1);
    expect(fee).to.have.property('paid');
    expect(res.body.tax_exempt_id).to.be.a('string');
    expect(res.body.person).to.include.keys('firstName', 'lastName', 'phone', 'email', 'organization');
  });

  it("a customer's token reads their own order, not another's, and cannot change anything", async () => {
    expect((await staff.get('/en-us/api/orders/1/synchronize').set(bearer(customerToken))).status).to.equal(200);
    const [other] = await query<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'buyer@acme.example' limit 1`,
    );
    for (const path of [
      `/en-us/api/orders/${other.id}/synchronize`,
      `/en-us/api/orders/${other.id}/tins`,
      `/en-us/api/orders/${other.id}/payments/1/get-payment-data`,
    ]) {
      expect((await staff.get(path).set(bearer(customerToken))).status, path).to.equal(404);
    }
    const before = await query(`select version, total from orders where id = 1`);
    expect(
      (await staff.post('/en-us/api/orders/1/update').set(bearer(customerToken)).send({ line_items: [] })).status,
    ).to.equal(403);
    expect(
      (await staff.post('/en-us/api/orders/1/tin/save').set(bearer(customerToken)).send({ tax_exempt_id: '123' }))
        .status,
    ).to.equal(403);
    expect(
      (await staff.post('/en-us/api/orders/1/remove-shipping-method').set(bearer(customerToken)).send({})).status,
    ).to.equal(403);
    expect(await query(`select version, total from orders where id = 1`)).to.deep.equal(before);
  });

  it('update: keeps, changes, adds (placeholder → stored id) and removes lines, re-prices on the server and logs the change', async () => {
    const id = await freshOrder(2);
    const sync = (await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(staffToken))).body;
    const product = sync.line_items.filter((l: any) => l.line_type === 0);
    const [keep, drop] = product;
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    const others = sync.line_items.filter((l: any) => l !== keep && l !== drop);
    const body = {
      version: sync.version,
      po_number: 'PO-TEST-77',
      line_items: [
        { ...keep, quantity: keep.quantity + 1, unit_price: '0.01', total: '0.01' },
        ...others,
        {
          order_line_item_id: 'new-1',
          line_type: 0,
          product_id: plate,
          quantity: 3,
          currency_id: keep.currency_id,
          warehouse_id: keep.warehouse_id,
          line_options: [],
          unit_price: '0.01',
        },
      ],
      line_items_for_deletion: [drop.order_line_item_id],
    };
    const res = await staff.post(`/en-us/api/orders/${id}/update`).set(bearer(staffToken)).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.new_lines).to.have.length(1);
    const [{ placeholder_id, stored_id }] = res.body.new_lines;
    expect(placeholder_id).to.equal('new-1');
    const order = res.body.order;
    expect(order.version).to.equal(sync.version + 1);
    expect(order.po_number).to.equal('PO-TEST-77');
    const ids = order.line_items.map((l: any) => l.order_line_item_id);
    expect(ids).to.include(stored_id);
    expect(ids).not.to.include(drop.order_line_item_id);
    const kept = order.line_items.find((l: any) => l.order_line_item_id === keep.order_line_item_id);
    expect(kept.quantity).to.equal(keep.quantity + 1);
    expect(kept.unit_price).to.equal(keep.unit_price); // the client's price is ignored
    const added = order.line_items.find((l: any) => l.order_line_item_id === stored_id);
    const [price] = await query<{ price: string }>(
      `select coalesce(cp.price, p.price)::text as price from products p left join channel_prices cp on cp.product_id = p.id and cp.channel_id = $2 where p.id = $1`,
      [plate, sync.channel.id],
    );
    if (sync.channel.code === 'US') expect(added.unit_price).to.equal(price.price);
    expect(added.unit_price).not.to.equal('0.01');
    // Totals are the sum of the server's lines.
    const cents = (s: string) => Math.round(Number(s) * 100);
    const sub = order.line_items
      .filter((l: any) => l.line_type !== 5)
      .reduce((s: number, l: any) => s + cents(l.unit_price) * l.quantity, 0);
    expect(cents(order.totals.subtotal)).to.equal(sub);
    expect(cents(order.totals.total)).to.equal(
      cents(order.totals.subtotal) -
        cents(order.totals.discount) +
        cents(order.totals.shipping) +
        cents(order.totals.tax),
    );
    // Logged in the same transaction, with before and after.
    const logs = await query<{ user_id: number; data: any }>(
      `select user_id, data from logs where entity = 'order' and entity_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(logs[0].data.before.po_number).to.equal(sync.po_number);
    expect(logs[0].data.after.po_number).to.equal('PO-TEST-77');
    expect(order.log_count).to.equal(sync.log_count + 1);
  });

  it("an update without product lines is refused with 'An order requires line items' and changes nothing", async () => {
    const id = await freshOrder(1);
    const sync = (await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(staffToken))).body;
    const before = await query(
      `select o.version, o.total, (select json_agg(l order by l.id) from order_line_items l where l.order_id = o.id) as lines from orders o where o.id = $1`,
      [id],
    );
    const promos = sync.line_items.filter((l: any) => l.line_type === 5);
    const products = sync.line_items.filter((l: any) => l.line_type !== 5);
    for (const body of [
      {
        version: sync.version,
        line_items: promos,
        line_items_for_deletion: products.map((l: any) => l.order_line_item_id),
      },
      {
        version: sync.version,
        line_items: [...promos, ...products.filter((l: any) => l.line_type !== 0)],
        line_items_for_deletion: products.filter((l: any) => l.line_type === 0).map((l: any) => l.order_line_item_id),
      },
    ]) {
      const res = await staff.post(`/en-us/api/orders/${id}/update`).set(bearer(staffToken)).send(body);
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('An order requires line items');
    }
    expect(
      await query(
        `select o.version, o.total, (select json_agg(l order by l.id) from order_line_items l where l.order_id = o.id) as lines from orders o where o.id = $1`,
        [id],
      ),
    ).to.deep.equal(before);
  });

  it('a stale save (someone else saved first) gets 409 and overwrites nothing', async () => {
    const id = await freshOrder(1);
    const sync = (await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(staffToken))).body;
    const first = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(staffToken))
      .send({ version: sync.version, notes: 'first tab', line_items: sync.line_items });
    expect(first.status).to.equal(200);
    const second = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(staffToken))
      .send({ version: sync.version, notes: 'second tab', line_items: sync.line_items });
    expect(second.status).to.equal(409);
    expect(second.body.error.message).to.match(/changed by someone else/);
    const [row] = await query<{ notes: string }>(`select notes from orders where id = $1`, [id]);
    expect(row.notes).to.equal('first tab');
  });

  it('refuses malformed updates with a 400 naming the problem', async () => {
    const id = await freshOrder(1);
    const sync = (await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(staffToken))).body;
    const line = sync.line_items.find((l: any) => l.line_type === 0);
    const cases: [string, unknown][] = [
      ['no line_items', { version: sync.version }],
      [
        'quantity 0',
        {
          version: sync.version,
          line_items: sync.line_items.map((l: any) => (l === line ? { ...l, quantity: 0 } : l)),
        },
      ],
      [
        'quantity 1000',
        {
          version: sync.version,
          line_items: sync.line_items.map((l: any) => (l === line ? { ...l, quantity: 1000 } : l)),
        },
      ],
      [
        'a line of another order',
        { version: sync.version, line_items: [...sync.line_items, { ...line, order_line_item_id: 1 }] },
      ],
      [
        'a kept line missing',
        {
          version: sync.version,
          line_items: sync.line_items
            .filter((l: any) => l !== line)
            .concat([{ order_line_item_id: 'new-x', line_type: 0, product_id: line.product_id, quantity: 1 }]),
        },
      ],
      [
        'a new line without product',
        {
          version: sync.version,
          line_items: [...sync.line_items, { order_line_item_id: 'new-1', line_type: 0, quantity: 1 }],
        },
      ],
      [
        'junk id',
        {
          version: sync.version,
          line_items: [
            ...sync.line_items,
            { order_line_item_id: '1; drop table orders', line_type: 0, product_id: 1, quantity: 1 },
          ],
        },
      ],
      ['unknown status', { version: sync.version, status: 'shipped-yesterday', line_items: sync.line_items }],
    ];
    for (const [name, body] of cases) {
      const res = await staff
        .post(`/en-us/api/orders/${id}/update`)
        .set(bearer(staffToken))
        .send(body as object);
      expect(res.status, name).to.equal(400);
      expect(res.body.error.message, name).to.be.a('string').and.not.empty;
    }
    expect(
      (await staff.post('/en-us/api/orders/abc/update').set(bearer(staffToken)).send({ version: 1, line_items: [] }))
        .status,
    ).to.equal(400);
    expect(
      (
        await staff
          .post('/en-us/api/orders/99999999/update')
          .set(bearer(staffToken))
          .send({ version: 1, line_items: [] })
      ).status,
    ).to.equal(404);
    const unknownProduct = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(staffToken))
      .send({
        version: sync.version,
        line_items: [
          ...sync.line_items,
          { order_line_item_id: 'new-1', line_type: 0, product_id: 99999999, quantity: 1 },
        ],
      });
    expect(unknownProduct.status).to.equal(404);
  });

  it('a line with payments on it cannot be removed', async () => {
    const [row] = await query<{
      order_id: number;
      id: number;
    }>(`select l.order_id, l.id from order_line_items l where l.paid_total > 0 and l.line_type = 0
      and (select count(*) from order_line_items x where x.order_id = l.order_id and x.line_type = 0) >= 2 order by l.order_id desc limit 1`);
    const sync = (await staff.get(`/en-us/api/orders/${row.order_id}/synchronize`).set(bearer(staffToken))).body;
    const res = await staff
      .post(`/en-us/api/orders/${row.order_id}/update`)
      .set(bearer(staffToken))
      .send({
        version: sync.version,
        line_items: sync.line_items.filter((l: any) => l.order_line_item_id !== row.id),
        line_items_for_deletion: [row.id],
      });
    expect(res.status).to.equal(409);
  });

  it('tin/save: tax exempt when the id is neither empty nor 0; tax follows', async () => {
    const [row] = await query<{ id: number }>(
      `select o.id from orders o join channels c on c.id = o.channel_id where c.tax_exempt_available and o.tax > 0 and o.status = 'pending' and o.id > 10 order by o.id desc limit 1`,
    );
    const { version } = (await staff.get(`/en-us/api/orders/${row.id}/synchronize`).set(bearer(staffToken))).body;
    const exempt = await staff
      .post(`/en-us/api/orders/${row.id}/tin/save`)
      .set(bearer(staffToken))
      .send({ tax_exempt_id: 'TX-991', version });
    expect(exempt.status).to.equal(200);
    expect(exempt.body).to.include({ tax_exempt_id: 'TX-991', tax_exempt: true });
    expect(exempt.body.totals.tax).to.equal('0.00');
    const zero = await staff
      .post(`/en-us/api/orders/${row.id}/tin/save`)
      .set(bearer(staffToken))
      .send({ tax_exempt_id: 0, version: exempt.body.version });
    expect(zero.body.tax_exempt).to.equal(false);
    expect(Number(zero.body.totals.tax)).to.be.greaterThan(0);
    expect(
      (
        await staff
          .post(`/en-us/api/orders/${row.id}/tin/save`)
          .set(bearer(staffToken))
          .send({ tax_exempt_id: 'x'.repeat(61), version: zero.body.version })
      ).status,
    ).to.equal(400);
    const opts = await staff.get(`/en-us/api/orders/5/tins`).set(bearer(staffToken));
    expect(opts.status).to.equal(200);
    expect(opts.body.tins.map((x: any) => x.tax_exempt_id)).to.have.length.greaterThan(0);
  });

  it('remove-shipping-method drops the method and its charge', async () => {
    const [row] = await query<{ id: number }>(
      `select id from orders where shipment_method is not null and shipping > 0 and status = 'processing' and id > 10 order by id desc limit 1`,
    );
    const before = (await staff.get(`/en-us/api/orders/${row.id}/synchronize`).set(bearer(staffToken))).body;
    const res = await staff
      .post(`/en-us/api/orders/${row.id}/remove-shipping-method`)
      .set(bearer(staffToken))
      .send({ version: before.version });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ shipment_method: null, shipment_quote_id: null });
    expect(res.body.totals.shipping).to.equal('0.00');
    expect(Math.round(Number(res.body.totals.total) * 100)).to.equal(
      Math.round((Number(before.totals.total) - Number(before.totals.shipping)) * 100),
    );
  });

  it('get-payment-data returns the payment; a payment of another order is not found', async () => {
    const [p] = await query<{ id: number; order_id: number }>(`select id, order_id from payments order by id limit 1`);
    const res = await staff
      .get(`/en-us/api/orders/${p.order_id}/payments/${p.id}/get-payment-data`)
      .set(bearer(staffToken));
    expect(res.status).to.equal(200);
    expect(res.body).to.include.keys('payment_id', 'successful', 'total', 'allocations');
    const [other] = await query<{ id: number }>(`select id from orders where id <> $1 limit 1`, [p.order_id]);
    expect(
      (await staff.get(`/en-us/api/orders/${other.id}/payments/${p.id}/get-payment-data`).set(bearer(staffToken)))
        .status,
    ).to.equal(404);
  });

  it('PUT update-item prices one quantity in the draft (session + CSRF) without writing it, refuses 0 and other orders’ lines', async () => {
    const id = await freshOrder(1);
    const [line] = await query<{ id: number; quantity: number }>(
      `select id, quantity from order_line_items where order_id = $1 and line_type = 0 order by id limit 1`,
      [id],
    );
    const token = await csrf(staff, `/admin/orders/detail/${id}`);
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const [{ version }] = await query<{ version: number }>(`select version from orders where id = $1`, [id]);
    const res = await staff
      .put(`/en-us/admin/orders/detail/${id}/update-item/${line.id}`)
      .set(headers)
      .type('form')
      .send({ quantity: String(line.quantity + 2), version: String(version) });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ quantity: line.quantity + 2, last_quantity: line.quantity });
    expect(res.body).to.include.keys('price', 'total', 'subtotal');
    // The change is the draft's until the order is saved; the stored line and order are as they were.
    expect(await query(`select quantity from order_line_items where id = $1`, [line.id])).to.deep.equal([
      { quantity: line.quantity },
    ]);
    expect(await query(`select version from orders where id = $1`, [id])).to.deep.equal([{ version }]);
    expect(
      (
        await staff
          .put(`/en-us/admin/orders/detail/${id}/update-item/${line.id}`)
          .set(headers)
          .send({ quantity: 0, version })
      ).status,
    ).to.equal(400);
    expect(
      (await staff.put(`/en-us/admin/orders/detail/${id}/update-item/1`).set(headers).send({ quantity: 2, version }))
        .status,
    ).to.equal(404);
    expect(
      (
        await staff
          .put(`/en-us/admin/orders/detail/${id}/update-item/${line.id}`)
          .set({ Accept: 'application/json' })
          .send({ quantity: 2 })
      ).status,
    ).to.equal(403);
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    const ctoken = await csrf(customer, '/en-us/account');
    expect(
      (
        await customer
          .put(`/en-us/admin/orders/detail/${id}/update-item/${line.id}`)
          .set({ ...headers, 'X-CSRF-Token': ctoken })
          .send({ quantity: 2 })
      ).status,
    ).to.equal(403);
  });
});
