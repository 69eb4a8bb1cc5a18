/** Back orders through HTTP: the product page's date, add to cart, placement keeping the line back-ordered. */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { csrf } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { addToCart, chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

/** The seed expects the demo part's restock 21 days after it ran (the test's own day, in UTC). */
const seededDay = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

describe('back orders', function () {
  this.timeout(120_000);
  let part: number;
  before(async () => {
    part = await productIdByStockcode('PP-SHL-HD');
  });

  it('the product page says back-ordered with the expected day, to people and to scripts', async () => {
    const a = supertest.agent((await testServer()).url);
    const json = await a.get(`/en-us/products/${part}`).set('Accept', 'application/json');
    expect(json.status, json.text).to.equal(200);
    expect(json.body.stock_on_hand).to.equal(0);
    expect(json.body.backorder).to.deep.equal({ allowed: true, expected_ship_on: seededDay() });
    expect(json.body.add_to_cart).to.deep.include({ enabled: true, reason: null, backorder: true });
    const page = await a.get(`/en-us/products/${part}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Back-ordered, expected to ship around');
    const fr = await a.get(`/fr-ca/products/${part}`);
    expect(fr.text).to.include('En commande, expédition prévue vers le');
  });

  it('catalog cards and quick order call it back-ordered, never in stock', async () => {
    const a = supertest.agent((await testServer()).url);
    const list = await a.get('/en-us/products?q=PP-SHL-HD');
    expect(list.status).to.equal(200);
    const card = list.text.slice(list.text.indexOf('Seed Hopper Lid, Heavy Duty'));
    expect(card.slice(0, card.indexOf('</article>')))
      .to.include('Back-ordered')
      .and.not.include('In stock');
    const fr = await a.get('/fr-ca/products?q=PP-SHL-HD');
    expect(fr.text).to.include('badge-stock-backorder" data-testid="availability">En commande<');
    const token = await csrf(a, '/en-us/quick-order');
    const quick = await a.post('/en-us/quick-order/resolve').set(xhr(token)).send({ text: 'PP-SHL-HD, 2' });
    expect(quick.status, quick.text).to.equal(200);
    expect(JSON.stringify(quick.body)).to.include('Back-ordered').and.not.include('In stock');
  });

  it('on the row-unit diagram, its pop-up gives the day and lets it be added', async () => {
    const a = supertest.agent((await testServer()).url);
    const res = await a.get(`/en-us/parts/1/part/${part}`).set('Accept', 'application/json');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.html).to.include('data-testid="part-backorder"').and.include('data-testid="part-add-form"');
    expect(res.body.html).to.include('Back-ordered, expected to ship around');
    const other = await a
      .get(`/en-us/parts/1/part/${await productIdByStockcode('PP-SHL')}`)
      .set('Accept', 'application/json');
    expect(other.body.html).not.to.include('part-backorder');
  });

  it('a part that may not be back-ordered is still refused when out of stock', async () => {
    const a = supertest.agent((await testServer()).url);
    const token = await csrf(a, '/en-us/products');
    const res = await a
      .post('/en-us/cart/add/inline')
      .set(xhr(token))
      .send({ product_id: await productIdByStockcode('DEMO-OOS'), quantity: 1 });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('out_of_stock');
  });

  it('an order of 2 with none in stock keeps both back-ordered with the day, and holds no stock', async () => {
    const c = await newCustomer(part, 2);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '2001',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const lines = await sql(
      'select quantity, backordered_quantity, backorder_ship_on::text as day from order_line_items where order_id = $1 and product_id = $2',
      [c.orderId, part],
    );
    expect(lines).to.deep.equal([{ quantity: 2, backordered_quantity: 2, day: seededDay() }]);
    const stock = await sql(
      'select sum(quantity)::int as q, sum(reserved)::int as r from inventory where product_id = $1',
      [part],
    );
    expect(stock).to.deep.equal([{ q: 0, r: 0 }]);
    const confirmation = await c.a.get(res.body.redirect);
    expect(confirmation.status).to.equal(200);
    expect(confirmation.text).to.include('2 back-ordered: Back-ordered, expected to ship around');
  });

  it('an order of 3 with 1 in stock takes that one and back-orders 2', async () => {
    await sql('update inventory set quantity = 1 where product_id = $1 and warehouse_id = 1', [part]);
    try {
      const c = await newCustomer(part, 3);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 2,
        check_number: '2002',
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(201);
      const [line] = await sql(
        'select backordered_quantity from order_line_items where order_id = $1 and product_id = $2',
        [c.orderId, part],
      );
      expect(line).to.deep.equal({ backordered_quantity: 2 });
      const stock = await sql('select sum(quantity)::int as q from inventory where product_id = $1', [part]);
      expect(stock).to.deep.equal([{ q: 0 }]);
    } finally {
      await sql('update inventory set quantity = 0, reserved = 0 where product_id = $1', [part]);
    }
  });

  it('the cart says which line is back-ordered and when, following the quantity', async () => {
    await sql('update inventory set quantity = 2 where product_id = $1 and warehouse_id = 1', [part]);
    try {
      const a = supertest.agent((await testServer()).url);
      const token = await csrf(a, '/en-us/products');
      await addToCart(a, token, part, 2);
      type Line = { order_line_item_id: number; product_id: number; backorder?: unknown };
      const lineOf = (body: { line_items: Line[] }) => body.line_items.find((l) => l.product_id === part)!;
      const sync = await a.get('/en-us/cart/synchronize').set(xhr(token));
      expect(sync.status, sync.text).to.equal(200);
      const line = lineOf(sync.body);
      // 2 in stock, 2 asked: nothing back-ordered yet.
      expect(line.backorder).to.equal(undefined);
      const put = await a.put(`/en-us/cart/${line.order_line_item_id}`).set(xhr(token)).send({ quantity: 5 });
      expect(put.status, put.text).to.equal(200);
      const day = seededDay();
      expect(lineOf(put.body.cart).backorder).to.deep.include({ quantity: 3, expected_ship_on: day });
      const page = await a.get('/fr-ca/cart');
      expect(page.text).to.include('En commande, expédition prévue vers le');
    } finally {
      await sql('update inventory set quantity = 0, reserved = 0 where product_id = $1', [part]);
    }
  });

  it('a warehouse operator adds a restock for their warehouse: the product page’s day moves to it', async () => {
    const { a, token } = await signedIn('warehouse@example.com');
    const [us] = await sql<{ id: number }>("select id from warehouses where code = 'US-DSM'");
    const [ca] = await sql<{ id: number }>("select id from warehouses where code = 'CA-SKT'");
    const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    try {
      const bad = await a
        .post(`/en-us/account/dashboard/warehouses/${us.id}/restocks`)
        .set(xhr(token))
        .send({ stockcode: 'PP-SHL-HD', quantity: 0, expected_on: day });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.equal('Enter a quantity of 1 or more.');
      const other = await a
        .post(`/en-us/account/dashboard/warehouses/${ca.id}/restocks`)
        .set(xhr(token))
        .send({ stockcode: 'PP-SHL-HD', quantity: 5, expected_on: day });
      expect(other.status).to.equal(403);
      // The page's read model drops the product when the restock's write is heard (NOTIFY).
      const heard = (await testServer()).services.readModel.nextChange('restock_expectations');
      const ok = await a
        .post(`/en-us/account/dashboard/warehouses/${us.id}/restocks`)
        .set(xhr(token))
        .send({ stockcode: 'pp-shl-hd', quantity: 12, expected_on: day });
      expect(ok.status, ok.text).to.equal(201);
      await heard;
      const json = await supertest((await testServer()).url)
        .get(`/en-us/products/${part}`)
        .set('Accept', 'application/json');
      expect(json.body.backorder).to.deep.equal({ allowed: true, expected_ship_on: day });
      const page = await a.get(`/en-us/account/dashboard/warehouses/${us.id}/inventory`);
      expect(page.text).to.include('Expected restocks').and.include('12 × <code>PP-SHL-HD</code>');
    } finally {
      await sql('delete from restock_expectations where product_id = $1 and expected_on = $2', [part, day]);
    }
  });

  describe('the back office list', () => {
    let orderId: number;
    before(async () => {
      const c = await newCustomer(part, 4);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 2,
        check_number: '2003',
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(201);
      orderId = c.orderId;
    });

    const list = async (query = '') => {
      const { a } = await signedIn('staff@example.com');
      const res = await a.get(`/en-us/account/dashboard/backorders${query}`).set('Accept', 'application/json');
      expect(res.status, res.text).to.equal(200);
      return res.body.back_orders as { order_id: number; backordered_quantity: number; expected_ship_on: string }[];
    };

    it('lists the order’s back-ordered line with its day, soonest first, filtered by day, part and warehouse', async () => {
      const rows = await list();
      const mine = rows.find((r) => r.order_id === orderId);
      expect(mine).to.deep.include({ backordered_quantity: 4, expected_ship_on: seededDay(), stockcode: 'PP-SHL-HD' });
      const days = rows.map((r) => r.expected_ship_on ?? '9999');
      expect(days).to.deep.equal([...days].sort());
      const day = seededDay();
      expect((await list(`?from=${day}&to=${day}&product=pp-shl-hd`)).map((r) => r.order_id)).to.include(orderId);
      expect(await list('?product=no-such-part')).to.deep.equal([]);
      const [{ id: ca }] = await sql<{ id: number }>("select id from warehouses where code = 'CA-SKT'");
      expect((await list(`?warehouse=${ca}`)).map((r) => r.order_id)).to.not.include(orderId);
      const page = await (await signedIn('staff@example.com')).a.get('/en-us/account/dashboard/backorders');
      expect(page.text).to.include('Seed Hopper Lid, Heavy Duty').and.include(`#${orderId}`);
      const empty = await (await signedIn('staff@example.com')).a.get(
        '/en-us/account/dashboard/backorders?product=zzz',
      );
      expect(empty.text).to.include('No back-ordered lines');
      const detail = await (await signedIn('staff@example.com')).a.get(`/admin/orders/detail/${orderId}`);
      expect(detail.status).to.equal(200);
      expect(detail.text).to.include('4 back-ordered: Back-ordered, expected to ship around');
    });

    it('refuses a day that is not one, in the visitor’s language, writing nothing', async () => {
      const { a, token } = await signedIn('staff@example.com');
      const [line] = await sql<{ id: number }>(
        'select id from order_line_items where order_id = $1 and product_id = $2',
        [orderId, part],
      );
      const res = await a
        .post(`/fr-ca/account/dashboard/backorders/${line.id}/date`)
        .set(xhr(token))
        .send({ expected_on: '2027-02-30' });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('Saisissez une date comme 2027-03-12.');
      const bad = await a.get('/en-us/account/dashboard/backorders?from=soon').set(xhr(token));
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.equal('Enter a date such as 2027-03-12.');
    });

    it('a new expected day is kept, logged and mailed; shipping it mails and takes it off the list', async () => {
      const { a, token } = await signedIn('staff@example.com');
      const [line] = await sql<{ id: number }>(
        'select id from order_line_items where order_id = $1 and product_id = $2',
        [orderId, part],
      );
      const moved = await a
        .post(`/en-us/account/dashboard/backorders/${line.id}/date`)
        .set(xhr(token))
        .send({ expected_on: '2031-04-09' });
      expect(moved.status, moved.text).to.equal(200);
      const [row] = await sql('select backorder_ship_on::text as day from order_line_items where id = $1', [line.id]);
      expect(row).to.deep.equal({ day: '2031-04-09' });
      const logs = await sql("select action from logs where action like 'backorder.%' and entity_id = $1 order by id", [
        orderId,
      ]);
      expect(logs).to.deep.equal([{ action: 'backorder.date' }]);
      const mails = (await testServer()).services.mailer as unknown as { list(): Promise<{ content: string }[]> };
      expect(
        (await mails.list()).some(
          (m) => m.content.includes(`Order #${orderId}: new expected date`) && m.content.includes('April 9, 2031'),
        ),
      ).to.equal(true);

      const shipped = await a.post(`/en-us/account/dashboard/backorders/${line.id}/shipped`).set(xhr(token)).send({});
      expect(shipped.status, shipped.text).to.equal(200);
      expect(
        (await mails.list()).some((m) =>
          m.content.includes(`Order #${orderId}: Seed Hopper Lid, Heavy Duty has shipped`),
        ),
      ).to.equal(true);
      expect((await list()).map((r) => r.order_id)).to.not.include(orderId);
      const again = await a.post(`/en-us/account/dashboard/backorders/${line.id}/shipped`).set(xhr(token)).send({});
      expect(again.status).to.equal(409);
    });

    it('who may: staff and admins read and change; customers, distributors and warehouse operators may not', async () => {
      // Hand-written: anonymous 401; customer, distributor, warehouse operator 403; staff and admin 200 (read), 400 (an empty form).
      const want: [string | null, number, number][] = [
        [null, 401, 401],
        ['customer@example.com', 403, 403],
        ['distributor@example.com', 403, 403],
        ['warehouse@example.com', 403, 403],
        ['staff@example.com', 200, 400],
        ['admin@example.com', 200, 400],
      ];
      for (const [email, read, write] of want) {
        const who = email ? await signedIn(email) : { a: supertest.agent((await testServer()).url), token: '' };
        const token = email ? who.token : await csrf(who.a, '/en-us/products');
        const r = await who.a.get('/en-us/account/dashboard/backorders').set(xhr(token));
        expect(r.status, `${email} read`).to.equal(read);
        const w = await who.a.post('/en-us/account/dashboard/backorders/1/date').set(xhr(token)).send({});
        expect(w.status, `${email} write`).to.equal(write);
      }
    });
  });
});
