/**
 * Spending limits and approval over HTTP: who may set limits and decide (by hand, beside
 * the route table), bad input; a member over the per-order limit gets 202 and nothing is placed, the
 * cart locked (cart writes 409); card is refused for approval; the approver approves (the order
 * exists with the stored payment type) or rejects (reason required and stored, the cart unlocked);
 * under the limit the order is placed as usual. Each step audited and a webhook event.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { addToCart, chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

describe('spending limits and approval', function () {
  this.timeout(120_000);
  let product: number;
  let member: Awaited<ReturnType<typeof newCustomer>>;
  let admin: Awaited<ReturnType<typeof newCustomer>>;
  let memberId: number;
  let adminId: number;
  let orgId: number;
  const orgName = `Limits Test Farm ${process.pid}-${Date.now()}`;

  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql(`update inventory set quantity = greatest(quantity, 100) where product_id = $1`, [product]);
    member = await newCustomer(product, 2, { accountType: 'organization', 'org-name': orgName });
    admin = await newCustomer(product, 1);
    const [m] = await sql<{ id: number; org: number }>(
      'select id, organisation_id as org from users where email = $1',
      [member.email],
    );
    memberId = m.id;
    orgId = m.org;
    const [a] = await sql<{ id: number }>(
      `update users set organisation_id = $1, account_type = 'organization' where email = $2 returning id`,
      [orgId, admin.email],
    );
    adminId = a.id;
    await sql(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test approver')`,
      [adminId],
    );
  });

  const setLimits = (who: { a: typeof member.a; token: string }, userId: number, body: Record<string, string>) =>
    who.a.post(`/en-us/account/organization/users/${userId}/limits`).set(xhr(who.token)).type('form').send(body);
  const cartLine = async (orderId: number) =>
    (
      await sql<{ id: number }>(
        'select id from order_line_items where order_id = $1 and product_id is not null order by id limit 1',
        [orderId],
      )
    )[0].id;
  const events = async (type: string, orderId: number) =>
    (
      await sql<{ n: number }>(
        `select count(*)::int as n from webhook_events where type = $1 and (payload->>'orderId')::int = $2`,
        [type, orderId],
      )
    )[0].n;
  const logs = async (action: string, orderId: number) =>
    (
      await sql<{ n: number }>(`select count(*)::int as n from logs where action = $1 and entity_id = $2`, [
        action,
        orderId,
      ])
    )[0].n;

  it("only the organisation's admin sets limits; bad values are 400 with a message per field; saved and audited", async () => {
    expect((await setLimits(member, memberId, { per_order_limit: '10' })).status).to.equal(403);
    const acme = await signedIn('buyer@acme.example'); // another organisation's admin: not theirs to see
    expect((await setLimits(acme, memberId, { per_order_limit: '10' })).status).to.equal(404);
    const bad = await setLimits(admin, memberId, { per_order_limit: '-5', per_period_limit: 'lots', period: 'year' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields).to.deep.equal({
      per_order_limit: 'Enter a limit of 0 or more, such as 2500.00, or leave it empty for no limit.',
      per_period_limit: 'Enter a limit of 0 or more, such as 2500.00, or leave it empty for no limit.',
      period: 'Choose month or quarter.',
    });
    // A field left out is refused in the visitor's words (it would otherwise clear that limit).
    const partial = await admin.a
      .post(`/fr-ca/account/organization/users/${memberId}/limits`)
      .set(xhr(admin.token))
      .type('form')
      .send({ per_order_limit: '10' });
    expect(partial.status, partial.text).to.equal(400);
    expect(Object.keys(partial.body.error.fields)).to.deep.equal(['per_period_limit']);
    expect(partial.body.error.fields.per_period_limit).to.not.match(/Invalid input|nonoptional|Enter a limit/);
    const ok = await setLimits(admin, memberId, { per_order_limit: '50.00', per_period_limit: '', period: 'month' });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.deep.equal({
      user_id: memberId,
      per_order_limit: '50.00',
      per_period_limit: null,
      period: 'month',
    });
    const [row] = await sql('select per_order_limit, per_period_limit, period from member_limits where user_id = $1', [
      memberId,
    ]);
    expect(row).to.deep.equal({ per_order_limit: '50.00', per_period_limit: null, period: 'month' });
    expect(
      (await sql(`select 1 from logs where action = 'organisation.limits' and entity_id = $1`, [memberId])).length,
    ).to.equal(1);
    // The form gets the page again with the message beside the field.
    const page = await admin.a
      .post(`/en-us/account/organization/users/${memberId}/limits`)
      .type('form')
      .send({ _csrf: admin.token, per_order_limit: 'x' });
    expect(page.status).to.equal(400);
    expect(page.text).to.include('Enter a limit of 0 or more, such as 2500.00, or leave it empty for no limit.');
  });

  it('over the per-order limit: card is 422; check is 202, nothing placed, the cart locked; approvers mailed, audited, an event', async () => {
    const { totals } = await chooseShipping(member.a, member.token, member.orderId, member.shipTo);
    const card = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 1,
      token: 'tok_x',
      expected_total: totals.total,
    });
    expect(card.status, card.text).to.equal(422);
    expect(card.body.error.message).to.equal('Choose check or invoice to send this order for approval.');
    const res = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 2,
      check_number: '1001',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(202);
    expect(res.body.status).to.equal('pending_approval');
    expect(res.body.approval_id).to.be.a('number');
    const [o] = await sql<{ status: string; n: number; held: number }>(
      'select status, (select count(*)::int from payment_attempts where order_id = $1) as n, 0 as held from orders where id = $1',
      [member.orderId],
    );
    expect(o).to.deep.equal({ status: 'cart', n: 0, held: 0 });
    const [a] = await sql(
      "select status, reason, requested_by, organisation_id, choice->'input'->>'payment_type' as pt from order_approvals where id = $1",
      [res.body.approval_id],
    );
    expect(a).to.deep.equal({
      status: 'pending',
      reason: 'order',
      requested_by: memberId,
      organisation_id: orgId,
      pt: '2',
    });
    // Locked: cart writes and placing again are 409 with the message.
    const put = await member.a
      .put(`/en-us/cart/${await cartLine(member.orderId)}`)
      .set(xhr(member.token))
      .send({ quantity: 1 });
    expect(put.status, put.text).to.equal(409);
    expect(put.body.error.message).to.equal('This cart is waiting for approval.');
    const fr = await member.a
      .put(`/fr-ca/cart/${await cartLine(member.orderId)}`)
      .set(xhr(member.token))
      .send({ quantity: 1 });
    expect(fr.status).to.equal(409);
    expect(fr.body.error.message).to.equal('Ce panier attend une approbation.');
    const es = await member.a.delete(`/es-mx/cart/${await cartLine(member.orderId)}`).set(xhr(member.token));
    expect(es.status).to.equal(409);
    expect(es.body.error.message).to.equal('Este carrito está en espera de aprobación.');
    // Quick order writes to the same locked cart: refused too.
    const quick = await member.a
      .post('/en-us/quick-order/add')
      .set(xhr(member.token))
      .send({ lines: [{ stockcode: 'PP-DOB-15', quantity: 1 }] });
    expect(quick.status, quick.text).to.equal(409);
    expect(quick.body.error.message).to.equal('This cart is waiting for approval.');
    const again = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 2,
      check_number: '1001',
      expected_total: totals.total,
    });
    expect(again.status).to.equal(409);
    expect(await events('order.approval_requested', member.orderId)).to.equal(1);
    expect(await logs('order.approval_request', member.orderId)).to.equal(1);
    const mails = await ((await testServer()).services.mailer as FileMailer).list();
    expect(
      mails.some((m) => m.content.includes(admin.email) && m.content.includes(`${member.email} sent an order`)),
    ).to.equal(true);
  });

  it('the queue: the member may not see it or decide; the admin sees the request and approves: the order exists with the check', async () => {
    expect((await member.a.get('/en-us/account/organization/approvals').set(xhr(member.token))).status).to.equal(403);
    const q = await admin.a.get('/en-us/account/organization/approvals').set(xhr(admin.token));
    expect(q.status, q.text).to.equal(200);
    expect(q.body.approvals).to.have.length(1);
    const [ap] = q.body.approvals;
    expect(ap).to.include({ order_id: member.orderId, member: member.email, reason: 'order' });
    expect(
      (await member.a.post(`/en-us/account/organization/approvals/${ap.id}/approve`).set(xhr(member.token))).status,
    ).to.equal(403);
    const acme = await signedIn('buyer@acme.example');
    expect(
      (await acme.a.post(`/en-us/account/organization/approvals/${ap.id}/approve`).set(xhr(acme.token))).status,
    ).to.equal(404);
    // Approvals come later than the 30 minutes a shipping quote lives: the member's chosen quotes still stand.
    // (The clock is moved back for the address and its quotes alike, as if both were set three hours ago.)
    await sql(`update addresses set updated_at = now() - interval '4 hours' where id = $1`, [member.shipTo]);
    await sql(`update shipment_quotes set created_at = now() - interval '3 hours' where order_id = $1`, [
      member.orderId,
    ]);
    const ok = await admin.a.post(`/en-us/account/organization/approvals/${ap.id}/approve`).set(xhr(admin.token));
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.include({ status: 'approved', order_id: member.orderId });
    const [o] = await sql('select status, payment_type from orders where id = $1', [member.orderId]);
    expect(o).to.deep.equal({ status: 'pending', payment_type: 2 });
    const [a] = await sql('select status, decided_by from order_approvals where id = $1', [ap.id]);
    expect(a).to.deep.equal({ status: 'approved', decided_by: adminId });
    expect(await events('order.approval_approved', member.orderId)).to.equal(1);
    expect(await logs('order.approval_approve', member.orderId)).to.equal(1);
    expect(
      (await admin.a.post(`/en-us/account/organization/approvals/${ap.id}/approve`).set(xhr(admin.token))).status,
    ).to.equal(409);
  });

  it('a rejection needs a reason, stores it and unlocks the cart; under the limit the order is placed as usual', async () => {
    await addToCart(member.a, member.token, product, 2);
    const info = await member.a
      .post('/en-us/order/customer-info')
      .set(xhr(member.token))
      .send({ returning: 'true', shippingAddressId: member.shipTo, 'tax-exempt': 'false' });
    expect(info.status, info.text).to.equal(200);
    const cartId = info.body.order_id as number;
    const { totals } = await chooseShipping(member.a, member.token, cartId, member.shipTo);
    const sent = await place(member.a, member.token, randomUUID(), {
      order_id: cartId,
      payment_type: 2,
      check_number: '1002',
      expected_total: totals.total,
    });
    expect(sent.status, sent.text).to.equal(202);
    expect((await member.a.get('/en-us/cart')).text).to.include(
      'This cart is waiting for approval: it cannot be changed until your organisation’s approver decides.',
    );
    const reject = (body: Record<string, string>) =>
      admin.a
        .post(`/en-us/account/organization/approvals/${sent.body.approval_id}/reject`)
        .set(xhr(admin.token))
        .type('form')
        .send(body);
    const noReason = await reject({ reason: '  ' });
    expect(noReason.status).to.equal(400);
    expect(noReason.body.error.fields).to.deep.equal({ reason: 'Give a reason for the rejection.' });
    const ok = await reject({ reason: 'Over budget this month' });
    expect(ok.status, ok.text).to.equal(200);
    const [a] = await sql('select status, reason, decided_by from order_approvals where id = $1', [
      sent.body.approval_id,
    ]);
    expect(a).to.deep.equal({ status: 'rejected', reason: 'Over budget this month', decided_by: adminId });
    expect(await events('order.approval_rejected', cartId)).to.equal(1);
    expect(await logs('order.approval_reject', cartId)).to.equal(1);
    expect((await member.a.get('/en-us/cart')).text).to.include(
      'Your organisation did not approve this order. Reason: Over budget this month',
    );
    const put = await member.a
      .put(`/en-us/cart/${await cartLine(cartId)}`)
      .set(xhr(member.token))
      .send({ quantity: 1 });
    expect(put.status, put.text).to.equal(200);
    // Under the limit (raised): placed at once, 201.
    expect(
      (await setLimits(admin, memberId, { per_order_limit: '100000', per_period_limit: '', period: 'quarter' })).status,
    ).to.equal(200);
    const again = await chooseShipping(member.a, member.token, cartId, member.shipTo);
    const placed = await place(member.a, member.token, randomUUID(), {
      order_id: cartId,
      payment_type: 2,
      check_number: '1003',
      expected_total: again.totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [o] = await sql('select status from orders where id = $1', [cartId]);
    expect(o).to.deep.equal({ status: 'pending' });
  });

  it('a period limit counts what the member placed this period: the next small cart goes to approval for the period', async () => {
    // Two orders placed above (both this month and quarter); no per-order limit now, 100.00 a quarter.
    expect(
      (await setLimits(admin, memberId, { per_order_limit: '', per_period_limit: '100.00', period: 'quarter' })).status,
    ).to.equal(200);
    await addToCart(member.a, member.token, product, 1);
    const info = await member.a
      .post('/en-us/order/customer-info')
      .set(xhr(member.token))
      .send({ returning: 'true', shippingAddressId: member.shipTo, 'tax-exempt': 'false' });
    const { totals } = await chooseShipping(member.a, member.token, info.body.order_id, member.shipTo);
    const sent = await place(member.a, member.token, randomUUID(), {
      order_id: info.body.order_id,
      payment_type: 2,
      check_number: '1004',
      expected_total: totals.total,
    });
    expect(sent.status, sent.text).to.equal(202);
    const [a] = await sql('select reason from order_approvals where id = $1', [sent.body.approval_id]);
    expect(a).to.deep.equal({ reason: 'period' });
    // Both limits emptied: no row is kept (the cart sent stays with the approvers until decided).
    expect((await setLimits(admin, memberId, { per_order_limit: '', per_period_limit: '' })).body).to.deep.equal({
      user_id: memberId,
      per_order_limit: null,
      per_period_limit: null,
      period: 'month',
    });
    expect((await sql('select 1 from member_limits where user_id = $1', [memberId])).length).to.equal(0);
  });

  it('over the limit in an organisation where nobody else can approve: 409 with a message, nothing sent, the cart not locked', async () => {
    const alone = await newCustomer(product, 2, { accountType: 'organization', 'org-name': `${orgName} alone` });
    const [u] = await sql<{ id: number; org: number }>(
      'select id, organisation_id as org from users where email = $1',
      [alone.email],
    );
    await sql(
      `insert into member_limits (organisation_id, user_id, per_order_limit, period) values ($1, $2, '10.00', 'month')`,
      [u.org, u.id],
    );
    const { totals } = await chooseShipping(alone.a, alone.token, alone.orderId, alone.shipTo);
    const res = await place(alone.a, alone.token, randomUUID(), {
      order_id: alone.orderId,
      payment_type: 2,
      check_number: '1010',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(409);
    expect(res.body.error.message).to.equal(
      'Nobody in your organisation can approve this order yet: ask your organisation’s administrator to name an approver.',
    );
    expect((await sql('select 1 from order_approvals where order_id = $1', [alone.orderId])).length).to.equal(0);
    expect(await events('order.approval_requested', alone.orderId)).to.equal(0);
    // The cart is still the member's to change.
    const put = await alone.a
      .put(`/en-us/cart/${await cartLine(alone.orderId)}`)
      .set(xhr(alone.token))
      .send({ quantity: 1 });
    expect(put.status, put.text).to.equal(200);
  });
});
