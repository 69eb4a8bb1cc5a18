/**
 * A member's spending limit per period holds when purchases arrive at once: order placements and
 * quote acceptances each check the limit under a lock on the member's limits row, and the check
 * and the write that spends are one transaction (a placement's reserved payment attempt counts
 * until it is confirmed, and its confirm checks again).
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { postgresOnly } from '../helpers/db.ts';
import { agent, apiToken } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { makeUser } from '../helpers/users.ts';
import { addToCart, chooseShipping, newCustomer, xhr } from '../features/checkout-helpers.ts';

const cents = (s: string | number) => Math.round(Number(s) * 100);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('concurrent purchases against a spending limit', function () {
  this.timeout(180_000);

  type Race = {
    memberId: number;
    limitCents: number;
    results: { kind: 'place' | 'accept'; res: { status: number; body: any } }[];
  };

  /** A new organisation member with `nQuotes` offered quotes and `nCarts` carts ready to place, a monthly limit with room for one, then all at once. */
  async function race(nQuotes: number, nCarts: number): Promise<Race> {
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 100) where product_id = $1', [product]);
    const member = await newCustomer(product, 1, {
      accountType: 'organization',
      'org-name': `Race Farm ${process.pid}-${Date.now()}`,
    });
    const [m] = await sqlRows<{ id: number; org: number }>(
      'select id, organisation_id as org from users where email = $1',
      [member.email],
    );
    // An approver, so an order over the limit is sent for approval (202) rather than refused.
    const approver = await makeUser({ organisationId: m.org, prefix: 'race-approver' });
    await sqlRows(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test approver')`,
      [approver.id],
    );

    // The quotes: each cart in turn becomes a quote.
    const quotes: { id: number; orderId: number }[] = [];
    for (let i = 0; i < nQuotes; i++) {
      if (i > 0) await addToCart(member.a, member.token, product, 1);
      const asked = await member.a
        .post('/en-us/account/quotes')
        .set(xhr(member.token))
        .type('form')
        .send({ message: `Quote ${i}` });
      expect(asked.status, asked.text).to.equal(201);
      quotes.push({ id: asked.body.quote_id, orderId: asked.body.order_id });
    }
    // The carts, each ready to place (customer info, shipping), put aside while the next is made.
    const carts: { orderId: number; total: string }[] = [];
    for (let i = 0; i < nCarts; i++) {
      if (i > 0 || nQuotes > 0) await addToCart(member.a, member.token, product, 1);
      const info = await member.a
        .post('/en-us/order/customer-info')
        .set(xhr(member.token))
        .send({ returning: 'true', shippingAddressId: member.shipTo, 'tax-exempt': 'false' });
      expect(info.status, info.text).to.equal(200);
      const orderId = info.body.order_id as number;
      const { totals } = await chooseShipping(member.a, member.token, orderId, member.shipTo);
      carts.push({ orderId, total: totals.total });
      await sqlRows(`update orders set status = 'quote' where id = $1`, [orderId]);
    }
    await sqlRows(`update orders set status = 'cart' where id = any($1::int[])`, [carts.map((c) => c.orderId)]);
    // Each cart's customer info touched the address again: its shipping, quoted before the later
    // carts' visits, is dated after the address's last change, as if the carts were made apart.
    await sqlRows(`update addresses set updated_at = now() - interval '10 minutes' where id = $1`, [member.shipTo]);
    await sqlRows(
      `update shipment_quotes set created_at = now() - interval '5 minutes' where order_id = any($1::int[])`,
      [carts.map((c) => c.orderId)],
    );
    // Staff offer each quote near a placement's total, so any one purchase fits and any two do not (checked below).
    const staff = await signedIn('staff@example.com');
    for (const q of quotes) {
      const { body: view } = await staff.a.get(`/en-us/admin/quotes/${q.id}`).set(xhr(staff.token));
      const line = view.lines[0].id;
      const offer = await staff.a
        .post(`/en-us/admin/quotes/${q.id}/offer`)
        .set(xhr(staff.token))
        .type('form')
        .send({
          version: String(view.version),
          [`price_${line}`]: '58.00',
          [`quantity_${line}`]: '1',
          expires_on: day(10),
          message: 'Offer',
        });
      expect(offer.status, offer.text).to.equal(200);
    }
    const totals = (
      await sqlRows<{ total: string }>('select total from orders where id = any($1::int[])', [
        [...quotes.map((q) => q.orderId), ...carts.map((c) => c.orderId)],
      ])
    )
      .map((r) => cents(r.total))
      .sort((a, b) => a - b);
    expect(totals).to.have.length(10);
    const limitCents = totals[9];
    expect(totals[0] + totals[1], 'room for exactly one purchase').to.be.greaterThan(limitCents);
    await sqlRows(
      `insert into member_limits (organisation_id, user_id, per_order_limit, per_period_limit, period) values ($1, $2, null, $3, 'month')`,
      [m.org, m.id, (limitCents / 100).toFixed(2)],
    );

    // All at once, each on its own connection, authenticated by the member's bearer token.
    const token = await apiToken(member.a);
    const bearer = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const results = await Promise.all([
      ...carts.map(async (c) => ({
        kind: 'place' as const,
        res: await (await agent())
          .post('/en-us/order/place')
          .set(bearer)
          .set('Idempotency-Key', randomUUID())
          .send({ order_id: c.orderId, payment_type: 2, check_number: '5150', expected_total: c.total }),
      })),
      ...quotes.map(async (q) => ({
        kind: 'accept' as const,
        res: await (await agent()).post(`/en-us/account/quotes/${q.id}/accept`).set(bearer).type('form').send({}),
      })),
    ]);
    return { memberId: m.id, limitCents, results };
  }

  /** One went through, the others are over the limit, and the month's spend is within it. */
  async function expectOneThrough({ memberId, limitCents, results }: Race) {
    const outcome = results
      .map(
        (r) =>
          `${r.kind} ${r.res.status}${r.res.body?.error ? ` ${r.res.body.error.code}` : r.res.body?.status ? ` ${r.res.body.status}` : ''}`,
      )
      .join(', ');
    const through = results.filter(
      (r) => (r.kind === 'place' && r.res.status === 201) || (r.kind === 'accept' && r.res.status === 200),
    );
    expect(through, outcome).to.have.length(1);
    // Everyone else is over the limit: a placement goes to the approver, an acceptance is refused for the approver to give.
    const over = results.filter(
      (r) =>
        (r.kind === 'place' && r.res.status === 202 && r.res.body.status === 'pending_approval') ||
        (r.kind === 'accept' && r.res.status === 409 && r.res.body.error.code === 'quote_overLimit'),
    );
    expect(over, outcome).to.have.length(9);

    const [spent] = await sqlRows<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(total), 0)::text as total from orders where user_id = $1 and status not in ('cart', 'quote', 'cancelled')`,
      [memberId],
    );
    expect(spent.n).to.equal(1);
    expect(cents(spent.total)).to.be.at.most(limitCents);
    const [open] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from payment_attempts where user_id = $1 and status in ('reserved', 'charged')`,
      [memberId],
    );
    expect(open.n).to.equal(0);
    const [pending] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from order_approvals where requested_by = $1 and status = 'pending'`,
      [memberId],
    );
    expect(pending.n).to.equal(results.filter((r) => r.kind === 'place' && r.res.status === 202).length);
  }

  it('ten placements at once with room for one: one placed, nine sent for approval, the month never over the limit (PostgreSQL only)', async function () {
    postgresOnly(this);
    await expectOneThrough(await race(0, 10));
  });

  it('six placements and four quote acceptances at once, with room for one: one goes through, nine are over the limit (PostgreSQL only)', async function () {
    postgresOnly(this);
    await expectOneThrough(await race(4, 6));
  });
});
