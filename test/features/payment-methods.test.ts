/**
 * Saved payment methods through HTTP: list, add a card from the provider's token (the
 * number never reaches our tables), default, remove, audit, paying with a saved card, and a
 * customer refused everything on another customer's methods.
 */
import { expect } from 'chai';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { apiToken } from '../helpers/http.ts';
import { chooseShipping, newCustomer, place, tokenize, xhr } from './checkout-helpers.ts';

type Method = {
  id: number;
  kind: string;
  brand: string;
  last4: string;
  is_default: boolean;
  usable: boolean;
  exp: string | null;
};

async function buyer() {
  const b = await newCustomer(await productIdByStockcode('DEMO-KIT'));
  const [u] = await sqlRows<{ id: number }>('select id from users where email = $1', [b.email]);
  return { ...b, userId: u.id };
}

async function saveCard(
  b: { a: Awaited<ReturnType<typeof buyer>>['a']; token: string },
  number: string = TEST_CARDS.approved,
): Promise<Method> {
  const token = await tokenize(b.a, b.token, number);
  const res = await b.a.post('/en-us/account/payment/cards').set(xhr(b.token)).send({ token });
  expect(res.status, res.text).to.equal(201);
  return res.body.method;
}

const listOf = async (b: { a: Awaited<ReturnType<typeof buyer>>['a']; token: string }) =>
  (await b.a.get('/en-us/account/payment/methods').set(xhr(b.token))).body.methods as Method[];

describe('saved payment methods', function () {
  this.timeout(120_000);

  it('the demo customer has a saved test card, shown on the account payment page', async () => {
    const c = await signedIn('customer@example.com');
    const methods = await listOf(c);
    expect(methods.find((m) => m.kind === 'card' && m.last4 === '4242' && m.is_default)).to.include({
      brand: 'visa',
      usable: true,
    });
    const page = await c.a.get('/en-us/account/payment');
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-island="payment-methods"');
    expect(page.text).not.to.include('pm_card_visa');
  });

  it('adds cards from provider tokens (first one default), makes another default, removes with the default passed on; each audited; no number stored', async () => {
    const b = await buyer();
    const visa = await saveCard(b);
    expect(visa).to.include({ kind: 'card', brand: 'visa', last4: '4242', is_default: true, exp: '12/2040' });
    const mc = await saveCard(b, TEST_CARDS.approvedMastercard);
    expect(mc).to.include({ brand: 'mastercard', last4: '4444', is_default: false });
    const def = await b.a.post(`/en-us/account/payment/methods/${mc.id}/default`).set(xhr(b.token)).send({});
    expect(def.status, def.text).to.equal(200);
    let list = await listOf(b);
    expect(list.filter((m) => m.is_default).map((m) => m.id)).to.deep.equal([mc.id]);
    expect(list[0].id).to.equal(mc.id);
    const del = await b.a.delete(`/en-us/account/payment/methods/${mc.id}`).set(xhr(b.token));
    expect(del.status, del.text).to.equal(200);
    list = await listOf(b);
    expect(list.map((m) => m.id)).to.deep.equal([visa.id]);
    expect(list[0].is_default).to.equal(true);
    const actions = await sqlRows<{ action: string }>(
      `select action from logs where entity = 'payment_method' and entity_id = any($1) order by id`,
      [[visa.id, mc.id]],
    );
    expect(actions.map((r) => r.action)).to.deep.equal([
      'payment_method.add',
      'payment_method.add',
      'payment_method.default',
      'payment_method.remove',
    ]);
    const dump = await sqlRows<{ t: string }>(
      `select (select coalesce(json_agg(m), '[]')::text from payment_methods m) || (select coalesce(json_agg(l), '[]')::text from logs l where action like 'payment_method.%') as t`,
    );
    expect(dump[0].t).not.to.include(TEST_CARDS.approved);
    expect(dump[0].t).not.to.include(TEST_CARDS.approvedMastercard);
  });

  it('pays an order with a saved card (the saved reference is charged; a declined saved card is a 402 and nothing is written)', async () => {
    const b = await buyer();
    const declined = await saveCard(b, TEST_CARDS.declined);
    const { totals } = await chooseShipping(b.a, b.token, b.orderId, b.shipTo);
    const no = await place(b.a, b.token, `saved-decl-${b.orderId}`, {
      order_id: b.orderId,
      payment_type: 1,
      saved_method_id: declined.id,
      expected_total: totals.total,
    });
    expect(no.status, no.text).to.equal(402);
    expect((await sqlRows('select id from payments where order_id = $1', [b.orderId])).length).to.equal(0);
    const visa = await saveCard(b);
    const saved = await b.a.get('/en-us/order/saved-methods').set(xhr(b.token));
    expect(saved.status).to.equal(200);
    expect(saved.body.methods.map((m: Method) => m.id)).to.include.members([visa.id, declined.id]);
    // a card id with payment type 3 (bank) is refused
    const mismatch = await place(b.a, b.token, `saved-mis-${b.orderId}`, {
      order_id: b.orderId,
      payment_type: 3,
      saved_method_id: visa.id,
      expected_total: totals.total,
    });
    expect(mismatch.status).to.equal(400);
    const ok = await place(b.a, b.token, `saved-ok-${b.orderId}`, {
      order_id: b.orderId,
      payment_type: 1,
      saved_method_id: visa.id,
      expected_total: totals.total,
    });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body.status).to.equal('processing');
    const [pay] = await sqlRows<{ payment_method_id: string; successful: boolean; total: string }>(
      'select payment_method_id, successful, total from payments where order_id = $1',
      [b.orderId],
    );
    expect(pay.successful).to.equal(true);
    expect(pay.total).to.equal(totals.total);
    expect(pay.payment_method_id).to.match(/^pm_offline_ok_visa_4242_/);
  });

  it("a customer cannot see or use another customer's methods: list, page, default, delete, pay are 404; unknown ids too", async () => {
    const demo = await signedIn('customer@example.com');
    const [demoUser] = await sqlRows<{ id: number }>(`select id from users where email = 'customer@example.com'`);
    const demoCard = (await listOf(demo)).find((m) => m.kind === 'card')!;
    const other = await buyer();
    const h = xhr(other.token);
    expect((await other.a.get(`/en-us/account/payment/methods?user_id=${demoUser.id}`).set(h)).status).to.equal(404);
    expect((await other.a.get(`/en-us/account/payment?user_id=${demoUser.id}`)).status).to.equal(404);
    expect(
      (await other.a.post(`/en-us/account/payment/methods/${demoCard.id}/default`).set(h).send({})).status,
    ).to.equal(404);
    expect((await other.a.delete(`/en-us/account/payment/methods/${demoCard.id}`).set(h)).status).to.equal(404);
    expect(
      (await other.a.post(`/en-us/account/payment/cards`).set(h).send({ user_id: demoUser.id, token: 'tok_x' })).status,
    ).to.equal(404);
    const { totals } = await chooseShipping(other.a, other.token, other.orderId, other.shipTo);
    const pay = await place(other.a, other.token, `foreign-card-${other.orderId}`, {
      order_id: other.orderId,
      payment_type: 1,
      saved_method_id: demoCard.id,
      expected_total: totals.total,
    });
    expect(pay.status, pay.text).to.equal(404);
    expect(pay.body.error).to.have.keys('code', 'message', 'fields');
    expect((await other.a.post(`/en-us/account/payment/methods/2147483600/default`).set(h).send({})).status).to.equal(
      404,
    );
    // still there, still the demo customer's default
    expect((await listOf(demo)).find((m) => m.id === demoCard.id)?.is_default).to.equal(true);
  });

  it("staff open a customer's payment methods and save a card for them; anonymous visitors are sent to sign in or get 401", async () => {
    const b = await buyer();
    const staff = await signedIn('staff@example.com');
    const page = await staff.a.get(`/en-us/account/payment?user_id=${b.userId}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Payment methods of Pat Lee');
    const token = await tokenize(staff.a, staff.token, TEST_CARDS.approved);
    const add = await staff.a
      .post('/en-us/account/payment/cards')
      .set(xhr(staff.token))
      .send({ user_id: b.userId, token });
    expect(add.status, add.text).to.equal(201);
    expect((await listOf(b)).map((m) => m.id)).to.include(add.body.method.id);
    const [log] = await sqlRows<{ user_id: number }>(
      `select user_id from logs where action = 'payment_method.add' and entity_id = $1`,
      [add.body.method.id],
    );
    const [staffUser] = await sqlRows<{ id: number }>(`select id from users where email = 'staff@example.com'`);
    expect(log.user_id).to.equal(staffUser.id);
    const anon = await (await import('../helpers/http.ts')).agent();
    expect(
      (
        await anon
          .get('/en-us/account/payment/methods')
          .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
      ).status,
    ).to.equal(401);
    expect((await anon.get('/en-us/account/payment')).status).to.equal(302); // sent to sign in, like every page
  });

  it("customers.view without customers.edit may look at a customer's methods but not change them (403)", async () => {
    const owner = await buyer();
    const card = await saveCard(owner);
    const viewer = await buyer();
    await sqlRows(
      `insert into user_permissions (user_id, permission_key, granted) values ($1, 'customers.view', true)`,
      [viewer.userId],
    );
    const h = xhr(viewer.token);
    let list = await viewer.a.get(`/en-us/account/payment/methods?user_id=${owner.userId}`).set(h);
    for (let i = 0; i < 20 && list.status === 404; i++) {
      // the permission cache empties on the commit's NOTIFY
      await new Promise((r) => setTimeout(r, 100));
      list = await viewer.a.get(`/en-us/account/payment/methods?user_id=${owner.userId}`).set(h);
    }
    expect(list.status).to.equal(200);
    expect(list.body.methods.map((m: Method) => m.id)).to.deep.equal([card.id]);
    expect((await viewer.a.post(`/en-us/account/payment/methods/${card.id}/default`).set(h).send({})).status).to.equal(
      403,
    );
    expect((await viewer.a.delete(`/en-us/account/payment/methods/${card.id}`).set(h)).status).to.equal(403);
    expect((await viewer.a.get(`/api/plaid/link-token?user_id=${owner.userId}`).set(h)).status).to.equal(403);
    expect((await listOf(owner)).map((m) => m.id)).to.deep.equal([card.id]);
  });

  it('bad input answers 4xx in the contract shape and CSRF is required', async () => {
    const b = await buyer();
    const h = xhr(b.token);
    for (const body of [
      {},
      { token: '' },
      { token: 'x'.repeat(300) },
      { token: 'tok_unknown' },
      { token: 'tok', user_id: 'abc' },
    ]) {
      const r = await b.a.post('/en-us/account/payment/cards').set(h).send(body);
      expect(r.status, JSON.stringify(body)).to.be.within(400, 499);
      expect(r.body.error).to.have.keys('code', 'message', 'fields');
    }
    expect((await b.a.post('/en-us/account/payment/methods/0/default').set(h).send({})).status).to.equal(400);
    expect((await b.a.delete('/en-us/account/payment/methods/1e99').set(h)).status).to.equal(400);
    const card = await saveCard(b);
    const noCsrf = await b.a
      .post(`/en-us/account/payment/methods/${card.id}/default`)
      .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
      .send({});
    expect(noCsrf.status).to.equal(403);
    const noCsrfDel = await b.a.delete(`/en-us/account/payment/methods/${card.id}`).set({ Accept: 'application/json' });
    expect(noCsrfDel.status).to.equal(403);
    expect((await listOf(b)).map((m) => m.id)).to.include(card.id);
    // a bearer token (the page's api-token) needs no CSRF token; a bad one is 401, never the cookie
    const bearer = await apiToken(b.a);
    const viaBearer = await b.a
      .post(`/en-us/account/payment/methods/${card.id}/default`)
      .set({ Authorization: `Bearer ${bearer}`, Accept: 'application/json' })
      .send({});
    expect(viaBearer.status, viaBearer.text).to.equal(200);
    expect(
      (
        await b.a
          .get('/en-us/account/payment/methods')
          .set({ Authorization: 'Bearer nope', Accept: 'application/json' })
      ).status,
    ).to.equal(401);
  });
});
