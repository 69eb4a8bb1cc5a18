/** Guards (src/http/guards.ts): who may open which page. */
import { expect } from 'chai';
import { agent, signIn } from '../helpers/http.ts';

describe('guards', () => {
  it('redirects an anonymous visitor of /admin/orders/detail/1 to sign-in', async () => {
    const res = await (await agent()).get('/admin/orders/detail/1');
    expect(res.status).to.equal(302);
    expect(res.headers.location).to.match(/\/login$/);
  });

  it('answers 401 JSON to an anonymous script', async () => {
    const res = await (await agent()).get('/admin/orders/detail/1').set('X-Requested-With', 'XMLHttpRequest');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthorized');
  });

  it('forbids /admin/orders/detail/1 and /account/dashboard to a customer (403)', async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    expect((await a.get('/admin/orders/detail/1')).status).to.equal(403);
    expect((await a.get('/account/dashboard')).status).to.equal(403);
  });

  it('shows the order to staff, and 404 for an order that does not exist', async () => {
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const res = await a.get('/admin/orders/detail/1');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="admin-order"');
    expect((await a.get('/admin/orders/detail/99999999')).status).to.equal(404);
    expect((await a.get('/admin/orders/detail/abc')).status).to.equal(400);
  });

  it("lets a customer see their own order but not someone else's", async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    expect((await a.get('/en-us/orders/1')).status).to.equal(200);
    const b = await agent();
    await signIn(b, 'buyer@acme.example');
    expect((await b.get('/en-us/orders/1')).status).to.equal(404);
  });
});
