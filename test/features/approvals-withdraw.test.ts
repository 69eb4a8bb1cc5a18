/**
 * A member withdraws their own approval request (spending limits) over HTTP: only the
 * member who sent it may (the approver and another member get 404, a visitor not signed in 401 or
 * the sign-in page); a bad id is 400; the form gets a 303 to the cart, JSON the status. The cart is
 * unlocked at once, the cart page shows no approval notice, the queue no longer lists it; audited,
 * a webhook event, the approver mailed. A request already decided (withdrawn, rejected) is a 409,
 * and an approval of a withdrawn request too.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { csrf } from '../helpers/http.ts';
import { addToCart, chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

describe('spending limits: the member withdraws their own approval request', function () {
  this.timeout(120_000);
  let product: number;
  type Customer = Awaited<ReturnType<typeof newCustomer>>;
  let member: Customer;
  let approver: Customer;
  let other: Customer;
  let memberId: number;
  let approverId: number;
  const orgName = `Withdraw Test Farm ${process.pid}-${Date.now()}`;

  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql(`update inventory set quantity = greatest(quantity, 100) where product_id = $1`, [product]);
    member = await newCustomer(product, 2, { accountType: 'organization', 'org-name': orgName });
    approver = await newCustomer(product, 1);
    other = await newCustomer(product, 1);
    const [m] = await sql<{ id: number; org: number }>(
      'select id, organisation_id as org from users where email = $1',
      [member.email],
    );
    memberId = m.id;
    const join = `update users set organisation_id = $1, account_type = 'organization' where email = $2 returning id`;
    approverId = (await sql<{ id: number }>(join, [m.org, approver.email]))[0].id;
    await sql(join, [m.org, other.email]);
    await sql(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test approver')`,
      [approverId],
    );
    await sql(
      `insert into member_limits (organisation_id, user_id, per_order_limit, period) values ($1, $2, '10.00', 'month')`,
      [m.org, memberId],
    );
  });

  const cartLine = async (orderId: number) =>
    (
      await sql<{ id: number }>(
        'select id from order_line_items where order_id = $1 and product_id is not null order by id limit 1',
        [orderId],
      )
    )[0].id;
  const withdrawAs = (who: Customer, id: number | string, locale = 'en-us') =>
    who.a.post(`/${locale}/account/approvals/${id}/withdraw`).set(xhr(who.token));
  /** The member's cart (after a placement the customer-info step names the new one) sent for approval by check. */
  async function sendForApproval(orderId: number): Promise<number> {
    const { totals } = await chooseShipping(member.a, member.token, orderId, member.shipTo);
    const sent = await place(member.a, member.token, randomUUID(), {
      order_id: orderId,
      payment_type: 2,
      check_number: '2001',
      expected_total: totals.total,
    });
    expect(sent.status, sent.text).to.equal(202);
    return sent.body.approval_id as number;
  }

  it('only the member who sent it may withdraw it; the form unlocks the cart, audited, announced, the approver mailed', async () => {
    const cartId = member.orderId;
    const approvalId = await sendForApproval(cartId);
    const locked = await member.a
      .put(`/en-us/cart/${await cartLine(cartId)}`)
      .set(xhr(member.token))
      .send({ quantity: 1 });
    expect(locked.status, locked.text).to.equal(409);
    const cartPage = await member.a.get('/en-us/cart');
    expect(cartPage.text)
      .to.include(`action="/en-us/account/approvals/${approvalId}/withdraw"`)
      .and.include('Withdraw the request');
    const orders = await member.a.get('/en-us/account/orders');
    expect(orders.text).to.include(`action="/en-us/account/approvals/${approvalId}/withdraw"`);

    // Not signed in: JSON is told 401, a form is sent to sign in; nothing changes.
    const anon = supertest.agent((await testServer()).url);
    const anonToken = await csrf(anon);
    const anonJson = await anon.post(`/en-us/account/approvals/${approvalId}/withdraw`).set(xhr(anonToken));
    expect(anonJson.status, anonJson.text).to.equal(401);
    const anonForm = await anon
      .post(`/en-us/account/approvals/${approvalId}/withdraw`)
      .type('form')
      .send({ _csrf: anonToken })
      .redirects(0);
    expect(anonForm.status).to.be.oneOf([302, 303]);
    expect(anonForm.headers.location).to.match(/\/en-us\/login/);
    // The approver and another member of the organisation: not theirs, so not found (never "someone else's").
    for (const who of [approver, other]) {
      const res = await withdrawAs(who, approvalId);
      expect(res.status, res.text).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
    // Bad ids: 400 in the contract's error shape; a number nobody has: 404.
    for (const bad of ['abc', '0', '-3', '99999999999']) {
      const res = await withdrawAs(member, bad);
      expect(res.status, `${bad}: ${res.text}`).to.equal(400);
      expect(res.body.error.message).to.be.a('string');
    }
    expect((await withdrawAs(member, 2147483647)).status).to.equal(404);
    expect((await sql('select status from order_approvals where id = $1', [approvalId]))[0]).to.deep.equal({
      status: 'pending',
    });

    // The member's form: 303 to the cart, the message there, the cart editable, no approval notice.
    const form = await member.a
      .post(`/en-us/account/approvals/${approvalId}/withdraw`)
      .type('form')
      .send({ _csrf: member.token })
      .redirects(0);
    expect(form.status, form.text).to.equal(303);
    expect(form.headers.location).to.equal('/en-us/cart');
    const cart = await member.a.get('/en-us/cart');
    expect(cart.text).to.include('You withdrew the request: your cart can be changed again.');
    expect(cart.text).to.not.include('data-testid="cart-approval"');
    expect(cart.text).to.not.include('Withdraw the request');
    const [a] = await sql<{ status: string; decided_by: number; decided: boolean }>(
      'select status, decided_by, decided_at is not null as decided from order_approvals where id = $1',
      [approvalId],
    );
    expect(a).to.deep.equal({ status: 'withdrawn', decided_by: memberId, decided: true });
    const put = await member.a
      .put(`/en-us/cart/${await cartLine(cartId)}`)
      .set(xhr(member.token))
      .send({ quantity: 1 });
    expect(put.status, put.text).to.equal(200);
    expect((await member.a.get('/en-us/account/orders')).text).to.not.include(
      `action="/en-us/account/approvals/${approvalId}/withdraw"`,
    );

    // The queue: no longer waiting; under recent decisions as withdrawn.
    const q = await approver.a.get('/en-us/account/organization/approvals').set(xhr(approver.token));
    expect(q.status, q.text).to.equal(200);
    expect(q.body.approvals.map((x: { id: number }) => x.id)).to.not.include(approvalId);
    const queuePage = await approver.a.get('/en-us/account/organization/approvals');
    expect(queuePage.text)
      .to.include('No orders are waiting for approval.')
      .and.include(`data-approval-id="${approvalId}"`)
      .and.include('Withdrawn');

    const logs = await sql<{ user_id: number; message: string }>(
      `select user_id, message from logs where action = 'order.approval_withdraw' and entity_id = $1`,
      [cartId],
    );
    expect(logs).to.deep.equal([
      { user_id: memberId, message: `${member.email} withdrew the approval request for cart ${cartId}` },
    ]);
    const events = await sql<{ payload: Record<string, unknown> }>(
      `select payload from webhook_events where type = 'order.approval_withdrawn' and (payload->>'orderId')::int = $1`,
      [cartId],
    );
    expect(events).to.have.length(1);
    expect(events[0].payload).to.include({ orderId: cartId, approvalId, withdrawnBy: memberId });
    const mails = await ((await testServer()).services.mailer as FileMailer).list();
    expect(
      mails.some(
        (m) => m.content.includes(approver.email) && m.content.includes(`${member.email} withdrew order #${cartId}`),
      ),
    ).to.equal(true);
    expect(mails.some((m) => m.content.includes(other.email) && m.content.includes('withdrew'))).to.equal(false);

    // Withdrawn already: a second withdrawal and an approval are 409; nothing more is written.
    const again = await withdrawAs(member, approvalId);
    expect(again.status, again.text).to.equal(409);
    expect(again.body.error.message).to.equal('This request was already decided.');
    expect(
      (await approver.a.post(`/en-us/account/organization/approvals/${approvalId}/approve`).set(xhr(approver.token)))
        .status,
    ).to.equal(409);
    expect(
      (await sql(`select 1 from logs where action = 'order.approval_withdraw' and entity_id = $1`, [cartId])).length,
    ).to.equal(1);
  });

  it('JSON: { status, approval_id }; the cart can be sent again; a rejected request cannot be withdrawn (409)', async () => {
    const cartId = member.orderId;
    await addToCart(member.a, member.token, product, 1);
    const first = await sendForApproval(cartId);
    const res = await withdrawAs(member, first, 'fr-ca');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'withdrawn', approval_id: first });
    // Sent again (the one pending row per cart is free), then rejected: the member can no longer withdraw it.
    const second = await sendForApproval(cartId);
    const rejected = await approver.a
      .post(`/en-us/account/organization/approvals/${second}/reject`)
      .set(xhr(approver.token))
      .type('form')
      .send({ reason: 'Not this month' });
    expect(rejected.status, rejected.text).to.equal(200);
    const late = await withdrawAs(member, second);
    expect(late.status, late.text).to.equal(409);
    expect(late.body.error.message).to.equal('This request was already decided.');
    const [a] = await sql('select status, reason from order_approvals where id = $1', [second]);
    expect(a).to.deep.equal({ status: 'rejected', reason: 'Not this month' });
    // The rejection's notice stays on the cart (only a withdrawn request shows nothing).
    expect((await member.a.get('/en-us/cart')).text).to.include(
      'Your organisation did not approve this order. Reason: Not this month',
    );
  });
});
