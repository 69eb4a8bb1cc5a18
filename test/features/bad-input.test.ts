/**
 * Bad input never answers 5xx: every storefront and account route, fed junk ids,
 * numbers out of range, arrays, objects, NUL bytes and SQL-looking text, as JSON and
 * as forms, must answer below 500.
 */
import { expect } from 'chai';
import { agent, csrf } from '../helpers/http.ts';

const JUNK: unknown[] = ['', 'abc', '-1', '0', '1e309', '99999999999999999999', "'; drop table users;--", ['a', 'b'], { x: 1 }, '1.5', ' 12 ', null, true, '\u0000', 'NaN', '<script>'];

describe('bad input never answers 5xx', function () {
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
        ['/en-us/cart/add/inline', { product_id: j, quantity: j, options: j, option_qty: j, selections: j, currency: j }],
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
