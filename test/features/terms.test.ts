/**
 * Pay on terms over HTTP: staff give an organisation net terms and a credit limit (by
 * hand: who may, and bad input); a member places an order by invoice (unpaid, due in N days, no
 * charge); over the limit is 422 with nothing written; a personal customer cannot, even posting
 * it directly; the back office lists the invoice as due; the reminder job mails it once a day.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { addToCart, chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';
import { remindOverdueInvoices } from '../../src/features/terms/reminders.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

/** The day `days` after today, in UTC, written independently of src/domain/terms.ts. */
const dayAfterToday = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('pay on terms', function () {
  this.timeout(120_000);
  let product: number;
  let member: Awaited<ReturnType<typeof newCustomer>>;
  let personId: number;
  let orgId: number;
  const orgName = `Terms Test Farm ${process.pid}-${Date.now()}`;

  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [product]);
    member = await newCustomer(product, 1, { accountType: 'organization', 'org-name': orgName });
    const [row] = await sql<{ person_id: number; org_id: number }>(
      `select p.id as person_id, u.organisation_id as org_id from users u join persons p on p.user_id = u.id where u.email = $1`,
      [member.email],
    );
    personId = row.person_id;
    orgId = row.org_id;
    expect(orgId).to.be.a('number');
  });

  const setTerms = async (body: Record<string, string>, who = 'staff@example.com') => {
    const s = await signedIn(who);
    return s.a.post(`/account/dashboard/customers/${personId}/terms`).set(xhr(s.token)).type('form').send(body);
  };

  it('without terms the member is not offered an invoice, and posting one directly is 422 with nothing written', async () => {
    const methods = await member.a.get('/en-us/order/payment-methods').set(xhr(member.token));
    expect(methods.status).to.equal(200);
    expect(methods.body.map((m: { method: string }) => m.method)).to.not.include('invoice');
    const { totals } = await chooseShipping(member.a, member.token, member.orderId, member.shipTo);
    const res = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 4,
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.error.message).to.equal('Your organisation cannot pay by invoice. Choose another payment method.');
    const [o] = await sql<{ status: string; n: number }>(
      'select status, (select count(*)::int from payment_attempts where order_id = $1) as n from orders where id = $1',
      [member.orderId],
    );
    expect(o).to.deep.equal({ status: 'cart', n: 0 });
  });

  it('only staff with customers.edit set terms; bad values are 400 with a message per field', async () => {
    expect((await setTerms({ net_terms_days: '30', credit_limit: '100000' }, 'customer@example.com')).status).to.equal(
      403,
    );
    expect((await setTerms({ net_terms_days: '30', credit_limit: '100000' }, 'buyer@acme.example')).status).to.equal(
      403,
    );
    const bad = await setTerms({ net_terms_days: '45', credit_limit: '-5' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields).to.deep.equal({
      net_terms_days: 'Choose no terms, net 15, net 30 or net 60.',
      credit_limit: 'Enter a credit limit of 0 or more, such as 5000.00.',
    });
    expect((await setTerms({ net_terms_days: '30', credit_limit: 'lots' })).body.error.fields).to.deep.equal({
      credit_limit: 'Enter a credit limit of 0 or more, such as 5000.00.',
    });
    // The form (not a script) gets the customer page again, with the message beside the field.
    const s = await signedIn('staff@example.com');
    const page = await s.a
      .post(`/account/dashboard/customers/${personId}/terms`)
      .type('form')
      .send({ _csrf: s.token, net_terms_days: '30', credit_limit: '-1' });
    expect(page.status).to.equal(400);
    expect(page.text)
      .to.include('data-testid="field-error-credit_limit"')
      .and.include('Enter a credit limit of 0 or more, such as 5000.00.');
    const [org] = await sql<{ net_terms_days: number | null; credit_limit: string }>(
      'select net_terms_days, credit_limit from organisations where id = $1',
      [orgId],
    );
    expect(org).to.deep.equal({ net_terms_days: null, credit_limit: '0.00' });
  });

  it('staff give net 30 with a small credit limit: saved and audited; an order over the limit is 422 and nothing is written', async () => {
    const ok = await setTerms({ net_terms_days: '30', credit_limit: '1.00' });
    expect(ok.status, ok.text).to.equal(200);
    const [org] = await sql<{ net_terms_days: number | null; credit_limit: string }>(
      'select net_terms_days, credit_limit from organisations where id = $1',
      [orgId],
    );
    expect(org).to.deep.equal({ net_terms_days: 30, credit_limit: '1.00' });
    const [log] = await sql<{ message: string; by: string }>(
      `select l.message, u.email as by from logs l join users u on u.id = l.user_id where l.action = 'organisation.terms' and l.entity_id = $1 order by l.id desc limit 1`,
      [orgId],
    );
    expect(log).to.deep.equal({
      message: `Payment terms of ${orgName}: no terms, credit limit 0.00 → net 30, credit limit 1.00`,
      by: 'staff@example.com',
    });

    const methods = await member.a.get('/en-us/order/payment-methods').set(xhr(member.token));
    expect(methods.body.find((m: { method: string }) => m.method === 'invoice')).to.deep.equal({
      method: 'invoice',
      label: 'Invoice (net 30)',
      payment_type: 4,
      net_days: 30,
      available: '1.00',
    });
    const fr = await member.a.get('/fr-ca/order/payment-methods').set(xhr(member.token));
    expect(fr.body.find((m: { method: string }) => m.method === 'invoice').label).to.equal('Facture (net 30)');

    const { totals } = await chooseShipping(member.a, member.token, member.orderId, member.shipTo);
    const [stock] = await sql<{ q: number; r: number }>(
      'select sum(quantity)::int as q, sum(reserved)::int as r from inventory where product_id = $1',
      [product],
    );
    const res = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 4,
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.error.message).to.equal(
      'This order would take your organisation past its credit limit. Choose another payment method, or pay open invoices first.',
    );
    expect(res.body.error.fields).to.have.property('payment_type');
    const [o] = await sql<{ status: string; n: number; due: string | null }>(
      'select status, payment_due_on as due, (select count(*)::int from payment_attempts where order_id = $1) as n from orders where id = $1',
      [member.orderId],
    );
    expect(o).to.deep.equal({ status: 'cart', due: null, n: 0 });
    const [after] = await sql<{ q: number; r: number }>(
      'select sum(quantity)::int as q, sum(reserved)::int as r from inventory where product_id = $1',
      [product],
    );
    expect(after).to.deep.equal(stock);
  });

  it('within the limit the order is placed unpaid by invoice, due in 30 days, no charge; the open balance then counts against the limit', async () => {
    expect((await setTerms({ net_terms_days: '30', credit_limit: '100000.00' })).status).to.equal(200);
    const { totals } = await chooseShipping(member.a, member.token, member.orderId, member.shipTo);
    const [before] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    const res = await place(member.a, member.token, randomUUID(), {
      order_id: member.orderId,
      payment_type: 4,
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.status).to.equal('processing');
    const [o] = await sql<{ payment_type: number; due: string; payments: number; processor_source: string }>(
      `select payment_type, to_char(payment_due_on, 'YYYY-MM-DD') as due, processor_source, (select count(*)::int from payments where order_id = $1) as payments from orders where id = $1`,
      [member.orderId],
    );
    expect(o).to.deep.equal({ payment_type: 4, due: dayAfterToday(30), payments: 0, processor_source: 'invoice' });
    const [after] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    expect(after.q).to.equal(before.q - 1);
    // The confirmation says how and by when.
    const page = await member.a.get(res.body.redirect);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Invoice (net 30)').and.include('data-testid="order-due-by"');
    // The confirmation mail says so too.
    const mails = await ((await testServer()).services.mailer as FileMailer).list();
    expect(
      mails.some(
        (m) =>
          m.content.includes(`Order #${member.orderId}`) &&
          m.content.includes(member.email) &&
          m.content.includes('Invoice (net 30)') &&
          m.content.includes('Due by'),
      ),
    ).to.equal(true);

    // What is left of the limit is shown to the buyer: 100,000.00 less this invoice.
    const left = await member.a.get('/en-us/order/payment-methods').set(xhr(member.token));
    expect(left.body.find((m: { method: string }) => m.method === 'invoice').available).to.equal(
      (100000 - Number(totals.total)).toFixed(2),
    );
    // A second order: the limit is now what is left after the first invoice.
    const owed = Number(totals.total);
    expect((await setTerms({ net_terms_days: '30', credit_limit: owed.toFixed(2) })).status).to.equal(200);
    await addToCart(member.a, member.token, product, 1);
    const again = await member.a
      .post('/en-us/order/customer-info')
      .set(xhr(member.token))
      .type('form')
      .send({ returning: '1', shippingAddressId: String(member.shipTo), 'tax-exempt': 'false' });
    expect(again.status, again.text).to.equal(200);
    const second = await chooseShipping(member.a, member.token, again.body.order_id, member.shipTo);
    const refused = await place(member.a, member.token, randomUUID(), {
      order_id: again.body.order_id,
      payment_type: 4,
      expected_total: second.totals.total,
    });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.code).to.equal('credit_limit');
  });

  it('two members placing by invoice at once cannot both pass the credit limit', async () => {
    const one = await newCustomer(product, 1, { accountType: 'organization', 'org-name': `${orgName} B` });
    const two = await newCustomer(product, 1);
    const [{ org }] = await sql<{ org: number }>('select organisation_id as org from users where email = $1', [
      one.email,
    ]);
    await sql('update users set organisation_id = $1, account_type = $2 where email = $3', [
      org,
      'organization',
      two.email,
    ]);
    const a = await chooseShipping(one.a, one.token, one.orderId, one.shipTo);
    const b = await chooseShipping(two.a, two.token, two.orderId, two.shipTo);
    // Room for one of the two orders, not both.
    const limit = Math.max(Number(a.totals.total), Number(b.totals.total)) + 1;
    await sql('update organisations set net_terms_days = 15, credit_limit = $1 where id = $2', [limit.toFixed(2), org]);
    const [r1, r2] = await Promise.all([
      place(one.a, one.token, randomUUID(), { order_id: one.orderId, payment_type: 4, expected_total: a.totals.total }),
      place(two.a, two.token, randomUUID(), { order_id: two.orderId, payment_type: 4, expected_total: b.totals.total }),
    ]);
    expect([r1.status, r2.status].sort(), `${r1.text} ${r2.text}`).to.deep.equal([201, 422]);
    const [placed] = await sql<{ n: number; due: string }>(
      `select count(*)::int as n, min(to_char(payment_due_on, 'YYYY-MM-DD')) as due from orders where id in ($1, $2) and payment_type = 4`,
      [one.orderId, two.orderId],
    );
    expect(placed).to.deep.equal({ n: 1, due: dayAfterToday(15) });
    const refused = r1.status === 422 ? one.orderId : two.orderId;
    const [left] = await sql<{ status: string; open: number }>(
      `select status, (select count(*)::int from payment_attempts where order_id = $1 and status in ('reserved', 'charged')) as open from orders where id = $1`,
      [refused],
    );
    expect(left, 'the refused cart stays a cart with no payment in flight').to.deep.equal({ status: 'cart', open: 0 });
  });

  it('a personal customer cannot pay by invoice, even by posting it', async () => {
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 4,
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.error.code).to.equal('terms_unavailable');
    const [o] = await sql<{ status: string }>('select status from orders where id = $1', [c.orderId]);
    expect(o.status).to.equal('cart');
  });

  it('the back office lists the invoice as due; overdue only shows it once its due date has passed', async () => {
    const [inv] = await sql<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = $1 and o.payment_type = 4`,
      [member.email],
    );
    const staff = await signedIn('staff@example.com');
    const all = await staff.a.get('/en-us/account/dashboard/invoices');
    expect(all.status).to.equal(200);
    expect(all.text).to.include(`data-order-id="${inv.id}"`).and.include(orgName).and.include('Not yet due');
    const overdueNone = await staff.a.get('/en-us/account/dashboard/invoices?overdue=1');
    expect(overdueNone.text).to.not.include(`data-order-id="${inv.id}"`);
    await sql(`update orders set payment_due_on = current_date - 3 where id = $1`, [inv.id]);
    const overdue = await staff.a.get('/en-us/account/dashboard/invoices?overdue=1');
    expect(overdue.text).to.include(`data-order-id="${inv.id}"`).and.include('3 days');
    expect((await staff.a.get('/en-us/account/dashboard/invoices?overdue=yes')).status).to.equal(400);
    const customer = await signedIn('customer@example.com');
    expect((await customer.a.get('/en-us/account/dashboard/invoices')).status).to.equal(403);
    // The left navigation leads there.
    expect(all.text).to.include('href="/en-us/account/dashboard/invoices"');
  });

  it("the reminder job mails an overdue invoice's customer once a day at most", async () => {
    const s = await testServer();
    const [inv] = await sql<{ id: number; due: string }>(
      `select o.id, to_char(o.payment_due_on, 'YYYY-MM-DD') as due from orders o join users u on u.id = o.user_id where u.email = $1 and o.payment_type = 4`,
      [member.email],
    );
    await sql(`update orders set payment_due_on = '2026-01-10', last_reminded_at = null where id = $1`, [inv.id]);
    const mailer = s.services.mailer as FileMailer;
    const mine = async () =>
      (await mailer.list()).filter(
        (m) => m.content.includes(member.email) && m.content.includes(`#${inv.id}`) && /overdue/.test(m.content),
      );
    const deps = { db: s.services.db, mailer, texts: s.services.texts };
    const first = await remindOverdueInvoices(deps, new Date('2026-01-20T14:00:00Z'));
    expect(first.mailed).to.include(inv.id);
    expect(await mine()).to.have.length(1);
    expect((await mine())[0].content).to.include('10 days overdue');
    const sameDay = await remindOverdueInvoices(deps, new Date('2026-01-21T13:00:00Z'));
    expect(sameDay.mailed).to.not.include(inv.id);
    expect(await mine()).to.have.length(1);
    const nextDay = await remindOverdueInvoices(deps, new Date('2026-01-21T14:00:00Z'));
    expect(nextDay.mailed).to.include(inv.id);
    expect(await mine()).to.have.length(2);
    const [log] = await sql<{ n: number }>(
      `select count(*)::int as n from logs where action = 'order.invoice_reminder' and entity_id = $1`,
      [inv.id],
    );
    expect(log.n).to.equal(2);
    // Paid in full (staff record the payment): no longer due, no more reminders.
    await sql(
      `insert into payments (order_id, payment_type, successful, total, check_number) select id, 2, true, total, '5511' from orders where id = $1`,
      [inv.id],
    );
    const paid = await remindOverdueInvoices(deps, new Date('2026-01-25T14:00:00Z'));
    expect(paid.mailed).to.not.include(inv.id);
  });
});
