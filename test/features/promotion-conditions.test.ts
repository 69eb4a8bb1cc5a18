/**
 * Promotions' conditions over HTTP, real PostgreSQL, amounts written by hand: a
 * free-shipping promotion made in the promotion editor takes shipping off at checkout, and a
 * Canadian cart gets the Parts Bundle in CAD, both in the cart and after a staff edit of the order.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { json, visitor } from './cart-helpers.ts';
import { chooseShipping, newCustomer, place } from './checkout-helpers.ts';

const PROMOS = '/en-us/account/dashboard/promotions';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('promotions: conditions honoured where they are priced', function () {
  this.timeout(120_000);
  let admin: Agent;
  let token: string;
  const created: number[] = [];
  before(async () => {
    await testServer();
    admin = await agent();
    await signIn(admin, 'admin@example.com');
    token = await csrf(admin, PROMOS);
  });
  // Promotions apply to every cart: never leave one running for the other tests.
  after(async () => {
    if (created.length)
      await sqlRows(
        "update promotions set ends_at = now(), starts_at = least(starts_at, now() - interval '1 second') where id = any($1)",
        [created],
      );
  });

  it('a free-shipping promotion made in the promotion editor takes the shipping off at checkout (shipping stays stored, the discount holds it)', async () => {
    const res = await admin
      .post(`${PROMOS}/create`)
      .type('form')
      .send({
        _csrf: token,
        name: 'Free Freight Test',
        code: 'FREEFREIGHT',
        value: '5',
        starts_at: day(-1),
        ends_at: day(2),
        active: '1',
        priority: '1',
        applies_to: 'all',
        free_shipping: '1',
      });
    expect(res.status, res.text).to.equal(303);
    const [row] = await sqlRows<{ id: number; applies_to: string; free_shipping: boolean }>(
      "select id, applies_to, free_shipping from promotions where code = 'FREEFREIGHT'",
    );
    created.push(row.id);
    expect(row).to.deep.include({ applies_to: 'all', free_shipping: true });

    // The forged clevis ($58.00, a hitch, not a part: no Parts Bundle) to Ames, Iowa.
    const clevis = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [clevis]);
    const c = await newCustomer(clevis, 1);
    const chosen = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const totals = chosen.totals as {
      subtotal: string;
      shipping: string;
      tax: string;
      discount: string;
      total: string;
    };
    const shipping = Number(totals.shipping);
    expect(shipping, 'a rate was chosen').to.be.greaterThan(0);
    // Goods 58.00 − 5.00 = 53.00; Iowa 6 % = 3.18 and 1 % = 0.53: tax 3.71. Shipping comes off whole:
    // total = 58.00 − (5.00 + shipping) + shipping + 3.71 = 56.71, whatever the rate.
    expect(totals).to.deep.include({ subtotal: '58.00', tax: '3.71', total: '56.71' });
    expect(Number(totals.discount)).to.equal(Number((5 + shipping).toFixed(2)));
    // The summary's data names the discount after the promotion, shipping part included.
    const sync = await c.a.get('/en-us/cart/synchronize').set('Accept', 'application/json');
    expect(sync.body.promotions.map((p: { name: string; value: string }) => [p.name, p.value])).to.deep.equal([
      ['Free Freight Test', totals.discount],
    ]);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '601',
      expected_total: '56.71',
    });
    expect(placed.status, placed.text).to.equal(201);
    const [o] = await sqlRows<{ shipping: string; discount: string; total: string }>(
      'select shipping::text, discount::text, total::text from orders where id = $1',
      [c.orderId],
    );
    expect(o).to.deep.equal({ shipping: totals.shipping, discount: totals.discount, total: '56.71' });
    const promo = await sqlRows<{ title: string; total: string }>(
      'select title, total::text from order_line_items where order_id = $1 and line_type = 5',
      [c.orderId],
    );
    expect(promo).to.deep.equal([{ title: 'Free Freight Test', total: `-${totals.discount}` }]);
    // Ended now, through the editor: the next test's carts see only the demo's promotions.
    expect(
      (await admin.post(`${PROMOS}/${row.id}/end`).set('X-CSRF-Token', token).set('Accept', 'application/json')).status,
    ).to.equal(200);
  });

  it('a Canadian cart gets the Parts Bundle in CAD (US$25 × 1.37 = CA$34.25), in the cart and after a staff edit of the order', async () => {
    const { a, token: t } = await visitor();
    const tube = await productIdByStockcode('PP-STG');
    const add = await json(a, t).post('/en-us/cart/add/inline').send({ product_id: tube, quantity: 2 });
    expect(add.status, add.text).to.equal(200);
    const sw = await json(a, t).post('/en-us/channel/CA').send({ country: 'CA' });
    expect(sw.status, sw.text).to.equal(200);
    const cart = await json(a, t).get('/en-us/cart/synchronize');
    expect(cart.status).to.equal(200);
    // Two seed tubes at US$27.95 × 1.37 = CA$38.29 each: 76.58; the Parts Bundle takes CA$34.25: 42.33.
    expect(cart.body.currency).to.equal('CAD');
    expect(cart.body.totals).to.deep.include({
      subtotal: '76.58',
      discount: '34.25',
      total: '42.33',
      promotion_total: '34.25',
    });
    expect(cart.body.promotions.map((p: { name: string; value: string }) => [p.name, p.value])).to.deep.equal([
      ['Parts Bundle', '34.25'],
    ]);
    const orderId = cart.body.order_id as number;

    // Staff change the quantity to 3 in the order editor's API: 3 × 38.29 = 114.87, still CA$34.25 off: 80.62.
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const bearer = { Authorization: `Bearer ${await apiToken(staff)}` };
    const sync = (await staff.get(`/en-us/api/orders/${orderId}/synchronize`).set(bearer)).body;
    const lines = sync.line_items.map((l: { line_type: number; quantity: number }) =>
      l.line_type === 0 ? { ...l, quantity: 3 } : l,
    );
    const res = await staff
      .post(`/en-us/api/orders/${orderId}/update`)
      .set(bearer)
      .send({ version: sync.version, line_items: lines });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.order.totals).to.deep.include({ subtotal: '114.87', discount: '34.25', total: '80.62' });
    const promo = await sqlRows<{ total: string }>(
      'select total::text from order_line_items where order_id = $1 and line_type = 5',
      [orderId],
    );
    expect(promo).to.deep.equal([{ total: '-34.25' }]);
  });
});
