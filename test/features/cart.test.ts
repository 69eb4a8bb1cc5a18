/** The cart over HTTP (spec §7 "Channel and cart"), against the real app and a seeded database. */
import { expect } from 'chai';
import { and, eq } from 'drizzle-orm';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { configChoices, json, visitor } from './cart-helpers.ts';
import { lineItemOptions, orderLineItems, orders, users } from '../../src/db/schema/index.ts';
import { toCents } from '../../src/domain/money.ts';
import { priceLine } from '../../src/features/cart/pricing.ts';
import type { ChannelInfo } from '../../src/features/channels/queries.ts';

type Db = Awaited<ReturnType<typeof testServer>>['services']['db'];

let db: Db;
let allChannels: ChannelInfo[];
const productId = productIdByStockcode;

function expectError(res: { status: number; body: any }, status: number | number[]) {
  if (Array.isArray(status)) expect(status).to.include(res.status);
  else expect(res.status).to.equal(status);
  expect(res.body, JSON.stringify(res.body)).to.have.nested.property('error.code').that.is.a('string');
  expect(res.body.error.message).to.be.a('string').and.not.equal('');
}

describe('cart: add, price authority and refusals', function () {
  this.timeout(60_000);
  before(async () => {
    const app = await testServer();
    db = app.services.db;
    allChannels = await app.services.channels.all();
  });

  it('prices DEMO-CONFIG from the database, ignoring price/total/unit_price in the body', async () => {
    const { a, token } = await visitor();
    const { pid, pick } = await configChoices();
    const six = pick('Row count', '6 rows');
    const drawbar = pick('Hitch', 'Drawbar pull-type');
    const corn = pick('Extra seed plates', 'Corn 30-cell');
    const res = await a
      .post('/en-us/cart/add/inline')
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send(
        `_csrf=${encodeURIComponent(token)}&product_id=${pid}&quantity=2&options[${six.optionId}]=${six.choiceId}&options[${drawbar.optionId}]=${drawbar.choiceId}&option_qty[${corn.choiceId}]=3&price=0.01&total=0.02&unit_price=0.01&subtotal=0.01`,
      );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);

    // By hand from the demo catalogue (USD, rate 1): $18,500.00 the planter + $2,450.00 six rows
    // + $780.00 the drawbar + 3 × $38.50 corn plates = $21,845.50.
    const us = allChannels.find((c) => c.code === 'US')!;
    const expected = 2_184_550;

    const [line] = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.id, res.body.line.order_line_item_id));
    expect(toCents(line.unitPrice)).to.equal(expected);
    expect(line.quantity).to.equal(2);
    expect(line.stockcode).to.match(/^DEMO-CONFIG-006-0DB-013$/);
    const opts = await db.select().from(lineItemOptions).where(eq(lineItemOptions.lineItemId, line.id));
    expect(opts.map((o) => o.choiceId).sort()).to.deep.equal([six.choiceId, drawbar.choiceId, corn.choiceId].sort());

    // …and the same as the price authority says.
    const priced = await priceLine(db, us, {
      productId: pid,
      quantity: 2,
      selections: [
        { choiceId: six.choiceId },
        { choiceId: drawbar.choiceId },
        { choiceId: corn.choiceId, quantity: 3 },
      ],
    });
    expect(priced.unitCents).to.equal(expected);
    expect(priced.stockcode).to.equal(line.stockcode);

    // Every §7 field of the reply.
    expect(res.body).to.include.keys('product_id', 'quantity', 'cart', 'html');
    expect(res.body.product_id).to.equal(pid);
    expect(res.body.quantity).to.equal(2);
    expect(res.body.cart).to.include.keys('subtotal', 'count');
    expect(res.body.cart.subtotal).to.equal('43691.00');
    expect(res.body.cart.count).to.equal(2);
    expect(res.body.html).to.include('View cart').and.include('/en-us/cart').and.include('Custom Vacuum Planter');
  });

  it('accepts JSON selections and adds the same configuration to the same line (clamped to 999)', async () => {
    const { a, token } = await visitor();
    const { pid, pick } = await configChoices();
    const eight = pick('Row count', '8 rows');
    const spacing = pick('Row unit spacing', '36 in');
    const body = {
      product_id: pid,
      quantity: 998,
      selections: [
        { optionId: eight.optionId, choiceId: eight.choiceId },
        { optionId: spacing.optionId, choiceId: spacing.choiceId },
      ],
    };
    const first = await json(a, token).post('/en-us/cart/add/inline').send(body);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const second = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ ...body, quantity: 5 });
    expect(second.status).to.equal(200);
    expect(second.body.line.order_line_item_id).to.equal(first.body.line.order_line_item_id);
    expect(second.body.line.quantity).to.equal(999);
    expect(second.body.cart.count).to.equal(999);
    expect(second.body.line.stockcode).to.equal('DEMO-CONFIG-008-036-0C2');
  });

  it('reads options[<optionId>] and option_qty[<choiceId>] from multipart forms too', async () => {
    const { a, token } = await visitor();
    const { pid, pick } = await configChoices();
    const six = pick('Row count', '6 rows');
    const soy = pick('Extra seed plates', 'Soybean 60-cell');
    const res = await a
      .post('/en-us/cart/add/inline')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .field('product_id', String(pid))
      .field('quantity', '1')
      .field(`options[${six.optionId}]`, String(six.choiceId))
      .field(`option_qty[${soy.choiceId}]`, '12')
      .field('price', '1.00');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.line.stockcode).to.equal('DEMO-CONFIG-006-0C2-02C');
  });

  it('refuses a currency that is not the channel currency, and accepts the right one', async () => {
    const { a, token } = await visitor();
    const pid = await productId('PP-STG');
    const bad = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: pid, quantity: 1, currency: 'CAD' });
    expectError(bad, 400);
    expect(bad.body.error.message).to.equal("This currency is not offered in your country's store.");
    expect(bad.body.error.fields).to.have.property('currency');
    const ok = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: pid, quantity: 1, currency: 'USD' });
    expect(ok.status).to.equal(200);
  });

  it('answers an unknown product with 404 and a bad quantity or product id with 400 and fields', async () => {
    const { a, token } = await visitor();
    expectError(await json(a, token).post('/en-us/cart/add/inline').send({ product_id: 999999, quantity: 1 }), 404);
    const q = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-STG'), quantity: 'lots' });
    expectError(q, 400);
    expect(q.body.error.fields).to.have.property('quantity');
    const p = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: 'abc', quantity: 1 });
    expectError(p, 400);
    expect(p.body.error.fields).to.have.property('product_id');
    const choice = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-STG'), selections: [{ choiceId: 1 }] });
    expectError(choice, 400);
  });

  // Nothing is on hand for any of the three, so 'out of stock' comes first (spec §4 precedence).
  for (const code of ['DEMO-OOS', 'DEMO-CALL', 'DEMO-SOON']) {
    it(`refuses ${code} with 409 and the reason`, async () => {
      const { a, token } = await visitor();
      const res = await json(a, token)
        .post('/en-us/cart/add/inline')
        .send({ product_id: await productId(code), quantity: 1 });
      expectError(res, 409);
      expect(['out_of_stock', 'coming_soon', 'call']).to.include(res.body.error.code);
      const sync = await json(a, token).get('/en-us/cart/synchronize');
      expect(sync.body.line_items).to.deep.equal([]);
    });
  }

  it('accepts DEMO-FUTURE (nothing on hand, resupply date in the future)', async () => {
    const { a, token } = await visitor();
    const res = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('DEMO-FUTURE'), quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.quantity).to.equal(2);
  });

  it('translates refusals into the page language', async () => {
    const { a, token } = await visitor('/fr-ca/cart');
    const res = await json(a, token)
      .post('/fr-ca/cart/add/inline')
      .send({ product_id: await productId('DEMO-OOS'), quantity: 1 });
    expect(res.status).to.equal(409);
    expect(res.body.error.message).to.equal('Ce produit est en rupture de stock.');
  });
});

describe('cart: quantity, removal, discounts, synchronize', function () {
  this.timeout(60_000);
  before(async () => {
    const app = await testServer();
    db = app.services.db;
    allChannels = await app.services.channels.all();
  });

  async function cartWith(stockcode: string, quantity = 1) {
    const v = await visitor();
    const res = await json(v.a, v.token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId(stockcode), quantity });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return { ...v, lineId: res.body.line.order_line_item_id as number };
  }

  it('PUT answers every §7 field; 5000 → 999 and 0 → 1; POST _method=put works the same', async () => {
    const { a, token, lineId } = await cartWith('PP-SHL', 2);
    const big = await json(a, token).put(`/en-us/cart/${lineId}`).send({ quantity: 5000 });
    expect(big.status, JSON.stringify(big.body)).to.equal(200);
    for (const k of [
      'price',
      'total',
      'subtotal',
      'price_discounted',
      'total_discounted',
      'subtotal_discounted',
      'quantity',
      'last_quantity',
    ]) {
      expect(big.body, k).to.have.property(k);
      expect(big.body[k], k).to.not.equal(null);
    }
    expect(big.body.quantity).to.equal(999);
    expect(big.body.last_quantity).to.equal(2);
    // The hopper lid is $24.00 in the demo catalogue: 999 of them $23,976.00.
    expect(big.body.price).to.equal('24.00');
    expect(big.body.total).to.equal('23976.00');
    expect(toCents(big.body.total_discounted)).to.be.at.most(toCents(big.body.total));

    const zero = await json(a, token)
      .post(`/en-us/cart/${lineId}`)
      .type('form')
      .send({ _method: 'put', quantity: '0' });
    expect(zero.status, JSON.stringify(zero.body)).to.equal(200);
    expect(zero.body.quantity).to.equal(1);
    expect(zero.body.last_quantity).to.equal(999);

    // Accepted under every locale prefix (the spec writes /en-us/).
    const fr = await json(a, token).put(`/fr-ca/cart/${lineId}`).send({ quantity: 3 });
    expect(fr.status).to.equal(200);
    expect(fr.body.quantity).to.equal(3);
    const back = await json(a, token).put(`/en-us/cart/${lineId}`).send({ quantity: '4' });
    expect(back.body.quantity).to.equal(4);

    const nan = await json(a, token).put(`/en-us/cart/${lineId}`).send({ quantity: 'many' });
    expectError(nan, 400);
    expect(nan.body.error.fields).to.have.property('quantity');
  });

  it("rejects bad line ids: abc, 999999 and another visitor's line, in the error shape", async () => {
    const mine = await cartWith('PP-SHL');
    const theirs = await cartWith('PP-PAB');
    expectError(await json(mine.a, mine.token).put('/en-us/cart/abc').send({ quantity: 2 }), 400);
    expectError(await json(mine.a, mine.token).put('/en-us/cart/999999').send({ quantity: 2 }), 404);
    expectError(await json(mine.a, mine.token).put(`/en-us/cart/${theirs.lineId}`).send({ quantity: 2 }), 404);
    expectError(await json(mine.a, mine.token).del(`/en-us/cart/${theirs.lineId}`), 404);
    expectError(await json(mine.a, mine.token).del('/en-us/cart/abc'), 400);
    // Nothing of theirs changed.
    const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.id, theirs.lineId));
    expect(line.quantity).to.equal(1);
    // A visitor with no cart at all.
    const none = await visitor();
    expectError(await json(none.a, none.token).put(`/en-us/cart/${mine.lineId}`).send({ quantity: 2 }), 404);
  });

  it('DELETE answers subtotal and last_quantity (also POST _method=delete)', async () => {
    const { a, token, lineId } = await cartWith('PP-SHL', 3);
    const other = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-PAB'), quantity: 2 });
    const del = await json(a, token).del(`/en-us/cart/${lineId}`);
    expect(del.status, JSON.stringify(del.body)).to.equal(200);
    expect(del.body).to.include.keys('subtotal', 'last_quantity');
    expect(del.body.last_quantity).to.equal(3);
    // What is left: two bushing kits at $34.20.
    expect(del.body.subtotal).to.equal('68.40');
    const again = await json(a, token).del(`/en-us/cart/${lineId}`);
    expectError(again, 404);
    const viaPost = await json(a, token)
      .post(`/en-us/cart/${other.body.line.order_line_item_id}`)
      .send({ _method: 'delete' });
    expect(viaPost.status).to.equal(200);
    expect(viaPost.body.subtotal).to.equal('0.00');
    expect(viaPost.body.last_quantity).to.equal(2);
  });

  it('synchronize returns lines with the §3 fields, totals, promotions and showDiscount; promotions capped at the goods', async () => {
    const { a, token } = await cartWith('TL-BRUSH', 1);
    const res = await json(a, token).get('/en-us/cart/synchronize');
    expect(res.status).to.equal(200);
    expect(res.body).to.include.keys('line_items', 'totals', 'promotions', 'showDiscount');
    const product = res.body.line_items.find((l: any) => l.line_type === 0);
    for (const k of [
      'order_line_item_id',
      'line_type',
      'product_id',
      'promotion_id',
      'product',
      'quantity',
      'currency_id',
      'warehouse_id',
      'unit_price',
      'discount',
      'total',
      'total_discounted',
      'paid_total',
      'unpaid_total',
      'line_options',
    ]) {
      expect(product, k).to.have.property(k);
    }
    expect(product.product).to.include.keys('title', 'image');
    for (const k of ['subtotal', 'shipping', 'tax', 'discount', 'total', 'unpaid_total', 'total_discounted'])
      expect(res.body.totals, k).to.have.property(k);
    // The demo promotion in force (PARTS25, $25) comes off parts only: a $9.75 brush is a
    // tool, so the cart has no promotion line and no discount.
    const promos = res.body.line_items.filter((l: any) => l.line_type === 5);
    expect(promos).to.deep.equal([]);
    expect(res.body.promotions).to.deep.equal([]);
    expect(res.body.totals.discount).to.equal('0.00');
    expect([0, 1]).to.include(res.body.showDiscount);
  });

  it('viewdiscounts stores 1|0 in the session and on the cart, refuses anything else', async () => {
    const { a, token } = await cartWith('TL-BRUSH', 1);
    const off = await json(a, token).post('/en-us/cart/viewdiscounts').type('form').send({ showDiscount: '0' });
    expect(off.status).to.equal(200);
    expect(off.body).to.deep.equal({ showDiscount: 0 });
    expect((await json(a, token).get('/en-us/cart/synchronize')).body.showDiscount).to.equal(0);
    const on = await json(a, token).post('/en-us/cart/viewdiscounts').send({ showDiscount: 1 });
    expect(on.body).to.deep.equal({ showDiscount: 1 });
    expect((await json(a, token).get('/en-us/cart/synchronize')).body.showDiscount).to.equal(1);
    expectError(await json(a, token).post('/en-us/cart/viewdiscounts').send({ showDiscount: 2 }), 400);
    expectError(await json(a, token).post('/en-us/cart/viewdiscounts').send({}), 400);
  });

  it('renders the cart page with its lines, and an empty state with a link to products', async () => {
    const { a } = await cartWith('PP-SHL', 2);
    const page = await a.get('/en-us/cart');
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-testid="cart-page"');
    expect(page.text).to.include('data-testid="cart-line"');
    expect(page.text).to.include('Seed Hopper Lid');
    expect(page.text).to.match(/data-testid="cart-count"[^>]*>2</);
    const empty = await (await agent()).get('/en-us/cart');
    expect(empty.status).to.equal(200);
    expect(empty.text).to.include('data-testid="cart-empty"');
    expect(empty.text).to.include('href="/en-us/products"');
  });

  it('requires the CSRF token for cart writes', async () => {
    const { a } = await cartWith('PP-SHL');
    const res = await a
      .post('/en-us/cart/add/inline')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ product_id: await productId('PP-SHL') });
    expect(res.status).to.equal(403);
  });
});

describe('cart: sign-in merge and channel re-pricing', function () {
  this.timeout(60_000);
  before(async () => {
    const app = await testServer();
    db = app.services.db;
    allChannels = await app.services.channels.all();
  });

  it("merges the anonymous cart into customer@example.com's cart at sign-in, summing the same stock code", async () => {
    const [customer] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, 'customer@example.com'), eq(users.isGuest, false)));
    const plate = await productId('DEMO-SEED-PLATE');
    const tube = await productId('PP-STG');
    const cartOf = async () => {
      const [o] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, customer.id), eq(orders.status, 'cart')))
        .orderBy(orders.createdAt);
      const lines = await db.select().from(orderLineItems).where(eq(orderLineItems.orderId, o.id));
      return { id: o.id, lines };
    };
    const before = await cartOf();
    const plateBefore =
      before.lines.find((l) => l.productId === plate && l.stockcode === 'DEMO-SEED-PLATE')?.quantity ?? 0;
    expect(before.lines.some((l) => l.productId === tube)).to.equal(false);

    const { a, token } = await visitor('/en-us/login');
    const add1 = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: plate, quantity: 3 });
    const add2 = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: tube, quantity: 2 });
    expect(add1.status).to.equal(200);
    expect(add2.status).to.equal(200);
    const [anon] = await db
      .select({ orderId: orderLineItems.orderId })
      .from(orderLineItems)
      .where(eq(orderLineItems.id, add1.body.line.order_line_item_id));

    await signIn(a, 'customer@example.com');
    const after = await cartOf();
    expect(after.id).to.equal(before.id);
    expect(after.lines.find((l) => l.productId === plate && l.stockcode === 'DEMO-SEED-PLATE')!.quantity).to.equal(
      Math.min(999, plateBefore + 3),
    );
    expect(after.lines.find((l) => l.productId === tube)!.quantity).to.equal(2);
    expect(await db.select().from(orders).where(eq(orders.id, anon.orderId))).to.have.length(0);
    const sync = await a.get('/en-us/cart/synchronize').set('Accept', 'application/json');
    expect(sync.body.order_id).to.equal(before.id);

    // Leave the demo cart as it was for other tests.
    const token2 = await csrf(a, '/en-us/cart');
    const tubeLine = after.lines.find((l) => l.productId === tube)!;
    expect((await json(a, token2).del(`/en-us/cart/${tubeLine.id}`)).status).to.equal(200);
    const plateLine = after.lines.find((l) => l.productId === plate && l.stockcode === 'DEMO-SEED-PLATE')!;
    expect((await json(a, token2).put(`/en-us/cart/${plateLine.id}`).send({ quantity: plateBefore })).status).to.equal(
      200,
    );
  });
});
