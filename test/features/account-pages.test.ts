/** The customer's account pages: order history, order detail, addresses, the section links. */
import { expect } from 'chai';
import supertest from 'supertest';
import { signedIn } from '../helpers/signed-in.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

describe('account pages', function () {
  this.timeout(30_000);

  it("lists the user's own orders only, newest first, and opens their detail", async () => {
    const { a } = await signedIn('customer@example.com');
    const mine = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status <> 'cart' order by o.created_at desc, o.id desc limit 25`,
    );
    expect(mine.length).to.be.greaterThan(0);
    const res = await a.get('/en-us/account/orders');
    expect(res.status).to.equal(200);
    const listed = [...res.text.matchAll(/data-testid="order-link">(\d+)</g)].map((m) => Number(m[1]));
    expect(listed).to.deep.equal(mine.map((o) => o.id));
    expect((await a.get(`/en-us/orders/${mine[0].id}`)).status).to.equal(200);
    const [theirs] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'buyer@acme.example' and o.status <> 'cart' limit 1`,
    );
    expect((await a.get(`/en-us/orders/${theirs.id}`)).status, "another customer's order").to.equal(404);
    expect(listed).not.to.include(theirs.id);
  });

  it('refuses a bad page number with 400 and sends anonymous visitors to sign in', async () => {
    const { a } = await signedIn('customer@example.com');
    const bad = await a.get('/en-us/account/orders?page=abc').set('Accept', 'application/json');
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields).to.have.property('page');
    for (const path of ['/en-us/account/orders', '/en-us/account/addresses', '/en-us/account']) {
      const res = await supertest((await testServer()).url)
        .get(path)
        .redirects(0);
      expect(res.status, path).to.equal(302);
      expect(res.headers.location).to.match(/\/login$/);
    }
  });

  it('shows the saved addresses and links payment methods; organisation users only for its administrator', async () => {
    const { a } = await signedIn('customer@example.com');
    const page = await a.get('/en-us/account/addresses');
    expect(page.status).to.equal(200);
    // Other suites may add addresses to the shared demo customer: compare with the database.
    const [{ n }] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from addresses a join users u on u.id = a.user_id where u.email = 'customer@example.com'`,
    );
    expect(n).to.be.at.least(2);
    expect((page.text.match(/data-testid="saved-address"/g) ?? []).length).to.equal(n);
    expect(page.text).to.include('href="/en-us/account/payment"');
    expect(page.text).not.to.include('/account/organization/users');
    const buyer = await (await signedIn('buyer@acme.example')).a.get('/en-us/account');
    expect(buyer.text).to.include('href="/en-us/account/organization/users"');
  });
});
