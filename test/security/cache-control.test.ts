/**
 * No cache keeps an answer about a person: a signed-in page (it carries the bearer token), the
 * account page, the cart's JSON, an answer that starts a session and a bearer call all say
 * `Cache-Control: no-store` and carry no ETag; the anonymous storefront page, served from the page
 * cache, says `private, no-cache` (its CSRF token is the visitor's: no shared cache keeps it) with a
 * weak ETag once the visitor has their CSRF cookie, which answers 304 while the token still holds.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { apiToken } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { dbMode } from '../helpers/db.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

describe(`caching headers (${dbMode()})`, function () {
  this.timeout(120_000);
  let url: string;
  let productPath: string;
  before(async () => {
    url = (await testServer()).url;
    productPath = `/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`;
  });

  it('a signed-in product page (from the page cache, with the api-token) and the account page: no-store, no ETag', async () => {
    const { a } = await signedIn('customer@example.com');
    for (let i = 0; i < 2; i++) {
      const page = await a.get(productPath);
      expect(page.status).to.equal(200);
      expect(page.text).to.match(/<meta name="api-token" content="hdt_/);
      expect(page.headers['cache-control'], `product page, render ${i + 1}`).to.equal('no-store');
      expect(page.headers.etag).to.equal(undefined);
    }
    const account = await a.get('/en-us/account');
    expect(account.status).to.equal(200);
    expect(account.text).to.match(/<meta name="api-token" content="hdt_/);
    expect(account.headers['cache-control']).to.equal('no-store');
    expect(account.headers.etag).to.equal(undefined);
  });

  it("the person's JSON: their cart, the answer that starts a session, a bearer call", async () => {
    const { a } = await signedIn('customer@example.com');
    const cart = await a.get('/en-us/cart/synchronize').set(XHR);
    expect(cart.status).to.equal(200);
    expect(cart.headers['cache-control']).to.equal('no-store');
    expect(cart.headers.etag).to.equal(undefined);

    // A visitor without a session adds to the cart: the answer that makes their session is theirs.
    const shopper = supertest.agent(url);
    const home = await shopper.get('/en-us/');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
    const add = await shopper
      .post('/en-us/cart/add/inline')
      .set({ ...XHR, 'X-CSRF-Token': token })
      .type('form')
      .send({ product_id: String(await productIdByStockcode('PP-SHL')), quantity: '1' });
    expect(add.status).to.equal(200);
    expect(String(add.headers['set-cookie'])).to.include('hd.sid=');
    expect(add.headers['cache-control']).to.equal('no-store');
    const again = await shopper.get('/en-us/cart/synchronize').set(XHR);
    expect(again.body.count).to.equal(1);
    expect(again.headers['cache-control']).to.equal('no-store');

    const bearer = await apiToken(a);
    const [order] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' order by o.id limit 1`,
    );
    const sync = await supertest(url)
      .get(`/en-us/api/orders/${order.id}/synchronize`)
      .set('Authorization', `Bearer ${bearer}`);
    expect(sync.status).to.equal(200);
    expect(sync.headers['cache-control']).to.equal('no-store');
    expect(sync.headers.etag).to.equal(undefined);
  });

  it('an anonymous product page: private, no-cache, from the cache; an ETag naming its CSRF secret, 304 while it holds', async () => {
    const first = await supertest(url).get(productPath);
    expect(first.status).to.equal(200);
    expect(first.headers['cache-control']).to.equal('private, no-cache');
    expect(first.headers.etag, 'a first visit has no secret yet to name').to.equal(undefined);
    const csrf = /hd\.csrf=[^;]+/.exec(String(first.headers['set-cookie']))?.[0] ?? '';
    const tags: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await supertest(url).get(productPath).set('Cookie', csrf);
      expect(page.status).to.equal(200);
      expect(page.headers['x-page-cache']).to.equal('hit');
      expect(page.headers['cache-control']).to.equal('private, no-cache');
      expect(page.headers.etag).to.match(/^W\/"[\w-]+\.[\w-]+"$/);
      expect(page.text).not.to.include('name="api-token"');
      tags.push(page.headers.etag);
    }
    expect(tags[1]).to.equal(tags[0]);
    const again = await supertest(url).get(productPath).set({ Cookie: csrf, 'If-None-Match': tags[0] });
    expect(again.status).to.equal(304);
    expect(again.text ?? '').to.equal('');
    // Another visitor's secret: another tag, so a copy of this page (their token) is not theirs.
    const other =
      /hd\.csrf=[^;]+/.exec(String((await supertest(url).get(productPath)).headers['set-cookie']))?.[0] ?? '';
    const theirs = await supertest(url).get(productPath).set({ Cookie: other, 'If-None-Match': tags[0] });
    expect(theirs.status).to.equal(200);
    expect(theirs.headers.etag).not.to.equal(tags[0]);
  });
});
