/**
 * No write on read, and CSRF exactly as strong: an anonymous visitor browses without a session
 * row being written, while every state-changing request still needs a valid token.
 */
import { expect } from 'chai';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

async function sessionRows(): Promise<number> {
  const app = await testServer();
  const { rows } = await app.database.pool.query('select count(*)::int as n from session');
  return rows[0].n;
}

describe('csrf: no session row for anonymous reading', () => {
  it("an anonymous visitor's 20 page views write no session row, and each page carries a CSRF token", async () => {
    const productId = await productIdByStockcode('DEMO-CONFIG');
    const pages = [
      '/en-us/',
      '/en-us/products',
      `/en-us/products/${productId}`,
      '/fr-ca/products?q=seed',
      '/en-us/cart',
      '/en-us/login',
      '/es-mx/register',
      '/en-us/channel/find',
      '/en-ca/',
      '/en-us/password/reset',
    ];
    const before = await sessionRows();
    const a = await agent();
    for (let i = 0; i < 20; i++) {
      const res = await a.get(pages[i % pages.length]);
      expect(res.status, pages[i % pages.length]).to.equal(200);
      expect(res.text).to.match(/<meta name="csrf-token" content="[^"]+">/);
      expect(res.headers['set-cookie'] ?? [], 'no session cookie handed out').not.to.satisfy((c: string[]) =>
        c.some((x) => x.startsWith('hd.sid=')),
      );
    }
    expect(await sessionRows()).to.equal(before);
  });

  it('the first add to cart creates the session (there is something to keep)', async () => {
    const before = await sessionRows();
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const pid = await productIdByStockcode('DEMO-FUTURE');
    const res = await a
      .post('/en-us/cart/add/inline')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ product_id: pid, quantity: 1 });
    expect(res.status).to.equal(200);
    expect(await sessionRows()).to.equal(before + 1);
  });
});

describe('csrf: refusals', () => {
  const form = { email: 'customer@example.com', password: 'demo-pass-2026' };

  it('refuses a state-changing request without a token, or with a forged one, for an anonymous visitor', async () => {
    const a = await agent();
    await a.get('/en-us/login');
    expect((await a.post('/en-us/login').type('form').send(form)).status).to.equal(403);
    expect(
      (
        await a
          .post('/en-us/login')
          .type('form')
          .send({ ...form, _csrf: 'forged-token' })
      ).status,
    ).to.equal(403);
    const forgedCookie = await agent();
    const res = await forgedCookie
      .post('/en-us/login')
      .set('Cookie', 'hd.csrf=attacker-secret')
      .type('form')
      .send({ ...form, _csrf: 'x' });
    expect(res.status).to.equal(403);
  });

  it("refuses another visitor's token (tokens are bound to the visitor's own signed secret)", async () => {
    const victim = await agent();
    const attacker = await agent();
    const attackersToken = await csrf(attacker);
    await victim.get('/en-us/login');
    expect(
      (
        await victim
          .post('/en-us/login')
          .type('form')
          .send({ ...form, _csrf: attackersToken })
      ).status,
    ).to.equal(403);
  });

  it('refuses a missing or forged token for a signed-in visitor, and a token from before sign-in', async () => {
    const a = await agent();
    const before = await csrf(a);
    await signIn(a, 'customer@example.com');
    const pid = await productIdByStockcode('DEMO-FUTURE');
    const post = (token?: string) => {
      const r = a.post('/en-us/cart/add/inline').set('X-Requested-With', 'XMLHttpRequest').type('form');
      if (token) r.set('X-CSRF-Token', token);
      return r.send({ product_id: pid, quantity: 1 });
    };
    expect((await post()).status).to.equal(403);
    expect((await post('forged')).status).to.equal(403);
    expect((await post(before)).status, 'the secret is rotated at sign-in').to.equal(403);
    expect((await post(await csrf(a, '/en-us/cart'))).status).to.equal(200);
  });
});
