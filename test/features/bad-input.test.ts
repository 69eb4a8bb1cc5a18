/**
 * Bad input never answers 5xx: every storefront and account route, fed junk ids,
 * numbers out of range, arrays, objects, NUL bytes and SQL-looking text, as JSON and
 * as forms, must answer below 500.
 */
import { expect } from 'chai';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

const JUNK: unknown[] = [
  '',
  'abc',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  "'; drop table users;--",
  ['a', 'b'],
  { x: 1 },
  '1.5',
  ' 12 ',
  null,
  true,
  '\u0000',
  'NaN',
  '<script>',
];

describe('bad input never answers 5xx', function () {
  // Refused registrations count toward the per-IP limit: give the next suites their tries back.
  after(() => sqlRows(`delete from rate_limits where key like 'register:%'`));
  this.timeout(120_000);

  it('GET routes with junk in ids and query strings', async () => {
    const a = await agent();
    const failures: string[] = [];
    for (const j of JUNK) {
      const v = typeof j === 'string' ? encodeURIComponent(j) : 'x';
      for (const path of [
        `/en-us/products/${v}`,
        `/en-us/products?q=${v}&page=${v}&category=${v}&sort=${v}`,
        `/en-us/search/typeahead?q=${v}`,
        `/api/channel/get/type/${v}/id/${v}`,
        `/api/generic-data/location/countries/${v}/regions`,
        `/en-us/orders/${v}`,
        `/admin/orders/detail/${v}`,
        `/en-us/password/reset?token=${v}`,
      ]) {
        const res = await a.get(path);
        if (res.status >= 500) failures.push(`${res.status} GET ${path}`);
      }
    }
    expect(failures).to.deep.equal([]);
  });

  it('POST routes with junk bodies, as JSON and as forms', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const failures: string[] = [];
    for (const j of JUNK) {
      const v = typeof j === 'string' ? encodeURIComponent(j) : 'x';
      const routes: [string, Record<string, unknown>][] = [
        [
          '/en-us/cart/add/inline',
          { product_id: j, quantity: j, options: j, option_qty: j, selections: j, currency: j },
        ],
        [`/en-us/cart/${v}`, { quantity: j, _method: 'put' }],
        [`/en-us/cart/${v}`, { _method: 'delete' }],
        ['/en-us/cart/viewdiscounts', { showDiscount: j }],
        [`/en-us/channel/${v}`, { country: j }],
        ['/en-us/channel/CA', { country: j }],
        ['/en-us/address/get-regions', { countryCode: j }],
        ['/en-us/shipping/estimate', { postal_code: j, country: j, residential: j, product_id: j, quantity: j }],
        ['/en-us/register', { email: j, password: j, firstName: j, lastName: j, accountType: j, organization: j }],
        ['/en-us/password/reset', { token: j, password: j }],
      ];
      for (const [path, body] of routes) {
        const json = await a.post(path).set('X-CSRF-Token', token).set('Accept', 'application/json').send(body);
        if (json.status >= 500) failures.push(`${json.status} POST json ${path} ${JSON.stringify(j)}`);
        const form = await a.post(path).set('X-CSRF-Token', token).type('form').send(body);
        if (form.status >= 500) failures.push(`${form.status} POST form ${path} ${JSON.stringify(j)}`);
      }
    }
    expect(failures).to.deep.equal([]);
  });
});

/**
 * The same junk from a SIGNED-IN user reaches validation (no guard answers for it): each answer
 * is a 4xx in the contract's shape, and never 401, 403 or 429, which would mean the junk was
 * stopped before the rules that must judge it.
 */
describe('bad input from a signed-in user reaches validation', function () {
  this.timeout(120_000);

  it('GET /orders/{id} and the cart routes answer 400/404 in the contract shape, never a guard', async () => {
    const a = await agent();
    await signIn(a, 'buyer@acme.example');
    const token = await csrf(a, '/en-us/products');
    const failures: string[] = [];
    // ' 12 ' is a good number once trimmed, so it is left out here.
    for (const j of JUNK.filter((x) => x !== '' && x !== null && x !== ' 12 ')) {
      const v = typeof j === 'string' ? encodeURIComponent(j) : 'x';
      const checks: [string, () => Promise<{ status: number; body: { error?: { fields?: unknown } } }>][] = [
        [`GET /en-us/orders/${v}`, () => a.get(`/en-us/orders/${v}`).set('Accept', 'application/json')],
        [
          'POST cart/add/inline',
          () =>
            a
              .post('/en-us/cart/add/inline')
              .set('X-CSRF-Token', token)
              .set('Accept', 'application/json')
              .send({ product_id: j, quantity: j }),
        ],
        [
          `PUT cart/${v}`,
          () =>
            a
              .put(`/en-us/cart/${v}`)
              .set('X-CSRF-Token', token)
              .set('Accept', 'application/json')
              .send({ quantity: j }),
        ],
        [
          'POST shipping/estimate',
          () =>
            a
              .post('/en-us/shipping/estimate')
              .set('X-CSRF-Token', token)
              .set('Accept', 'application/json')
              .send({ postal_code: j, country: j, product_id: j }),
        ],
        // Quotes: junk quote ids and messages.
        [`GET /en-us/account/quotes/${v}`, () => a.get(`/en-us/account/quotes/${v}`).set('Accept', 'application/json')],
        [
          `POST account/quotes/${v}/accept`,
          () =>
            a
              .post(`/en-us/account/quotes/${v}/accept`)
              .set('X-CSRF-Token', token)
              .set('Accept', 'application/json')
              .send({ message: j }),
        ],
        [
          `POST account/quotes/${v}/reject`,
          () =>
            a
              .post(`/en-us/account/quotes/${v}/reject`)
              .set('X-CSRF-Token', token)
              .set('Accept', 'application/json')
              .send({ message: j }),
        ],
      ];
      for (const [name, send] of checks) {
        const res = await send();
        const reached = [400, 404].includes(res.status) && typeof res.body.error?.fields === 'object';
        if (!reached) failures.push(`${res.status} ${name} ${JSON.stringify(j)} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).to.deep.equal([]);
  });
});
