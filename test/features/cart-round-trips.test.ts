/**
 * Cart writes in a few round trips, counted through the app's pool: a statement
 * sent while the connection still waits for an earlier one's answer travels in that round trip
 * (the pool pipelines: `begin` goes with the cart's locked read, the write with the `commit`), so it
 * is no extra trip. A whole request is counted: the session read, begin + locked read, the one
 * write with the commit. Every value is a parameter: none is written into a statement's text.
 */
import { expect } from 'chai';
import { agent, csrf } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { makeUser, signedInAs } from '../helpers/users.ts';

/** One request's answer (200 expected) and every query the app's pool sent while it ran. */
async function counted(send: () => Promise<{ status: number; text: string; body: Record<string, unknown> }>) {
  const app = await testServer();
  const sent: string[] = [];
  const trips: string[][] = [];
  const stop = app.database.observeQueries((text, joined) => {
    sent.push(text);
    if (joined && trips.length) trips[trips.length - 1].push(text);
    else trips.push([text]);
  });
  try {
    const res = await send();
    expect(res.status, res.text).to.equal(200);
    return { res, sent: trips.map((t) => t.join(';\n')) };
  } finally {
    stop();
  }
}

describe('cart writes: at most 3 database round trips a request', () => {
  it('add to cart (merging into a line, and as a new line with options), a quantity update and a removal', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    const config = await productIdByStockcode('DEMO-CONFIG');
    // The cart exists and the session remembers it before counting.
    for (let i = 0; i < 2; i++)
      expect(
        (await a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 1 }))
          .status,
      ).to.equal(200);

    const merged = await counted(() =>
      a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 2 }),
    );
    expect((merged.res.body.line as { quantity: number }).quantity).to.equal(4);
    expect(merged.sent.length, merged.sent.join('\n')).to.be.at.most(3);

    const added = await counted(() =>
      a.post('/en-us/cart/add/inline').set(headers).send({ product_id: config, quantity: 1, selections: [] }),
    );
    expect((added.res.body.line as { quantity: number }).quantity).to.equal(1);
    expect(added.sent.length, added.sent.join('\n')).to.be.at.most(3);

    const lineId = (merged.res.body.line as { order_line_item_id: number }).order_line_item_id;
    const updated = await counted(() => a.put(`/en-us/cart/${lineId}`).set(headers).type('form').send({ quantity: 7 }));
    expect(updated.res.body.quantity).to.equal(7);
    expect(updated.sent.length, updated.sent.join('\n')).to.be.at.most(3);
    // One write statement, and the transaction's begin and commit inside the count: begin travels
    // with the locked read, commit with the write.
    const opening = updated.sent.filter((q) => /(^|;)\s*begin\s*;/i.test(q));
    const closing = updated.sent.filter((q) => /(^|;)\s*commit\s*$/i.test(q));
    expect([opening.length, closing.length], 'begin and commit counted').to.deep.equal([1, 1]);
    expect(opening[0], 'the locked read with the begin').to.match(/for update/i);
    // The write travels with the commit, its values as parameters.
    expect(closing[0], 'the write with the commit').to.match(/^\s*(with|update)\b/i);
    expect(closing[0], 'no quantity written into the text').not.to.match(/(?<!\$)\b7\b/);
    expect(
      updated.sent.filter((q) => !opening.includes(q) && !closing.includes(q) && !/^\s*select sess from/i.test(q)),
      'other round trips',
    ).to.deep.equal([]);

    const removed = await counted(() => a.delete(`/en-us/cart/${lineId}`).set(headers));
    expect(removed.res.body.last_quantity).to.equal(7);
    expect(removed.sent.length, removed.sent.join('\n')).to.be.at.most(3);
  });

  it('a signed-in member: add to cart and a quantity update at most 3 round trips too (the approval lock is read with the cart)', async () => {
    const a = await signedInAs((await makeUser({ prefix: 'rt' })).email);
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    expect(
      (await a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 1 }))
        .status,
    ).to.equal(200);
    const added = await counted(() =>
      a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 2 }),
    );
    expect((added.res.body.line as { quantity: number }).quantity).to.equal(3);
    expect(added.sent.length, added.sent.join('\n')).to.be.at.most(3);
    const lineId = (added.res.body.line as { order_line_item_id: number }).order_line_item_id;
    const updated = await counted(() => a.put(`/en-us/cart/${lineId}`).set(headers).type('form').send({ quantity: 5 }));
    expect(updated.res.body.quantity).to.equal(5);
    expect(updated.sent.length, updated.sent.join('\n')).to.be.at.most(3);
  });

  it('concurrent adds to one cart lose nothing: the read after the lock sees the writes it waited for', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    expect(
      (await a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 1 }))
        .status,
    ).to.equal(200);
    const adds = await Promise.all(
      Array.from({ length: 6 }, () =>
        a.post('/en-us/cart/add/inline').set(headers).type('form').send({ product_id: plate, quantity: 1 }),
      ),
    );
    expect(adds.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
    const sync = await a.get('/en-us/cart/synchronize').set(headers);
    expect(sync.status).to.equal(200);
    expect(sync.body.count).to.equal(7);
    expect(
      sync.body.line_items
        .filter((l: { line_type: number }) => l.line_type === 0)
        .map((l: { quantity: number }) => l.quantity),
    ).to.deep.equal([7]);
  });
});
