/** Back orders through HTTP: the product page's date, add to cart, placement keeping the line back-ordered. */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { csrf } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';

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
});
