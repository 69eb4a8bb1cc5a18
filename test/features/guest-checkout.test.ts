/**
 * Guest checkout over HTTP: a visitor buys without a password; a guest record (no password,
 * is_guest) carries the order; the confirmation is only in the session that placed it; the mailed
 * single-use link makes the account; an email that has an account is never merged or revealed.
 */
import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { csrf, signIn, agent, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { makeUser } from '../helpers/users.ts';
import { addToCart, chooseShipping, place, tokenize, xhr } from './checkout-helpers.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

async function mailsTo(email: string): Promise<string[]> {
  const mailer = (await testServer()).services.mailer as unknown as { list(): Promise<{ content: string }[]> };
  return (await mailer.list())
    .map((m) => m.content.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((c) => c.includes(email));
}

const address = {
  'shipping-firstName': 'Gale',
  'shipping-lastName': 'Guest',
  'shipping-address1': '40 Elm Street',
  'shipping-city': 'Ames',
  'shipping-country': 'US',
  'shipping-region': 'IA',
  'shipping-postalcode': '50010',
};

let n = 0;
/** A visitor adds to the cart and gives customer info as a guest; returns the answer (not checked). */
async function guestInfo(productId: number, extra: Record<string, unknown> = {}) {
  const a = supertest.agent((await testServer()).url);
  const token = await csrf(a, '/en-us/products');
  await addToCart(a, token, productId, 1);
  const email = `guest${process.pid}-${Date.now()}-${n++}@example.test`;
  const res = await a
    .post('/en-us/order/customer-info')
    .set(xhr(token))
    .type('form')
    .send({
      guest: 'true',
      email,
      accountType: 'personal',
      subscribe: '0',
      'tax-exempt': 'false',
      ...address,
      ...extra,
    });
  return { a, res, email: String(extra.email ?? email), token };
}

/** A guest who gave customer info and chose shipping: ready to pay. */
async function readyGuest(productId: number, extra: Record<string, unknown> = {}) {
  const g = await guestInfo(productId, extra);
  expect(g.res.status, g.res.text).to.equal(200);
  const token = g.res.body.csrf_token as string;
  const orderId = g.res.body.order_id as number;
  const { totals } = await chooseShipping(g.a, token, orderId, g.res.body.ship_to);
  return { a: g.a, token, orderId, email: g.email, totals, userId: g.res.body.user_id as number };
}

async function payByCard(g: { a: Agent; token: string; orderId: number; totals: { total: string } }) {
  const card = await tokenize(g.a, g.token, '4242424242424242');
  const res = await place(g.a, g.token, randomUUID(), {
    order_id: g.orderId,
    payment_type: 1,
    token: card,
    expected_total: g.totals.total,
  });
  expect(res.status, res.text).to.equal(201);
  return res;
}

describe('guest checkout', function () {
  this.timeout(120_000);
  let product: number;
  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
  });

  it('buys without a password: a guest record, the order priced on the server, the confirmation in this session only', async () => {
    const g = await readyGuest(product);
    const [u] = await sql<{ is_guest: boolean; password_hash: string | null; email: string }>(
      'select is_guest, password_hash, email from users where id = $1',
      [g.userId],
    );
    expect(u).to.deep.equal({ is_guest: true, password_hash: null, email: g.email });
    // The total is the server's: another expected total is refused as for any buyer.
    const card = await tokenize(g.a, g.token, '4242424242424242');
    const wrong = await place(g.a, g.token, randomUUID(), {
      order_id: g.orderId,
      payment_type: 1,
      token: card,
      expected_total: '0.01',
    });
    expect(wrong.status, wrong.text).to.equal(409);
    const res = await payByCard(g);
    expect(res.body.redirect).to.equal(`/en-us/guest/orders/${g.orderId}`);
    const [order] = await sql<{ status: string; user_id: number; total: string }>(
      'select status, user_id, total from orders where id = $1',
      [g.orderId],
    );
    expect(order.user_id).to.equal(g.userId);
    expect(order.total).to.equal(g.totals.total);

    const page = await g.a.get(res.body.redirect);
    expect(page.status).to.equal(200);
    expect(page.text)
      .to.include('data-testid="order-placed"')
      .and.include(`Order #${g.orderId}`)
      .and.include('data-testid="guest-account"');
    // The guest is signed out once the order is placed: no account pages, no order page for members.
    expect((await g.a.get('/en-us/account')).status).to.equal(302);
    expect((await g.a.get(`/en-us/orders/${g.orderId}`)).status).to.equal(302);
    // Another session (anonymous, or a signed-in customer) gets 404.
    expect((await (await agent()).get(res.body.redirect)).status).to.equal(404);
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get(res.body.redirect)).status).to.equal(404);
    // A guest record never signs in, whatever the password.
    const other = await agent();
    const t = await csrf(other);
    const login = await other
      .post('/en-us/login')
      .type('form')
      .send({ _csrf: t, email: g.email, password: '' + 'x'.repeat(12) });
    expect(login.status).to.equal(400);
  });

  it('the mailed link (single use, stored as its sha256) makes the account, which signs in and sees the order', async () => {
    const g = await readyGuest(product);
    await payByCard(g);
    const [mail] = await mailsTo(g.email);
    expect(mail, 'confirmation mail').to.be.a('string');
    expect(mail).to.include(`Order #${g.orderId}`).and.include('Create an account');
    const link = /(http:\/\/\S+\/en-us\/guest\/account\?token=[\w%-]+)/.exec(mail)?.[1];
    expect(link, mail).to.be.a('string');
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    const [stored] = await sql<{ token_hash: string; expires_at: Date }>(
      'select token_hash, expires_at from guest_account_tokens where user_id = $1',
      [g.userId],
    );
    expect(stored.token_hash).to.equal(createHash('sha256').update(token).digest('hex'));
    expect(stored.expires_at.getTime() - Date.now()).to.be.within(6.9 * 86_400_000, 7 * 86_400_000);

    const b = await agent();
    const form = await b.get(`/en-us/guest/account?token=${encodeURIComponent(token)}`);
    expect(form.status).to.equal(200);
    expect(form.text).to.include(g.email).and.include('data-testid="guest-account-form"');
    const t = /<meta name="csrf-token" content="([^"]+)"/.exec(form.text)![1];
    // No CSRF token: refused.
    expect(
      (await b.post('/en-us/guest/account').type('form').send({ token, password: 'guest-pass-2026' })).status,
    ).to.equal(403);
    const short = await b.post('/en-us/guest/account').type('form').send({ _csrf: t, token, password: 'short' });
    expect(short.status).to.equal(400);
    expect(short.text).to.include('at least 10 characters');
    const done = await b
      .post('/en-us/guest/account')
      .type('form')
      .send({ _csrf: t, token, password: 'guest-pass-2026' });
    expect(done.status, done.text).to.equal(303);
    expect(done.headers.location).to.equal('/en-us/account');
    expect((await b.get(`/en-us/orders/${g.orderId}`)).status).to.equal(200);
    const [u] = await sql<{ is_guest: boolean }>('select is_guest from users where id = $1', [g.userId]);
    expect(u.is_guest).to.equal(false);

    // The link works once.
    const again = await agent();
    expect((await again.get(`/en-us/guest/account?token=${encodeURIComponent(token)}`)).status).to.equal(400);
    // The account signs in with its new password and sees the order.
    const c = await agent();
    await signIn(c, g.email, 'guest-pass-2026');
    const orders = await c.get('/en-us/account/orders');
    expect(orders.text).to.include(`/en-us/orders/${g.orderId}`);
  });

  it('an expired link is refused', async () => {
    const g = await readyGuest(product);
    await payByCard(g);
    const [mail] = await mailsTo(g.email);
    const token = decodeURIComponent(
      new URL(/(http:\/\/\S+\/guest\/account\?token=[\w%-]+)/.exec(mail)![1]).searchParams.get('token')!,
    );
    await sql(`update guest_account_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [
      g.userId,
    ]);
    const b = await agent();
    const form = await b.get(`/en-us/guest/account?token=${encodeURIComponent(token)}`);
    expect(form.status).to.equal(400);
    const t = /<meta name="csrf-token" content="([^"]+)"/.exec(form.text)![1];
    const post = await b
      .post('/en-us/guest/account')
      .type('form')
      .send({ _csrf: t, token, password: 'guest-pass-2026' });
    expect(post.status).to.equal(400);
    const [u] = await sql<{ is_guest: boolean }>('select is_guest from users where id = $1', [g.userId]);
    expect(u.is_guest).to.equal(true);
  });

  it('an email that has an account: the order is placed as a guest, never merged, and the page says no more than for anyone', async () => {
    // An account of this test's own (a demo account's email would then name two people for every later suite).
    const { email } = await makeUser({ prefix: 'owner' });
    const [before] = await sql<{ n: number }>(
      `select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = $1 and not u.is_guest`,
      [email],
    );
    const g = await readyGuest(product, { email });
    const res = await payByCard(g);
    const [owner] = await sql<{ is_guest: boolean; email: string }>(
      'select u.is_guest, u.email from orders o join users u on u.id = o.user_id where o.id = $1',
      [g.orderId],
    );
    expect(owner).to.deep.equal({ is_guest: true, email });
    const [after] = await sql<{ n: number }>(
      `select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = $1 and not u.is_guest`,
      [email],
    );
    expect(after.n).to.equal(before.n);
    expect((await sql('select 1 from guest_account_tokens where user_id = $1', [g.userId])).length).to.equal(0);
    // The page reads as a new email's: the same section, the same sentences.
    const page = await g.a.get(res.body.redirect);
    expect(page.status).to.equal(200);
    const section = (html: string) =>
      /<section[^>]*data-testid="guest-account"[\s\S]*?<\/section>/
        .exec(html)![0]
        .replace(/[\w.+-]+@[\w.-]+/g, 'EMAIL');
    const fresh = await readyGuest(product);
    const freshRes = await payByCard(fresh);
    expect(section(page.text)).to.equal(section((await fresh.a.get(freshRes.body.redirect)).text));
    // The mail (to the owner of the email) says to sign in instead of offering a link.
    const mail = (await mailsTo(email)).find((m) => m.includes(`Order #${g.orderId}`));
    expect(mail)
      .to.include('An account with this email already exists')
      .and.include('/en-us/login')
      .and.not.include('guest/account?token');
    // The account still signs in with its own password.
    await signIn(await agent(), email);
  });

  it('a guest gets no tax exemption, organisation, EPP, saved method, bank or terms: 400 naming the field', async () => {
    const tax = await guestInfo(product, {
      'tax-exempt': 'true',
      'biz-type': 'agricultural_producer',
      signature: 'Gale Guest',
      title: 'Owner',
    });
    expect(tax.res.status, tax.res.text).to.equal(400);
    expect(tax.res.body.error.fields).to.have.property('tax-exempt');
    const org = await guestInfo(product, { accountType: 'organization', 'org-name': 'Guest Farms' });
    expect(org.res.status, org.res.text).to.equal(400);
    expect(org.res.body.error.fields).to.have.property('accountType');
    // Nothing was written for the refused visitors.
    expect((await sql('select 1 from users where email in ($1, $2)', [tax.email, org.email])).length).to.equal(0);

    const g = await readyGuest(product);
    const card = await tokenize(g.a, g.token, '4242424242424242');
    const tries: [Record<string, unknown>, string][] = [
      [{ payment_type: 1, token: card, epp: '1', epp_percent_down: '20', epp_months: '12' }, 'epp'],
      [{ payment_type: 1, saved_method_id: 1 }, 'saved_method_id'],
      [{ payment_type: 3, saved_method_id: 1 }, 'saved_method_id'],
      [{ payment_type: 4 }, 'payment_type'],
    ];
    for (const [body, field] of tries) {
      const res = await place(g.a, g.token, randomUUID(), {
        order_id: g.orderId,
        expected_total: g.totals.total,
        ...body,
      });
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).to.equal(400);
      expect(res.body.error.fields, JSON.stringify(body)).to.have.property(field);
    }
    // Customer info again in the guest's session may not switch tax exemption on either.
    const again = await g.a.post('/en-us/order/customer-info').set(xhr(g.token)).type('form').send({
      returning: 'true',
      shippingAddressId: '',
      'tax-exempt': 'true',
      'biz-type': 'agricultural_producer',
      signature: 'Gale Guest',
      title: 'Owner',
    });
    expect(again.status).to.equal(400);
    // A check is allowed.
    const check = await place(g.a, g.token, randomUUID(), {
      order_id: g.orderId,
      payment_type: 2,
      check_number: '2201',
      expected_total: g.totals.total,
    });
    expect(check.status, check.text).to.equal(201);
  });

  it('staff find the guest order by its email, marked "Guest", and the reports count it', async () => {
    const g = await readyGuest(product);
    await payByCard(g);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const list = await staff.get(`/en-us/account/dashboard/orders?customer=${encodeURIComponent(g.email)}`);
    expect(list.status).to.equal(200);
    const row =
      list.text
        .split('<tr')
        .filter((r) => r.includes(g.email))
        .pop() ?? '';
    expect(row, 'the order in the list')
      .to.include(String(g.orderId))
      .and.include('data-testid="order-guest"')
      .and.include('Guest');
    // A member's order is not marked.
    const member = await staff.get('/en-us/account/dashboard/orders?customer=ethan.miller%40example.net');
    expect(
      member.text.split('<tr').filter((r) => r.includes('ethan.miller@example.net')).length,
      "a member's orders listed",
    ).to.be.greaterThan(1);
    expect(member.text).to.not.include('data-testid="order-guest"');
    const detail = await staff.get(`/admin/orders/detail/${g.orderId}`);
    expect(detail.status).to.equal(200);
    expect(detail.text).to.include(g.email).and.include('data-testid="order-guest"');
    const [fact] = await sql<{ total: string }>('select total::text from report_order_facts_now where order_id = $1', [
      g.orderId,
    ]);
    expect(fact.total).to.equal(g.totals.total);
  });

  it('customer info as a guest needs the CSRF token, and the choice is on the anonymous checkout page', async () => {
    const a = supertest.agent((await testServer()).url);
    const token = await csrf(a, '/en-us/products');
    await addToCart(a, token, product, 1);
    const page = await a.get('/en-us/cart/checkout');
    expect(page.text).to.include('data-testid="checkout-guest"').and.include('/en-us/cart/checkout?guest=1');
    const guestPage = await a.get('/en-us/cart/checkout?guest=1');
    expect(guestPage.text).to.include('"guest":true');
    const res = await a
      .post('/en-us/order/customer-info')
      .set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .type('form')
      .send({
        guest: 'true',
        email: 'nocsrf@example.test',
        accountType: 'personal',
        'tax-exempt': 'false',
        ...address,
      });
    expect(res.status).to.equal(403);
  });
});
