/** Checkout through HTTP as a script would: add to cart, customer info, shipping, place. */
import { expect } from 'chai';
import supertest from 'supertest';
import { csrf, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

export const xhr = (token: string) => ({
  'X-CSRF-Token': token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
});

/** Adds to the cart from a page of `locale` (the cart is then priced in that locale's store). */
export async function addToCart(a: Agent, token: string, productId: number, quantity = 1, locale = 'en-us') {
  const res = await a.post(`/${locale}/cart/add/inline`).set(xhr(token)).send({ product_id: productId, quantity });
  expect(res.status, res.text).to.equal(200);
}

let n = 0;
/** A new visitor becomes a customer through checkout's new-user path (on the shared app, or the app at baseUrl). Returns the agent and its fresh CSRF token. */
export async function newCustomer(
  productId: number,
  quantity = 1,
  extra: Record<string, unknown> = {},
  baseUrl?: string,
) {
  const a = supertest.agent(baseUrl ?? (await testServer()).url);
  let token = await csrf(a, '/en-us/products');
  await addToCart(a, token, productId, quantity);
  const email = `buyer${process.pid}-${Date.now()}-${n++}@example.test`;
  const res = await a
    .post('/en-us/order/customer-info')
    .set(xhr(token))
    .type('form')
    .send({
      email,
      accountType: 'personal',
      subscribe: '1',
      'tax-exempt': 'false',
      'shipping-firstName': 'Pat',
      'shipping-lastName': 'Lee',
      'shipping-address1': '12 Main Street',
      'shipping-city': 'Ames',
      'shipping-country': 'US',
      'shipping-region': 'IA',
      'shipping-postalcode': '50010',
      ...extra,
    });
  expect(res.status, res.text).to.equal(200);
  token = res.body.csrf_token;
  return { a, token, email, orderId: res.body.order_id as number, shipTo: res.body.ship_to as number };
}

/** Quotes for the ship-to and the cheapest method of each warehouse selected. */
export async function chooseShipping(a: Agent, token: string, orderId: number, shipTo: number) {
  const q = await a.get(`/en-us/order/shipping-method?addressId=${shipTo}`).set(xhr(token));
  expect(q.status, q.text).to.equal(200);
  const ids = (q.body.warehouses as { rates: { quote_id: number }[] }[]).map((w) => w.rates[0].quote_id);
  expect(ids.length, JSON.stringify(q.body)).to.be.greaterThan(0);
  const s = await a
    .post('/en-us/order/shipping-method')
    .set(xhr(token))
    .send({ order_id: orderId, selected_methods: ids });
  expect(s.status, s.text).to.equal(200);
  return { quotes: q.body, totals: s.body.totals as { total: string; tax: string; shipping: string }, ids };
}

export async function tokenize(a: Agent, token: string, number: string) {
  const res = await a
    .post('/payments/tokens')
    .set(xhr(token))
    .send({ number, exp_month: 12, exp_year: 2040, cvc: '123' });
  expect(res.status, res.text).to.equal(201);
  return res.body.token as string;
}

export const place = (a: Agent, token: string, key: string | null, body: Record<string, unknown>) => {
  const req = a.post('/en-us/order/place').set(xhr(token));
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
};
