/**
 * Bank accounts verified by micro-deposits through HTTP: link token, the sandbox's
 * hosted form, exchange, three wrong tries lock, only a verified account pays, object-level rules.
 */
import { expect } from 'chai';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';
import type { Agent } from '../helpers/http.ts';

const ACCOUNT = '000123456789';
const ROUTING = '110000000';

type Buyer = Awaited<ReturnType<typeof newCustomer>> & { userId: number };

async function buyer(): Promise<Buyer> {
  const b = await newCustomer(await productIdByStockcode('DEMO-KIT'));
  const [u] = await sqlRows<{ id: number }>('select id from users where email = $1', [b.email]);
  return { ...b, userId: u.id };
}

/** Link token → the sandbox's hosted form → our exchange. Returns the new method. */
async function addBank(b: { a: Agent; token: string; userId: number }, account = ACCOUNT) {
  const lt = await b.a.get(`/api/plaid/link-token?user_id=${b.userId}`).set(xhr(b.token));
  expect(lt.status, lt.text).to.equal(200);
  expect(lt.body.link_token).to.be.a('string');
  const form = await b.a.post('/bank-link/accounts').set(xhr(b.token)).send({
    link_token: lt.body.link_token,
    routing_number: ROUTING,
    account_number: account,
    account_holder: 'Pat Lee',
    account_type: 'checking',
  });
  expect(form.status, form.text).to.equal(201);
  expect(form.body.account.mask).to.equal(account.slice(-4));
  const res = await b.a
    .post('/en-us/account/payment/bank-accounts')
    .set(xhr(b.token))
    .send({ public_token: form.body.public_token });
  expect(res.status, res.text).to.equal(201);
  return {
    method: res.body.method as { id: number; status: string; last4: string; attempts_left: number },
    publicToken: form.body.public_token as string,
  };
}

async function depositsOf(methodId: number): Promise<[string, string]> {
  const [r] = await sqlRows<{ d1: number; d2: number }>(
    'select s.deposit1_cents d1, s.deposit2_cents d2 from payment_methods m join bank_sandbox_accounts s on s.ref = m.provider_ref where m.id = $1',
    [methodId],
  );
  return [(r.d1 / 100).toFixed(2), (r.d2 / 100).toFixed(2)];
}

const wrong = (d: [string, string]): [string, string] => [
  d[0] === '0.99' ? '0.98' : (Number(d[0]) + 0.01).toFixed(2),
  d[1],
];

describe('bank accounts', function () {
  this.timeout(120_000);

  it('adds an account through the bank link: two deposits under $1.00, only the last four stored, never the number', async () => {
    const b = await buyer();
    const { method } = await addBank(b);
    expect(method).to.include({ status: 'pending', last4: '6789', attempts_left: 3 });
    const [d1, d2] = (await depositsOf(method.id)).map(Number);
    for (const d of [d1, d2]) expect(d).to.be.within(0.01, 0.99);
    const dump = await sqlRows<{ t: string }>(
      `select (select coalesce(json_agg(m), '[]')::text from payment_methods m) || (select coalesce(json_agg(s), '[]')::text from bank_sandbox_accounts s) || (select coalesce(json_agg(l), '[]')::text from logs l where action like 'payment_method.%') as t`,
    );
    expect(dump[0].t).not.to.include(ACCOUNT);
    const list = await b.a.get('/en-us/account/payment/methods').set(xhr(b.token));
    expect(JSON.stringify(list.body)).not.to.include('acct_offline_');
    const st = await b.a.get('/bank-link/statement').set(xhr(b.token));
    expect(st.status).to.equal(200);
    expect(st.body.accounts[0].deposits).to.have.members(await depositsOf(method.id));
  });

  it('three wrong micro-deposit tries lock the account, with a clear message; the right amounts then no longer help', async () => {
    const b = await buyer();
    const { method } = await addBank(b);
    const d = await depositsOf(method.id);
    const url = `/en-us/account/payment/methods/${method.id}/verify`;
    for (const left of [2, 1]) {
      const r = await b.a
        .post(url)
        .set(xhr(b.token))
        .send({ amount_1: wrong(d)[0], amount_2: wrong(d)[1] });
      expect(r.status, r.text).to.equal(400);
      expect(r.body.error.code).to.equal('wrong_amounts');
      expect(r.body.error.message).to.include(`${left} ${left === 1 ? 'try' : 'tries'} left`);
      expect(r.body.error.fields).to.have.keys('amount_1', 'amount_2');
    }
    const third = await b.a
      .post(url)
      .set(xhr(b.token))
      .send({ amount_1: wrong(d)[0], amount_2: wrong(d)[1] });
    expect(third.status, third.text).to.equal(409);
    expect(third.body.error.code).to.equal('locked');
    expect(third.body.error.message).to.match(/locked after 3 wrong tries/);
    const right = await b.a.post(url).set(xhr(b.token)).send({ amount_1: d[0], amount_2: d[1] });
    expect(right.status).to.equal(409);
    const [row] = await sqlRows<{ status: string; verify_attempts: number }>(
      'select status, verify_attempts from payment_methods where id = $1',
      [method.id],
    );
    expect(row).to.deep.equal({ status: 'locked', verify_attempts: 3 });
    const logs = await sqlRows<{ n: number }>(
      `select count(*)::int n from logs where action = 'payment_method.verify' and entity_id = $1`,
      [method.id],
    );
    expect(logs[0].n).to.equal(3);
    const def = await b.a.post(`/en-us/account/payment/methods/${method.id}/default`).set(xhr(b.token)).send({});
    expect(def.status).to.equal(409);
  });

  it('an unverified account cannot pay; once both deposits are confirmed (either order) it pays the order: a payment row allocated to the lines', async () => {
    const b = await buyer();
    const { method } = await addBank(b);
    const { totals } = await chooseShipping(b.a, b.token, b.orderId, b.shipTo);
    const body = { order_id: b.orderId, payment_type: 3, saved_method_id: method.id, expected_total: totals.total };
    const early = await place(b.a, b.token, `bank-early-${b.orderId}`, body);
    expect(early.status, early.text).to.equal(409);
    expect(early.body.error.code).to.equal('not_verified');
    const d = await depositsOf(method.id);
    const ok = await b.a
      .post(`/en-us/account/payment/methods/${method.id}/verify`)
      .set(xhr(b.token))
      .send({ amount_1: d[1], amount_2: `$${d[0]}` });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.method).to.include({ status: 'verified', usable: true, is_default: true });
    const saved = await b.a.get('/en-us/order/saved-methods').set(xhr(b.token));
    expect(saved.body.methods.map((m: { id: number }) => m.id)).to.include(method.id);
    const paid = await place(b.a, b.token, `bank-pay-${b.orderId}`, body);
    expect(paid.status, paid.text).to.equal(201);
    expect(paid.body.status).to.equal('pending');
    const [pay] = await sqlRows<{
      id: number;
      payment_type: number;
      total: string;
      successful: boolean;
      provider_ref: string;
      payment_method_id: string;
    }>(
      'select id, payment_type, total, successful, provider_ref, payment_method_id from payments where order_id = $1',
      [b.orderId],
    );
    expect(pay).to.include({
      payment_type: 3,
      total: totals.total,
      successful: false,
      payment_method_id: `bank:${method.id}`,
    });
    expect(pay.provider_ref).to.match(/^ach_offline_/);
    const [alloc] = await sqlRows<{ s: string; n: number }>(
      'select sum(amount)::text s, count(*)::int n from payment_allocations where payment_id = $1',
      [pay.id],
    );
    expect(Number(alloc.s).toFixed(2)).to.equal(totals.total);
    expect(alloc.n).to.be.greaterThan(0);
    const page = await b.a.get(`/en-us/orders/${b.orderId}`);
    expect(page.text).to.include('ending 6789');
    const staff = await signedIn('staff@example.com');
    const detail = await staff.a.get(`/admin/orders/detail/${b.orderId}`);
    expect(detail.status).to.equal(200);
    expect(detail.text).to.include('Bank debit (ACH)');
  });

  it('object-level rules: another customer gets 404 for the link token, the methods, verify, default, delete and paying with the account; staff may act for the customer', async () => {
    const owner = await buyer();
    const { method, publicToken } = await addBank(owner);
    const other = await buyer();
    const h = xhr(other.token);
    expect((await other.a.get(`/api/plaid/link-token?user_id=${owner.userId}`).set(h)).status).to.equal(404);
    expect((await other.a.get(`/api/plaid/link-token?user_id=99999999`).set(h)).status).to.equal(404);
    expect((await other.a.get(`/en-us/account/payment/methods?user_id=${owner.userId}`).set(h)).status).to.equal(404);
    expect((await other.a.get(`/en-us/account/payment?user_id=${owner.userId}`)).status).to.equal(404);
    const d = await depositsOf(method.id);
    const v = await other.a
      .post(`/en-us/account/payment/methods/${method.id}/verify`)
      .set(h)
      .send({ amount_1: d[0], amount_2: d[1] });
    expect(v.status).to.equal(404);
    expect(v.body.error).to.have.keys('code', 'message', 'fields');
    expect((await other.a.post(`/en-us/account/payment/methods/${method.id}/default`).set(h).send({})).status).to.equal(
      404,
    );
    expect((await other.a.delete(`/en-us/account/payment/methods/${method.id}`).set(h)).status).to.equal(404);
    // someone else's public token cannot be exchanged into this account
    const stolen = await other.a
      .post('/en-us/account/payment/bank-accounts')
      .set(h)
      .send({ public_token: publicToken });
    expect(stolen.status).to.equal(400);
    // the owner verifies, then the other customer tries to pay with it
    expect(
      (
        await owner.a
          .post(`/en-us/account/payment/methods/${method.id}/verify`)
          .set(xhr(owner.token))
          .send({ amount_1: d[0], amount_2: d[1] })
      ).status,
    ).to.equal(200);
    const { totals } = await chooseShipping(other.a, other.token, other.orderId, other.shipTo);
    const foreign = await place(other.a, other.token, `bank-foreign-${other.orderId}`, {
      order_id: other.orderId,
      payment_type: 3,
      saved_method_id: method.id,
      expected_total: totals.total,
    });
    expect(foreign.status, foreign.text).to.equal(404);
    // staff (customers.view / customers.edit) may open and act on the customer's methods
    const staff = await signedIn('staff@example.com');
    const list = await staff.a.get(`/en-us/account/payment/methods?user_id=${owner.userId}`).set(xhr(staff.token));
    expect(list.status).to.equal(200);
    expect(list.body.methods.map((m: { id: number }) => m.id)).to.include(method.id);
    const lt = await staff.a.get(`/api/plaid/link-token?user_id=${owner.userId}`).set(xhr(staff.token));
    expect(lt.status).to.equal(200);
    expect((await staff.a.get(`/en-us/account/payment?user_id=${owner.userId}`)).status).to.equal(200);
  });

  it('bad input is a 4xx in the contract shape, never a 5xx; CSRF is required', async () => {
    const b = await buyer();
    const h = xhr(b.token);
    const noId = await b.a.get('/api/plaid/link-token').set(h);
    expect(noId.status).to.equal(400);
    expect(noId.body.error.fields).to.have.property('user_id');
    expect((await b.a.get('/api/plaid/link-token?user_id=abc').set(h)).status).to.equal(400);
    const lt = (await b.a.get(`/api/plaid/link-token?user_id=${b.userId}`).set(h)).body.link_token;
    const badRouting = await b.a
      .post('/bank-link/accounts')
      .set(h)
      .send({ link_token: lt, routing_number: '123456789', account_number: '12', account_holder: '' });
    expect(badRouting.status).to.equal(400);
    expect(badRouting.body.error.fields).to.have.keys('routing_number', 'account_number', 'account_holder');
    const badLink = await b.a.post('/bank-link/accounts').set(h).send({
      link_token: 'link-sandbox-nope',
      routing_number: ROUTING,
      account_number: ACCOUNT,
      account_holder: 'Pat',
    });
    expect(badLink.status).to.equal(400);
    expect(badLink.body.error.fields).to.have.property('link_token');
    expect((await b.a.post('/en-us/account/payment/bank-accounts').set(h).send({})).status).to.equal(400);
    expect(
      (await b.a.post('/en-us/account/payment/bank-accounts').set(h).send({ public_token: 'public-sandbox-nope' }))
        .status,
    ).to.equal(400);
    const { method } = await addBank(b);
    const url = `/en-us/account/payment/methods/${method.id}/verify`;
    for (const body of [
      {},
      { amount_1: '1.50', amount_2: '0.10' },
      { amount_1: 'abc', amount_2: '0.10' },
      { amount_1: '0.001', amount_2: '0.10' },
      { amount_1: ['0.1'], amount_2: '0.10' },
    ]) {
      const r = await b.a.post(url).set(h).send(body);
      expect(r.status, JSON.stringify(body)).to.equal(400);
      expect(r.body.error).to.have.keys('code', 'message', 'fields');
      expect(Object.keys(r.body.error.fields).length).to.be.greaterThan(0);
    }
    expect(
      (await b.a.post('/en-us/account/payment/methods/abc/verify').set(h).send({ amount_1: '0.10', amount_2: '0.10' }))
        .status,
    ).to.equal(400);
    expect(
      (
        await b.a
          .post('/en-us/account/payment/methods/2147483640/verify')
          .set(h)
          .send({ amount_1: '0.10', amount_2: '0.10' })
      ).status,
    ).to.equal(404);
    // malformed inputs used no tries
    const [row] = await sqlRows<{ verify_attempts: number }>(
      'select verify_attempts from payment_methods where id = $1',
      [method.id],
    );
    expect(row.verify_attempts).to.equal(0);
    // no CSRF token: 403, and nothing counted
    const noCsrf = await b.a
      .post(url)
      .set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send({ amount_1: '0.10', amount_2: '0.20' });
    expect(noCsrf.status).to.equal(403);
    const noCsrfAdd = await b.a
      .post('/en-us/account/payment/bank-accounts')
      .set({ Accept: 'application/json' })
      .send({ public_token: 'x' });
    expect(noCsrfAdd.status).to.equal(403);
  });
});
