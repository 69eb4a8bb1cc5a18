/**
 * Few round trips on the storefront's read path, counted through the app's pool: on a warm read
 * model an anonymous visitor's landing, catalog and product pages cost at most one database round
 * trip each, a signed-in visitor's at most two (the session and the cart count; three on the
 * catalog, whose cards say what fits the customer's machines); reading the
 * cart page writes nothing; add to cart and a quantity change cost at most three each.
 */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

/** Round trips the app made while answering one request (nothing else runs meanwhile: mocha is serial). */
async function tripsOf(a: Agent, path: string): Promise<number> {
  const app = await testServer();
  const before = app.database.roundTrips();
  const res = await a.get(path);
  expect(res.status, path).to.equal(200);
  return app.database.roundTrips() - before;
}

describe('round trips per page (warm read model)', () => {
  let pages: Record<string, string>;
  before(async () => {
    const id = await productIdByStockcode('DEMO-CONFIG');
    pages = {
      landing: '/en-us/',
      catalog: '/en-us/products',
      'catalog search': '/en-us/products?q=plate',
      product: `/en-us/products/${id}`,
    };
  });

  it('an anonymous visitor: at most 1 round trip per page', async () => {
    const a = await agent();
    for (const [name, path] of Object.entries(pages)) {
      await tripsOf(a, path); // warms the read model
      expect(await tripsOf(a, path), name).to.be.at.most(1);
    }
  });

  it('a signed-in visitor with a cart: at most 2 round trips per page (session and cart count), 3 on the catalog', async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    // The catalog's cards say which of the customer's machines each part fits: their machines and
    // the listed parts' fitment rows are one more statement (src/features/machines/part-fit.ts).
    const catalog = new Set(['catalog', 'catalog search']);
    for (const [name, path] of Object.entries(pages)) {
      await tripsOf(a, path);
      expect(await tripsOf(a, path), name).to.be.at.most(catalog.has(name) ? 3 : 2);
    }
  });

  it('reading the cart page writes nothing (no promotion recomputed on GET)', async () => {
    const app = await testServer();
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const pid = await productIdByStockcode('DEMO-SEED-PLATE');
    const add = await a
      .post('/en-us/cart/add/inline')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ product_id: pid, quantity: 3 });
    expect(add.status).to.equal(200);
    // The first view in a locale may remember it in the session (once); the views after it write nothing.
    expect((await a.get('/en-us/cart')).status).to.equal(200);
    const sent: string[] = [];
    const stop = app.database.observeQueries((text) => sent.push(text));
    try {
      expect((await a.get('/en-us/cart')).status).to.equal(200);
      expect((await a.get('/en-us/cart')).status).to.equal(200);
    } finally {
      stop();
    }
    expect(
      sent.filter((s) => /^\s*(insert|update|delete)\b/i.test(s)),
      'statements written by GET /cart',
    ).to.deep.equal([]);
  });

  it('add to cart and a cart quantity change: at most 3 round trips each, whatever the number of lines (the cart read once, changes written in one statement)', async () => {
    const app = await testServer();
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const counted = async <T>(send: () => Promise<T>) => {
      // One entry per round trip: statements that travelled in an earlier one's round trip (pipelined) join it.
      const sent: string[] = [];
      const stop = app.database.observeQueries((text, joined) =>
        joined && sent.length ? (sent[sent.length - 1] += `;\n${text}`) : sent.push(text),
      );
      try {
        return { res: await send(), sent };
      } finally {
        stop();
      }
    };
    let lineId = 0;
    for (const code of ['DEMO-SEED-PLATE', 'PP-SHL', 'TL-TQW', 'SP-CTN-36']) {
      const add = await a
        .post('/en-us/cart/add/inline')
        .set(headers)
        .type('form')
        .send({ product_id: await productIdByStockcode(code), quantity: 1 });
      expect(add.status, code).to.equal(200);
      lineId = add.body.line.order_line_item_id;
    }
    // A fifth add (to a cart of four lines, merging into one of them).
    const shl = await productIdByStockcode('PP-SHL');
    const add = await counted(async () =>
      a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: shl, quantity: 2 }),
    );
    expect(add.res.status, add.res.text).to.equal(200);
    expect(add.res.body.line.quantity).to.equal(3);
    expect(add.sent.length, add.sent.join('\n')).to.be.at.most(3);

    const update = await counted(() => a.put(`/en-us/cart/${lineId}`).set(headers).type('form').send({ quantity: 4 }));
    expect(update.res.status, update.res.text).to.equal(200);
    expect(update.res.body.quantity).to.equal(4);
    // The session, begin with the locked read, the one write with the commit.
    expect(update.sent.length, update.sent.join('\n')).to.be.at.most(3);
    expect(
      update.sent.filter((q) => /\bupdate\s+"?order_line_items/i.test(q)),
      'line updates',
    ).to.have.length.at.most(1);
  });
});
