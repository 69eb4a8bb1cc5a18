/**
 * Returns (RMA) through HTTP: a customer asks to return 1 of 2 units, staff approve, receive and
 * refund it, and every figure agrees with the ledger, written here by hand: an order of 2 × $50.00
 * + 10 % tax = $110.00, paid by card; returning one unit is worth $50.00 + $5.00 tax = $55.00, so
 * after the refund the customer has paid $55.00 net for what they kept and owes $0.00.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { owedPartsOfOrder, sumOwed } from '../../src/domain/payment-parts.ts';
import { orderReport } from '../../src/features/reports/queries.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { sqlRows as query, testServer } from '../helpers/server.ts';
import { makeUser, signedInAs, type TestUser } from '../helpers/users.ts';
import { payByCard as payCard, placedOrder } from '../helpers/returns.ts';

describe('returns (RMA)', function () {
  this.timeout(60_000);
  let staff: Agent;
  let staffCsrf: string;
  let token: string;
  let customer: TestUser;
  let shopper: Agent;

  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await apiToken(staff);
    staffCsrf = await csrf(staff, '/en-us/admin/returns');
    customer = await makeUser({ prefix: 'rma' });
    shopper = await signedInAs(customer.email);
  });

  const payByCard = (orderId: number, lineId: number) =>
    payCard(staff, { token, csrf: staffCsrf }, { orderId, lineId });

  const step = (id: number, action: string, body: Record<string, unknown> = {}) =>
    staff
      .post(`/en-us/admin/returns/${id}/${action}`)
      .type('form')
      .send({ ...body, _csrf: staffCsrf });

  async function askReturn(orderId: number, lineId: number, quantity: number) {
    const page = await shopper.get(`/en-us/orders/${orderId}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include(`/en-us/orders/${orderId}/return`);
    const form = await shopper.get(`/en-us/orders/${orderId}/return`);
    expect(form.status).to.equal(200);
    const t = /<meta name="csrf-token" content="([^"]+)"/.exec(form.text)![1];
    return shopper
      .post(`/en-us/orders/${orderId}/return`)
      .type('form')
      .send({ [`quantity_${lineId}`]: String(quantity), reason: 'One arrived bent.', _csrf: t });
  }

  it('is asked, approved, received and refunded; the balance, the pages and the report agree by hand', async () => {
    const { orderId, lineId, productId } = await placedOrder(customer);
    await payByCard(orderId, lineId);
    const [warehouse] = await query<{ id: number }>(`select id from warehouses where active order by id limit 1`);
    const stock = async () =>
      (
        await query<{ q: number }>(
          `select coalesce((select quantity from inventory where warehouse_id = $1 and product_id = $2), 0)::int as q`,
          [warehouse.id, productId],
        )
      )[0].q;
    const stockBefore = await stock();

    const asked = await askReturn(orderId, lineId, 1);
    expect(asked.status, asked.text).to.equal(303);
    const id = Number(/\/account\/returns\/(\d+)$/.exec(asked.headers.location)![1]);
    const mine = await shopper.get(`/en-us/account/returns/${id}`).set('Accept', 'application/json');
    expect(mine.body).to.include({ status: 'requested', credit: '55.00' });
    expect(mine.body.lines).to.deep.equal([
      { order_line_item_id: lineId, title: 'Return test part', quantity: 1, credit: '55.00' },
    ]);

    // Refunding before the goods are back is not a step the return can take.
    expect((await step(id, 'refund')).status).to.equal(409);
    expect((await step(id, 'approve', { message: 'Send it back, please.' })).status).to.equal(303);
    expect((await step(id, 'receive', { warehouse_id: '' })).status).to.equal(400);
    expect((await step(id, 'receive', { warehouse_id: String(warehouse.id) })).status).to.equal(303);
    expect(await stock()).to.equal(stockBefore + 1);
    const refunded = await step(id, 'refund');
    expect(refunded.status, refunded.text).to.equal(303);

    const [refund] = await query<{ amount: string; return_id: number }>(
      `select r.amount, r.return_id from refunds r join payments p on p.id = r.payment_id where p.order_id = $1`,
      [orderId],
    );
    expect(refund).to.deep.equal({ amount: '55.00', return_id: id });

    // The staff's order: total $110.00, returned goods −$55.00, paid $55.00 net, unpaid $0.00.
    const sync = await staff.get(`/en-us/api/orders/${orderId}/synchronize`).set('Authorization', `Bearer ${token}`);
    expect(sync.body.totals.unpaid_total).to.equal('0.00');
    // The payment panel offers nothing to pay: no part owes anything.
    expect(sumOwed(owedPartsOfOrder(sync.body))).to.equal(0);
    const admin = await staff.get(`/admin/orders/detail/${orderId}`);
    const row = (tid: string) => new RegExp(`data-testid="${tid}">([^<]+)<`).exec(admin.text)?.[1];
    expect(admin.status, admin.text.slice(0, 3000)).to.equal(200);
    expect(row('order-total')).to.equal('$110.00');
    expect(row('order-returned')).to.equal('−$55.00');
    expect(row('order-paid')).to.equal('−$55.00');
    expect(row('order-unpaid')).to.equal('$0.00');
    expect(admin.text).to.include(`/en-us/admin/returns/${id}`);

    // The customer's order page: the same figures.
    const page = await shopper.get(`/en-us/orders/${orderId}`);
    const crow = (tid: string) => new RegExp(`data-testid="${tid}">([^<]+)<`).exec(page.text)?.[1];
    expect([crow('balance-total'), crow('balance-returned'), crow('balance-paid'), crow('balance-due')]).to.deep.equal([
      '$110.00',
      '−$55.00',
      '−$55.00',
      '$0.00',
    ]);

    // The report, from the orders and from the rollup: paid $55.00 net, unpaid $0.00.
    const { db } = (await testServer()).database;
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = await orderReport(
      db,
      'channel',
      { from: today, toExclusive: tomorrow, status: '', customer: customer.email },
      { limit: 10, source: 'orders' },
    );
    expect(report.rows.map((r) => [r.total, r.paid, r.unpaid])).to.deep.equal([['110.00', '55.00', '0.00']]);
    const [facts] = await query<{ total: string; paid: string; unpaid: string }>(
      `select total, paid, unpaid from report_order_facts where order_id = $1`,
      [orderId],
    );
    expect(facts).to.deep.equal({ total: '110.00', paid: '55.00', unpaid: '0.00' });

    // Each step mailed the customer; the refund's mail says the amount.
    const mailer = (await testServer()).services.mailer as FileMailer;
    const mails = (await mailer.list()).filter(
      (m) => m.content.includes(customer.email) && m.content.includes(`Return ${id}`),
    );
    expect(mails.length).to.be.at.least(4);
    expect(mails.some((m) => m.content.includes('We refunded $55.00 to your original payment'))).to.equal(true);

    // Every step is audited and sent as a webhook event.
    const actions = await query<{ action: string }>(
      `select action from logs where entity = 'order' and entity_id = $1 and action like 'return.%' order by id`,
      [orderId],
    );
    expect(actions.map((a) => a.action)).to.deep.equal([
      'return.request',
      'return.approve',
      'return.receive',
      'return.refund',
    ]);
    const events = await query<{ type: string }>(
      `select type from webhook_events where type like 'return.%' and (payload->>'returnId')::int = $1 order by id`,
      [id],
    );
    expect(events.map((e) => e.type)).to.deep.equal([
      'return.requested',
      'return.approved',
      'return.received',
      'return.refunded',
    ]);
  });

  it('replaces received goods with a zero-price line, stock taken from a warehouse; the balance does not move', async () => {
    const { orderId, lineId, productId } = await placedOrder(customer);
    await payByCard(orderId, lineId);
    const asked = await askReturn(orderId, lineId, 1);
    const id = Number(/\/account\/returns\/(\d+)$/.exec(asked.headers.location)![1]);
    const [w] = await query<{ id: number; quantity: number }>(
      `select warehouse_id as id, quantity from inventory where product_id = $1 and quantity - reserved >= 2 order by quantity desc limit 1`,
      [productId],
    );
    expect((await step(id, 'approve')).status).to.equal(303);
    expect((await step(id, 'receive', { warehouse_id: String(w.id) })).status).to.equal(303);
    expect((await step(id, 'replace')).status).to.equal(303);
    // One unit came back and one went out again from the same warehouse (it has the most).
    const [after] = await query<{ quantity: number }>(
      `select quantity from inventory where warehouse_id = $1 and product_id = $2`,
      [w.id, productId],
    );
    expect(after.quantity).to.equal(w.quantity);
    const lines = await query<{ quantity: number; unit_price: string; total: string }>(
      `select quantity, unit_price, total from order_line_items where order_id = $1 order by id`,
      [orderId],
    );
    expect(lines).to.deep.equal([
      { quantity: 2, unit_price: '50.00', total: '100.00' },
      { quantity: 1, unit_price: '0.00', total: '0.00' },
    ]);
    const sync = await staff.get(`/en-us/api/orders/${orderId}/synchronize`).set('Authorization', `Bearer ${token}`);
    expect([sync.body.totals.total, sync.body.totals.unpaid_total]).to.deep.equal(['110.00', '0.00']);
    const [ev] = await query<{ type: string }>(
      `select type from webhook_events where (payload->>'returnId')::int = $1 order by id desc limit 1`,
      [id],
    );
    expect(ev.type).to.equal('return.replaced');
  });

  it('never returns more than was ordered, and a customer sees only their own returns', async () => {
    const { orderId, lineId } = await placedOrder(customer);
    const first = await askReturn(orderId, lineId, 2);
    expect(first.status).to.equal(303);
    const id = Number(/\/account\/returns\/(\d+)$/.exec(first.headers.location)![1]);
    const again = await askReturn(orderId, lineId, 1);
    expect(again.status).to.equal(400);
    expect(again.text).to.include('You cannot return more than what is left to return on this line.');

    // Photos: up to 4 images through the media upload's checks; a text file is refused.
    const page = await shopper.get(`/en-us/account/returns/${id}`);
    const t = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    const photo = (buf: Buffer, name: string) =>
      shopper
        .post(`/en-us/account/returns/${id}/photos?_csrf=${encodeURIComponent(t)}`)
        .set('Accept', 'application/json')
        .attach('file', buf, name);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    expect((await photo(Buffer.from('not an image'), 'x.png')).status).to.equal(415);
    for (let k = 0; k < 4; k++) expect((await photo(png, `p${k}.png`)).status).to.equal(201);
    expect((await photo(png, 'p5.png')).status).to.equal(409);
    const shown = await shopper.get(`/en-us/account/returns/${id}`).set('Accept', 'application/json');
    expect(shown.body.photos).to.have.length(4);

    const other = await signedInAs((await makeUser({ prefix: 'rma-other' })).email);
    expect((await other.get(`/en-us/account/returns/${id}`)).status).to.equal(404);
    expect((await other.get(`/en-us/orders/${orderId}/return`)).status).to.equal(404);
    const list = await other.get('/en-us/account/returns').set('Accept', 'application/json');
    expect(list.body.returns).to.deep.equal([]);
    const own = await shopper.get('/en-us/account/returns').set('Accept', 'application/json');
    expect(own.body.returns.map((r: { id: number }) => r.id)).to.include(id);
  });

  it('refuses a line past its window (30 days by default, else the product’s own) or of a non-returnable product', async () => {
    const { orderId, lineId, productId } = await placedOrder(customer);
    await query(`update orders set submitted_at = now() - interval '31 days' where id = $1`, [orderId]);
    const late = await askReturn(orderId, lineId, 1);
    expect(late.status).to.equal(400);
    expect(late.text).to.include('The return window for this product has closed.');
    try {
      await query(`update products set return_window_days = 60 where id = $1`, [productId]);
      expect((await askReturn(orderId, lineId, 1)).status).to.equal(303);
      await query(`update products set returnable = false where id = $1`, [productId]);
      const never = await askReturn(orderId, lineId, 1);
      expect(never.status).to.equal(400);
      expect(never.text).to.include('This product cannot be returned.');
    } finally {
      await query(`update products set returnable = true, return_window_days = null where id = $1`, [productId]);
    }
    expect(await query(`select id from returns where order_id = $1`, [orderId])).to.have.length(1);
  });

  it('the back office lists returns by status, and refusing one frees its units', async () => {
    const { orderId, lineId } = await placedOrder(customer, 1);
    const asked = await askReturn(orderId, lineId, 1);
    const id = Number(/\/account\/returns\/(\d+)$/.exec(asked.headers.location)![1]);
    const listed = await staff.get('/en-us/admin/returns?status=requested').set('Accept', 'application/json');
    expect(listed.body.returns.map((r: { id: number }) => r.id)).to.include(id);
    expect((await step(id, 'refuse', { message: 'Past use.' })).status).to.equal(303);
    const refused = await staff.get('/en-us/admin/returns?status=requested').set('Accept', 'application/json');
    expect(refused.body.returns.map((r: { id: number }) => r.id)).to.not.include(id);
    expect((await askReturn(orderId, lineId, 1)).status).to.equal(303);
    const page = await staff.get('/en-us/admin/returns?status=replaced');
    expect(page.status).to.equal(200);
  });
});
