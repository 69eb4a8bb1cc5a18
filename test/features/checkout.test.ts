/** Checkout over HTTP: the order transaction's guarantees (decline, stock under concurrency, idempotency, forged input, privacy). */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { csrf, signIn, agent } from '../helpers/http.ts';
import { postgresOnly } from '../helpers/db.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { TEST_CARDS, type OfflinePaymentProvider } from '../../src/providers/payments/index.ts';
import { addToCart, chooseShipping, newCustomer, place, tokenize, xhr } from './checkout-helpers.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

describe('checkout: placing orders', function () {
  this.timeout(120_000);
  let product: number;
  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [product]);
  });

  it('places an order by check: stock taken, tax by region, payment allocated to lines, mail sent, confirmation page', async () => {
    const c = await newCustomer(product, 2);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const [before] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '1042',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.status).to.equal('pending');
    const [after] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    expect(after.q).to.equal(before.q - 2);
    const [order] = await sql<{ tax: string; total: string; tax_breakdown: { name: string }[]; status: string }>(
      'select tax, total, tax_breakdown, status from orders where id = $1',
      [c.orderId],
    );
    expect(Number(order.tax)).to.be.greaterThan(0);
    expect(order.tax_breakdown.map((t) => t.name)).to.deep.equal(['Iowa sales tax', 'Local option tax']);
    const [pay] = await sql<{ total: string; check_number: string; alloc: string }>(
      'select p.total, p.check_number, (select sum(amount)::text from payment_allocations where payment_id = p.id) as alloc from payments p where order_id = $1',
      [c.orderId],
    );
    expect(pay.check_number).to.equal('1042');
    expect(pay.alloc).to.equal(pay.total);
    expect(pay.total).to.equal(order.total);
    const page = await c.a.get(`${res.body.redirect}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-testid="order-placed"').and.include('Check #1042');
    const mails = (await (await testServer()).services.mailer) as unknown as { list(): Promise<{ content: string }[]> };
    expect(
      (await mails.list()).some(
        (m) =>
          m.content.includes(`Order #${c.orderId}`) &&
          m.content.includes(c.email) &&
          m.content.includes(`/en-us/orders/${c.orderId}`),
      ),
    ).to.equal(true);
  });

  it('a cart of one $7.95 part with the $25 Parts Bundle: −$7.95, shipping and tax still paid, placed above $0.00', async () => {
    // The connector links are a part (Parts › Drive & Chain): the Parts Bundle takes their $7.95 and no
    // more, the goods cost 0, Iowa's 6 % + 1 % on 0 goods is 0, and the order costs exactly its shipping:
    // 7.95 − 7.95 + 12.13 (the cheapest rate to Ames, IA) + 0.00 = 12.13.
    const part = await productIdByStockcode('DC-CL40-5');
    await sql(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [part]);
    const c = await newCustomer(part, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    expect(totals).to.deep.include({
      subtotal: '7.95',
      discount: '7.95',
      shipping: '12.13',
      tax: '0.00',
      total: '12.13',
    });
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '501',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const [order] = await sql<{ subtotal: string; discount: string; shipping: string; tax: string; total: string }>(
      'select subtotal::text, discount::text, shipping::text, tax::text, total::text from orders where id = $1',
      [c.orderId],
    );
    expect(order).to.deep.equal({ subtotal: '7.95', discount: '7.95', shipping: '12.13', tax: '0.00', total: '12.13' });
    const promo = await sql<{ title: string; total: string }>(
      'select title, total::text from order_line_items where order_id = $1 and line_type = 5',
      [c.orderId],
    );
    expect(promo).to.deep.equal([{ title: 'Parts Bundle', total: '-7.95' }]);
  });

  it('a cart of a machine only (no part) gets no Parts Bundle: no promotion line, no discount', async () => {
    const planter = await productIdByStockcode('PL-2RC');
    await sql(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [planter]);
    const c = await newCustomer(planter, 1);
    const cart = await c.a.get('/en-us/cart').set(xhr(c.token));
    expect(cart.status, cart.text).to.equal(200);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    // $4,850.00 taxed in Iowa at 6 % + 1 %: 291.00 + 48.50 = 339.50.
    expect(totals).to.deep.include({ subtotal: '4850.00', discount: '0.00', tax: '339.50' });
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '502',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const promo = await sql('select id from order_line_items where order_id = $1 and line_type = 5', [c.orderId]);
    expect(promo).to.deep.equal([]);
    const linked = await sql('select promotion_id from order_promotions where order_id = $1', [c.orderId]);
    expect(linked).to.deep.equal([]);
  });

  it('a declined card gives a clear error and leaves no order, no payment and no stock taken', async () => {
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const [before] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    for (const [card, message] of [
      [TEST_CARDS.declined, 'Your card was declined.'],
      [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ]) {
      const tok = await tokenize(c.a, c.token, card);
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 1,
        token: tok,
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(402);
      expect(res.body.error.message).to.equal(message);
    }
    const [after] = await sql<{ q: number }>('select sum(quantity)::int as q from inventory where product_id = $1', [
      product,
    ]);
    expect(after.q).to.equal(before.q);
    const [o] = await sql<{ status: string; n: number; a: number }>(
      'select status, (select count(*)::int from payments where order_id = $1) as n, (select count(*)::int from stock_allocations s join order_line_items l on l.id = s.line_item_id where l.order_id = $1) as a from orders where id = $1',
      [c.orderId],
    );
    expect(o).to.deep.equal({ status: 'cart', n: 0, a: 0 });
    // The same cart then goes through with a good card.
    const ok = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: await tokenize(c.a, c.token, TEST_CARDS.approved),
      expected_total: totals.total,
    });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body.status).to.equal('processing');
  });

  it('one Idempotency-Key sent twice gives one order and one charge; with a changed body it is 422; without one 400', async () => {
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const sandbox = (await testServer()).services.payments as OfflinePaymentProvider;
    const charges = sandbox.chargeCount;
    const tok = await tokenize(c.a, c.token, TEST_CARDS.approved);
    const body = { order_id: c.orderId, payment_type: 1, token: tok, expected_total: totals.total };
    expect((await place(c.a, c.token, null, body)).status).to.equal(400);
    const key = randomUUID();
    const [first, second] = await Promise.all([place(c.a, c.token, key, body), place(c.a, c.token, key, body)]);
    expect(first.status, first.text).to.equal(201);
    expect(second.status, second.text).to.equal(201);
    expect(second.body).to.deep.equal(first.body);
    const third = await place(c.a, c.token, key, body);
    expect(third.body).to.deep.equal(first.body);
    expect(third.headers['idempotent-replayed']).to.equal('true');
    expect(sandbox.chargeCount - charges).to.equal(1);
    const [p] = await sql<{ n: number }>('select count(*)::int as n from payments where order_id = $1', [c.orderId]);
    expect(p.n).to.equal(1);
    const changed = await place(c.a, c.token, key, { ...body, po_number: 'PO-77' });
    expect(changed.status).to.equal(422);
    expect(changed.body.error.code).to.equal('idempotency_mismatch');
  });

  it('refuses a forged price, a forged or foreign quote id, and an expired quote', async () => {
    const c = await newCustomer(product, 1);
    const other = await newCustomer(product, 1);
    const q = await other.a.get(`/en-us/order/shipping-method?addressId=${other.shipTo}`).set(xhr(other.token));
    const foreign = q.body.warehouses[0].rates[0].quote_id;
    for (const ids of [[foreign], [999999], ['x']]) {
      const res = await c.a
        .post('/en-us/order/shipping-method')
        .set(xhr(c.token))
        .send({ order_id: c.orderId, selected_methods: ids });
      expect(res.status, JSON.stringify(ids)).to.equal(400);
      expect(res.body.error).to.have.property('message');
    }
    const { totals, ids } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const forged = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '77',
      expected_total: '1.00',
    });
    expect(forged.status).to.equal(409);
    expect(forged.body.error.code).to.equal('price_changed');
    // A unit price tampered in the database cart is re-priced from the catalogue before placing.
    await sql(`update order_line_items set unit_price = 0.01 where order_id = $1 and line_type = 0`, [c.orderId]);
    const stillRight = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '77',
      expected_total: '0.01',
    });
    expect(stillRight.status).to.equal(409);
    // Quotes expire: an old selection cannot place the order.
    await sql(`update shipment_quotes set created_at = now() - interval '2 hours' where id = any($1)`, [ids]);
    const expired = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '77',
      expected_total: totals.total,
    });
    expect(expired.status).to.equal(409);
    expect(expired.body.error.code).to.equal('shipping_changed');
    const reselect = await c.a
      .post('/en-us/order/shipping-method')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, selected_methods: ids });
    expect(reselect.status).to.equal(400);
  });

  it('20 concurrent card checkouts of a product with 5 in stock give exactly 5 orders, stock 0, and 5 charges net of refunds (PostgreSQL only)', async function () {
    postgresOnly(this);
    this.timeout(400_000); // 20 new accounts (argon2) and 60 setup requests before the race; slow on a shared machine
    const last = await productIdByStockcode('TL-GAUGE');
    const [us] = await sql<{ id: number }>(`select id from warehouses where country_code = 'US' order by id limit 1`);
    await sql(
      'update inventory set quantity = case when warehouse_id = $2 then 5 else 0 end, reserved = 0 where product_id = $1',
      [last, us.id],
    );
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await newCustomer(last, 1));
    const ready = [];
    for (const b of buyers)
      ready.push({
        ...b,
        totals: (await chooseShipping(b.a, b.token, b.orderId, b.shipTo)).totals,
        card: await tokenize(b.a, b.token, TEST_CARDS.approved),
      });
    const sandbox = (await testServer()).services.payments as OfflinePaymentProvider;
    const [charges, refunds] = [sandbox.chargeCount, sandbox.refundCount];
    const results = await Promise.all(
      ready.map((b) =>
        place(b.a, b.token, randomUUID(), {
          order_id: b.orderId,
          payment_type: 1,
          token: b.card,
          expected_total: b.totals.total,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).to.have.length(5);
    expect(statuses.filter((s) => s === 409)).to.have.length(15);
    expect(results.find((r) => r.status === 409)!.body.error.code).to.equal('out_of_stock');
    const [stock] = await sql<{ q: number; min: number }>(
      'select sum(quantity)::int as q, min(quantity)::int as min from inventory where product_id = $1',
      [last],
    );
    expect(stock).to.deep.equal({ q: 0, min: 0 });
    const [placed] = await sql<{ n: number }>(
      `select count(*)::int as n from orders o where o.id = any($1) and o.status <> 'cart'`,
      [buyers.map((b) => b.orderId)],
    );
    expect(placed.n).to.equal(5);
    // Money moved only for the orders placed (charges minus refunds at the provider), nothing left reserved.
    expect(sandbox.chargeCount - charges - (sandbox.refundCount - refunds)).to.equal(5);
    const [held] = await sql<{ r: number }>('select sum(reserved)::int as r from inventory where product_id = $1', [
      last,
    ]);
    expect(held.r).to.equal(0);
  });

  it("a customer cannot read another customer's confirmation page; staff can; guests are sent to sign in", async () => {
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '9',
      expected_total: totals.total,
    });
    expect(res.status).to.equal(201);
    const stranger = await agent();
    await signIn(stranger, 'tom.becker@example.net');
    expect((await stranger.get(`/en-us/orders/${c.orderId}`)).status).to.equal(404);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    expect((await staff.get(`/en-us/orders/${c.orderId}`)).status).to.equal(200);
    const guest = await agent();
    expect((await guest.get(`/en-us/orders/${c.orderId}`)).status).to.equal(302);
    // The survey: owner only, once, validated.
    const bad = await c.a.post(`/en-us/orders/${c.orderId}/survey`).set(xhr(c.token)).send({ source: 'tv', ease: 9 });
    expect(bad.status).to.equal(400);
    // Without JavaScript: the order page again, the messages beside the answers, the comment kept, in the visitor's language.
    const form = { _csrf: c.token, source: 'tv', ease: '9', comment: 'Kept as typed' };
    const page = await c.a.post(`/en-us/orders/${c.orderId}/survey`).type('form').send(form);
    expect(page.status).to.equal(400);
    expect(page.text).to.include('data-testid="checkout-survey"').and.not.include('data-testid="error-page"');
    expect(page.text).to.include('data-testid="field-error-ease">Rate the checkout from 1 to 5.<');
    expect(page.text).to.include('data-testid="field-error-source"');
    expect(page.text).to.include('>Kept as typed</textarea>');
    const fr = await c.a.post(`/fr-ca/orders/${c.orderId}/survey`).type('form').send(form);
    expect(fr.status).to.equal(400);
    expect(fr.text).to.include('data-testid="field-error-ease"').and.not.include('Rate the checkout from 1 to 5.');
    const strangerToken = await csrf(stranger, '/en-us/account');
    expect(
      (
        await stranger
          .post(`/en-us/orders/${c.orderId}/survey`)
          .set(xhr(strangerToken))
          .send({ source: 'dealer', ease: 5 })
      ).status,
    ).to.equal(404);
    expect(
      (
        await c.a
          .post(`/en-us/orders/${c.orderId}/survey`)
          .set(xhr(c.token))
          .send({ source: 'dealer', ease: 5, comment: 'Quick.' })
      ).status,
    ).to.equal(201);
    expect(
      (await c.a.post(`/en-us/orders/${c.orderId}/survey`).set(xhr(c.token)).send({ source: 'dealer', ease: 5 }))
        .status,
    ).to.equal(409);
    const again = await c.a
      .post(`/en-us/orders/${c.orderId}/survey`)
      .type('form')
      .send({ _csrf: c.token, source: 'dealer', ease: '5' });
    expect(again.status).to.equal(409);
    expect(again.text)
      .to.include(`data-order-id="${c.orderId}"`)
      .and.include('data-testid="form-error">This survey was already answered. Thank you!<');
  });

  it('customer info: bad input is 400 per field, a foreign saved address is refused, a Canadian address on the US store is 409', async () => {
    const a = await agent();
    await signIn(a, 'will.harper@acme.example'); // leaves the demo accounts' carts alone
    const token = await csrf(a, '/en-us/cart');
    await addToCart(a, token, product, 1);
    const bad = await a.post('/en-us/order/customer-info').set(xhr(token)).send({
      returning: 'true',
      shippingAddressId: 'add-new',
      'new-shipping-country': 'US',
      'new-shipping-postalcode': 'ABC',
    });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields).to.include.keys('new-shipping-firstName', 'new-shipping-postalcode');
    const [foreign] = await sql<{ id: number }>(
      `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'customer@example.com' limit 1`,
    );
    expect(
      (
        await a
          .post('/en-us/order/customer-info')
          .set(xhr(token))
          .send({ returning: 'true', shippingAddressId: foreign.id })
      ).status,
    ).to.equal(400);
    const ca = await a.post('/en-us/order/customer-info').set(xhr(token)).send({
      returning: 'true',
      shippingAddressId: 'add-new',
      'new-shipping-firstName': 'Jo',
      'new-shipping-lastName': 'Roy',
      'new-shipping-address1': '1 Rue',
      'new-shipping-city': 'Laval',
      'new-shipping-country': 'CA',
      'new-shipping-region': 'QC',
      'new-shipping-postalcode': 'H7N 1A1',
    });
    expect(ca.status, ca.text).to.equal(409);
    expect(ca.body.error.code).to.equal('channel_mismatch');
    const exemptMissing = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ returning: 'true', shippingAddressId: foreign.id, 'tax-exempt': 'true' });
    expect(exemptMissing.status).to.equal(400);
    expect(exemptMissing.body.error.fields).to.include.keys('biz-type', 'signature', 'title');
    // Without a session every checkout call is 401.
    const guest = await agent();
    const g = await csrf(guest, '/en-us/products');
    expect((await guest.get('/en-us/order/shipping-method?addressId=1').set(xhr(g))).status).to.equal(401);
    expect(
      (await guest.post('/en-us/order/place').set(xhr(g)).set('Idempotency-Key', randomUUID()).send({})).status,
    ).to.equal(401);
    expect((await guest.get('/en-us/order/payment-methods').set(xhr(g))).status).to.equal(401);
    // The page itself: an empty cart gets a clear page at both paths; a visitor with a cart chooses how to go on.
    for (const path of ['/cart/checkout', '/en-us/cart/checkout']) {
      const page = await guest.get(path);
      expect(page.status).to.equal(200);
      expect(page.text).to.include('data-testid="checkout-empty"');
    }
    await addToCart(guest, g, product, 1);
    const choose = await guest.get('/en-us/cart/checkout');
    expect(choose.text).to.include('data-testid="checkout-choose"').and.not.include('data-island="checkout"');
    expect((await guest.get('/en-us/cart/checkout?new=1')).text).to.include('data-island="checkout"');
  });
});
