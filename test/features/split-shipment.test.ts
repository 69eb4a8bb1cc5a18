/**
 * Split shipment and warehouse lead times through HTTP: the checkout choice stored on the order
 * and shown after placement, refused when it is not a yes or no, ignored when nothing is
 * back-ordered; a warehouse's lead time saved, validated and dating the product page's back order.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';

/** A UTC calendar day `n` days from the test's own today. */
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The demo restock of PP-SHL-HD is 21 days after the seed ran (the test's own day). */
const seededDay = () => dayIn(21);
/** 'December 24, 2026': the day as the English pages write it (dateStyle long). */
const longEn = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long' });

type Mail = { content: string };
async function mailTo(email: string, orderId: number) {
  const mailer = (await testServer()).services.mailer as unknown as { list(): Promise<Mail[]> };
  const mail = (await mailer.list()).find((m) => m.content.includes(`Order #${orderId}`) && m.content.includes(email));
  return mail?.content.replace(/=\r?\n/g, '') ?? '';
}

describe('split shipment', function () {
  this.timeout(120_000);
  let part: number;
  let inStock: number;
  before(async () => {
    part = await productIdByStockcode('PP-SHL-HD'); // out of stock everywhere, back-orderable
    inStock = await productIdByStockcode('HT-CLV');
  });

  const choose = (c: { a: supertest.Agent; token: string }, body: object, locale = 'en-us') =>
    c.a.post(`/${locale}/order/split-shipment`).set(xhr(c.token)).send(body);

  it('is offered when something is back-ordered; a non-boolean is a 400 in the visitor’s language', async () => {
    const c = await newCustomer(part, 2);
    const q = await c.a.get(`/en-us/order/shipping-method?addressId=${c.shipTo}`).set(xhr(c.token));
    expect(q.status, q.text).to.equal(200);
    expect(q.body.splitShipment).to.equal(false); // together by default
    for (const bad of ['yes', 1, null]) {
      const res = await choose(c, { order_id: c.orderId, split_shipment: bad });
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.message).to.equal('Say whether to ship in parts or all together.');
    }
    const fr = await choose(c, { order_id: c.orderId }, 'fr-ca');
    expect(fr.status).to.equal(400);
    expect(fr.body.error.message).to.equal('Indiquez s’il faut expédier en plusieurs fois ou en une fois.');
    const [row] = await sqlRows<{ split_shipment: boolean }>('select split_shipment from orders where id = $1', [
      c.orderId,
    ]);
    expect(row.split_shipment).to.equal(false);
  });

  it('split chosen: stored, shipping charged once as quoted, shown on the confirmation, mail and staff page', async () => {
    const c = await newCustomer(part, 2);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const ok = await choose(c, { order_id: c.orderId, split_shipment: true });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.deep.equal({ order_id: c.orderId, split_shipment: true });
    const again = await c.a.get(`/en-us/order/shipping-method?addressId=${c.shipTo}`).set(xhr(c.token));
    expect(again.body.splitShipment).to.equal(true);
    // Quoting again dropped the selection: choose it again; the same price as before the choice.
    const chosen = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    expect(chosen.totals.shipping).to.equal(totals.shipping);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '7001',
      expected_total: chosen.totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [order] = await sqlRows<{ split_shipment: boolean; shipping: string }>(
      'select split_shipment, shipping::text from orders where id = $1',
      [c.orderId],
    );
    expect(order).to.deep.equal({ split_shipment: true, shipping: totals.shipping });
    const text = 'Ships in parts: what is in stock now, the rest when it arrives.';
    const page = await c.a.get(placed.body.redirect);
    expect(page.text).to.include('data-testid="order-shipment-plan"').and.include(text);
    expect(await mailTo(c.email, c.orderId)).to.include(text);
    const { a: staff } = await signedIn('staff@example.com');
    const admin = await staff.get(`/admin/orders/detail/${c.orderId}`);
    expect(admin.status).to.equal(200);
    expect(admin.text).to.include(text);
    const fr = await c.a.get(`/fr-ca/orders/${c.orderId}`);
    expect(fr.text).to.include('Expédiée en plusieurs fois');
  });

  it('together (the default): the order ships on the latest back-order day', async () => {
    const c = await newCustomer(part, 2);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '7002',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const text = `Ships together around ${longEn(seededDay())}.`;
    const page = await c.a.get(placed.body.redirect);
    expect(page.text).to.include(text);
    expect(await mailTo(c.email, c.orderId)).to.include(text);
    const { a: staff } = await signedIn('staff@example.com');
    expect((await staff.get(`/admin/orders/detail/${c.orderId}`)).text).to.include(text);
  });

  it('nothing back-ordered: not offered, and a choice sent anyway is not kept on the order', async () => {
    const c = await newCustomer(inStock, 1);
    const q = await c.a.get(`/en-us/order/shipping-method?addressId=${c.shipTo}`).set(xhr(c.token));
    expect(q.status, q.text).to.equal(200);
    expect(q.body).not.to.have.property('splitShipment');
    expect((await choose(c, { order_id: c.orderId, split_shipment: true })).status).to.equal(200);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '7003',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [row] = await sqlRows<{ split_shipment: boolean }>('select split_shipment from orders where id = $1', [
      c.orderId,
    ]);
    expect(row.split_shipment).to.equal(false);
    const page = await c.a.get(placed.body.redirect);
    expect(page.text).not.to.include('data-testid="order-shipment-plan"');
  });

  it('another customer’s cart cannot be given a choice', async () => {
    const c = await newCustomer(part, 1);
    const other = await newCustomer(part, 1);
    const res = await choose(c, { order_id: other.orderId, split_shipment: true });
    expect(res.status).to.equal(400);
    const [row] = await sqlRows<{ split_shipment: boolean }>('select split_shipment from orders where id = $1', [
      other.orderId,
    ]);
    expect(row.split_shipment).to.equal(false);
  });
});

describe('warehouse lead time for back orders', function () {
  this.timeout(120_000);
  let part: number;
  let us: number;
  before(async () => {
    part = await productIdByStockcode('PP-SHL-HD');
    [{ id: us }] = await sqlRows<{ id: number }>("select id from warehouses where code = 'US-DSM'");
  });

  const leadTime = async () =>
    (await sqlRows<{ d: number | null }>('select lead_time_days as d from warehouses where id = $1', [us]))[0].d;
  const productDay = async () => {
    const json = await supertest((await testServer()).url)
      .get(`/en-us/products/${part}`)
      .set('Accept', 'application/json');
    return json.body.backorder.expected_ship_on as string | null;
  };

  it('refuses what is not 0–365 whole days, in the visitor’s language, writing nothing', async () => {
    const { a, token } = await signedIn('admin@example.com');
    const url = `/en-us/account/dashboard/warehouses/${us}/lead-time`;
    for (const bad of ['abc', '366', '-1', '2.5', 400]) {
      const res = await a.post(url).set(xhr(token)).send({ lead_time_days: bad });
      expect(res.status, `${bad}: ${res.text}`).to.equal(400);
      expect(res.body.error.message).to.equal('Enter a whole number of days from 0 to 365, or leave it empty.');
    }
    const es = await a
      .post(`/es-mx/account/dashboard/warehouses/${us}/lead-time`)
      .set(xhr(token))
      .send({ lead_time_days: '1000' });
    expect(es.status).to.equal(400);
    expect(es.body.error.message).to.equal('Escriba un número entero de días de 0 a 365, o déjelo vacío.');
    expect(await leadTime()).to.equal(14); // the demo's Des Moines lead time
  });

  it('the form on the inventory page: a refusal comes back above it, in the visitor’s language', async () => {
    const { a, token } = await signedIn('admin@example.com');
    const res = await a
      .post(`/fr-ca/account/dashboard/warehouses/${us}/lead-time`)
      .type('form')
      .send({ _csrf: token, lead_time_days: '999' });
    expect(res.status, res.text).to.equal(303);
    expect(res.headers.location).to.equal(`/fr-ca/account/dashboard/warehouses/${us}/inventory`);
    const page = await a.get(res.headers.location);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Saisissez un nombre entier de jours de 0 à 365, ou laissez vide.');
    expect(await leadTime()).to.equal(14);
  });

  it('saved and audited; with no restock expected, the product page dates the back order by it', async () => {
    const { a, token } = await signedIn('admin@example.com');
    const url = `/en-us/account/dashboard/warehouses/${us}/lead-time`;
    const restocks = await sqlRows(
      'select id, product_id, warehouse_id, quantity, expected_on::text as expected_on, created_by, created_at, updated_at from restock_expectations where product_id = $1',
      [part],
    );
    const readModel = (await testServer()).services.readModel;
    try {
      // The demo's restock (21 days) wins over any lead time.
      let heard = readModel.nextChange('warehouses');
      const ten = await a.post(url).set(xhr(token)).send({ lead_time_days: '10' });
      expect(ten.status, ten.text).to.equal(200);
      expect(ten.body).to.deep.equal({ warehouse_id: us, lead_time_days: 10 });
      await heard;
      expect(await leadTime()).to.equal(10);
      expect(await productDay()).to.equal(seededDay());
      const [log] = await sqlRows<{ data: unknown }>(
        "select data from logs where action = 'warehouse.lead_time' and entity_id = $1 order by id desc limit 1",
        [us],
      );
      expect(log.data).to.deep.equal({ before: 14, after: 10 });

      // No restock: today + the shortest lead time (Des Moines 10, Saskatoon 28).
      heard = readModel.nextChange('restock_expectations');
      await sqlRows('delete from restock_expectations where product_id = $1', [part]);
      await heard;
      expect(await productDay()).to.equal(dayIn(10));

      // Emptied: Des Moines has none, Saskatoon's 28 days date it.
      heard = readModel.nextChange('warehouses');
      const none = await a.post(url).set(xhr(token)).send({ lead_time_days: '' });
      expect(none.status, none.text).to.equal(200);
      await heard;
      expect(await leadTime()).to.equal(null);
      expect(await productDay()).to.equal(dayIn(28));

      // The warehouse's page shows the form with the value; a browser's post is sent back there.
      const form = await a.post(url).type('form').send({ _csrf: token, lead_time_days: '7' });
      expect(form.status).to.equal(303);
      const page = await a.get(`/en-us/account/dashboard/warehouses/${us}/inventory`);
      expect(page.text).to.include('Lead time for back orders (days)').and.include('value="7"');
    } finally {
      await sqlRows('update warehouses set lead_time_days = 14 where id = $1', [us]);
      for (const r of restocks as Record<string, unknown>[])
        await sqlRows(
          'insert into restock_expectations (id, product_id, warehouse_id, quantity, expected_on, created_by, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
          [r.id, r.product_id, r.warehouse_id, r.quantity, r.expected_on, r.created_by, r.created_at, r.updated_at],
        );
    }
  });
});
