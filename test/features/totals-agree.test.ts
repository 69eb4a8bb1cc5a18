/**
 * The cart, checkout and the order editor agree on an order's figures to the cent: the
 * order editor's repricing (repriceOrder) is run over what the cart and checkout wrote and must find
 * the very figures stored. The demo seed's orders are checked the same way in test/db/seed.test.ts (a database of
 * their own: other suites here write orders by hand).
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { orderDisagreements } from '../helpers/order-figures.ts';
import { addToCart, chooseShipping, newCustomer, place } from './checkout-helpers.ts';
import { agent, csrf } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

const disagreements = (where: string, params: unknown[] = []) => orderDisagreements(sqlRows, where, params);

describe('order figures agree: cart, checkout and order editor', () => {
  before(async () => {
    await testServer();
  });

  it('a cart the storefront priced (two products, the promotions in force) is priced the same by the order editor', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    for (const [code, quantity] of [
      ['DEMO-SEED-PLATE', 3],
      ['DEMO-CONFIG', 1],
    ] as const) {
      const res = await a
        .post('/en-us/cart/add/inline')
        .set(headers)
        .send({ product_id: await productIdByStockcode(code), quantity, selections: [] });
      expect(res.status, res.text).to.equal(200);
    }
    const [cart] = await sqlRows<{ id: number }>(
      `select order_id as id from order_line_items where product_id = $1 order by id desc limit 1`,
      [await productIdByStockcode('DEMO-CONFIG')],
    );
    const { count, out } = await disagreements('id = $1', [cart.id]);
    expect(count).to.equal(1);
    expect(out).to.deep.equal([]);
  });

  it('an order placed through checkout (shipping chosen, Iowa tax, paid by check) is priced the same by the order editor', async () => {
    const c = await newCustomer(await productIdByStockcode('DEMO-SEED-PLATE'), 3);
    await addToCart(c.a, c.token, await productIdByStockcode('PL-2RC'), 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    expect(Number(totals.tax), 'Iowa charges tax').to.be.greaterThan(0);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '4471',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const { count, out } = await disagreements('id = $1 and status <> $2', [c.orderId, 'cart']);
    expect(count, 'the placed order').to.equal(1);
    expect(out).to.deep.equal([]);
  });
});
