/**
 * The checkout page and a signed-in product page in few database round trips: the
 * checkout page at most 4 (session, cart, and what the page shows of the person, their addresses
 * and the methods), a signed-in product page at most 2 (session and cart).
 */
import { expect } from 'chai';
import { csrf } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { makeUser, signedInAs } from '../helpers/users.ts';
import { addToCart } from './checkout-helpers.ts';

async function counted(path: string, a: Awaited<ReturnType<typeof signedInAs>>) {
  const app = await testServer();
  const sent: string[] = [];
  const stop = app.database.observeQueries((text, joined) => sent.push(`${joined ? '  + ' : ''}${text}`));
  try {
    const res = await a.get(path);
    expect(res.status, res.text).to.equal(200);
  } finally {
    stop();
  }
  return { trips: sent.filter((s) => !s.startsWith('  + ')).length, sent };
}

describe('round trips: checkout page and a signed-in product page', () => {
  it('the checkout page of a signed-in customer with a cart: at most 4 round trips', async () => {
    const a = await signedInAs((await makeUser({ prefix: 'co-rt' })).email);
    const token = await csrf(a, '/en-us/products');
    await addToCart(a, token, await productIdByStockcode('DEMO-SEED-PLATE'), 2);
    await a.get('/en-us/cart/checkout');
    const { trips, sent } = await counted('/en-us/cart/checkout', a);
    expect(trips, sent.join('\n----\n')).to.be.at.most(4);
  });

  it('a product page of a signed-in customer with a cart: at most 2 round trips', async () => {
    const a = await signedInAs((await makeUser({ prefix: 'pp-rt' })).email);
    const token = await csrf(a, '/en-us/products');
    const id = await productIdByStockcode('DEMO-SEED-PLATE');
    await addToCart(a, token, id, 1);
    await a.get(`/en-us/products/${id}`);
    const { trips, sent } = await counted(`/en-us/products/${id}`, a);
    expect(trips, sent.join('\n----\n')).to.be.at.most(2);
  });
});
