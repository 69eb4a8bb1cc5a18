/** Writes naming a foreign Origin are refused before any route runs. */
import { expect } from 'chai';
import { agent, csrf } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

describe('foreign Origin', () => {
  const xhr = (token: string) => ({
    'X-CSRF-Token': token,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  });

  it('a write with a valid CSRF token but another site as Origin is 403 foreign_origin, and nothing is written', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const product = await productIdByStockcode('DEMO-SEED-PLATE');
    for (const origin of ['https://evil.example', 'not a url', 'http://localhost.evil.example']) {
      const res = await a
        .post('/en-us/cart/add/inline')
        .set(xhr(token))
        .set('Origin', origin)
        .send({ product_id: product, quantity: 1 });
      expect(res.status, origin).to.equal(403);
      expect(res.body.error.code).to.equal('foreign_origin');
    }
    // The browser's own word: a cross-site fetch is refused whatever Origin says.
    const cross = await a
      .post('/en-us/cart/add/inline')
      .set(xhr(token))
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ product_id: product, quantity: 1 });
    expect(cross.status).to.equal(403);
    // Nothing was added: the first accepted add starts the line at 1.
    const ok = await a.post('/en-us/cart/add/inline').set(xhr(token)).send({ product_id: product, quantity: 1 });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.line.quantity).to.equal(1);
  });

  it('the same origin, and no Origin at all (scripts), are judged by the usual rules', async () => {
    const app = await testServer();
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const product = await productIdByStockcode('DEMO-SEED-PLATE');
    const same = await a
      .post('/en-us/cart/add/inline')
      .set(xhr(token))
      .set('Origin', new URL(app.url).origin)
      .send({ product_id: product, quantity: 1 });
    expect(same.status, same.text).to.equal(200);
    const none = await a.post('/en-us/cart/add/inline').set(xhr(token)).send({ product_id: product, quantity: 1 });
    expect(none.status).to.equal(200);
    // Chromium's same-origin form post under Referrer-Policy: no-referrer says `Origin: null`.
    const nul = await a
      .post('/en-us/cart/add/inline')
      .set(xhr(token))
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ product_id: product, quantity: 1 });
    expect(nul.status).to.equal(200);
    // Reads are never refused for their Origin.
    expect((await a.get('/en-us/products').set('Origin', 'https://evil.example')).status).to.equal(200);
  });
});
