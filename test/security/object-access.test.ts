/**
 * Object-level access, the rules not walked elsewhere. Each rule of SECURITY.md's
 * table names its test; these are the ones that had none of their own:
 * - a warehouse key opens its own warehouse only: the US key on the Canadian warehouse is 401,
 *   for its own operator and for an admin alike (the key, not the user, names the warehouse);
 * - a customer's bearer token reaches no other customer's order by id (404, never 403);
 * - a customer never reads another customer's order page, cart line or payment method by id (404).
 */
import { expect } from 'chai';
import { DEMO_WAREHOUSE_KEYS } from '../../src/db/seed/index.ts';
import { agent, apiToken } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { sqlRows } from '../helpers/server.ts';

describe('object-level access', function () {
  this.timeout(60_000);

  it('a warehouse key opens its own warehouse only (401 elsewhere, whoever the user)', async () => {
    const [us] = await sqlRows<{ id: number }>(`select id from warehouses where code = 'US-DSM'`);
    const [ca] = await sqlRows<{ id: number }>(`select id from warehouses where code = 'CA-SKT'`);
    const [op] = await sqlRows<{ id: number }>(`select id from users where email = 'warehouse@example.com'`);
    const [admin] = await sqlRows<{ id: number }>(`select id from users where email = 'admin@example.com'`);
    const raw = await agent();
    const stock = (warehouse: number, key: string, user: number) =>
      raw
        .get(`/api/warehouse/${warehouse}/stock`)
        .set('Authorization', `Bearer ${key}`)
        .set('X-User-Id', String(user))
        .set('Accept', 'application/json');
    expect((await stock(us.id, DEMO_WAREHOUSE_KEYS['US-DSM'], op.id)).status, 'own key, own warehouse').to.equal(200);
    for (const user of [op.id, admin.id]) {
      const res = await stock(ca.id, DEMO_WAREHOUSE_KEYS['US-DSM'], user);
      expect(res.status, `US key on the Canadian warehouse as user ${user}`).to.equal(401);
      expect(res.body.error.code).to.be.a('string');
    }
  });

  it("a customer's bearer token and session reach none of another customer's orders, cart lines or payment methods (404)", async () => {
    const { a: mine } = await signedIn('customer@example.com');
    const token = await apiToken(mine);
    const [other] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email <> 'customer@example.com' and o.status <> 'cart' order by o.id limit 1`,
    );
    // Another customer saves a card (through the provider's tokeniser, as the browser does).
    const { a: theirs, token: theirToken } = await signedIn('buyer@acme.example');
    const theirXhr = { 'X-CSRF-Token': theirToken, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const tok = await theirs
      .post('/payments/tokens')
      .set(theirXhr)
      .send({ number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' });
    expect(tok.status, tok.text).to.equal(201);
    const saved = await theirs.post('/en-us/account/payment/cards').set(theirXhr).send({ token: tok.body.token });
    expect(saved.status, saved.text).to.equal(201);
    const method = { id: saved.body.method.id as number };
    const [product] = await sqlRows<{ id: number }>(`select id from products where stockcode = 'DEMO-SEED-PLATE'`);
    const added = await theirs
      .post('/en-us/cart/add/inline')
      .set(theirXhr)
      .send({ product_id: product.id, quantity: 1 });
    expect(added.status, added.text).to.equal(200);
    const line = { id: added.body.line.order_line_item_id as number };
    const raw = await agent();
    expect(
      (
        await raw
          .get(`/en-us/api/orders/${other.id}/synchronize`)
          .set('Authorization', `Bearer ${token}`)
          .set('Accept', 'application/json')
      ).status,
      'order by API',
    ).to.equal(404);
    expect((await mine.get(`/en-us/orders/${other.id}`)).status, 'order page').to.equal(404);
    const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec((await mine.get('/en-us/products')).text)![1];
    const xhr = { 'X-CSRF-Token': csrfToken, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    expect((await mine.put(`/en-us/cart/${line.id}`).set(xhr).send({ quantity: 2 })).status, 'cart line').to.equal(404);
    expect(
      (await mine.post(`/en-us/account/payment/methods/${method.id}/default`).set(xhr).send({})).status,
      'payment method',
    ).to.equal(404);
    expect(
      (await mine.delete(`/en-us/account/payment/methods/${method.id}`).set(xhr)).status,
      'payment method delete',
    ).to.equal(404);
    // The other customer's things are untouched.
    const [still] = await sqlRows<{ n: number }>('select count(*)::int as n from payment_methods where id = $1', [
      method.id,
    ]);
    expect(still.n).to.equal(1);
  });
});
