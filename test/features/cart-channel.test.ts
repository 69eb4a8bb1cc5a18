/**
 * The cart's channel over HTTP: a channel switch (a POST) re-prices the cart; once a visitor has a
 * cart, its channel stays theirs whatever the page's language, so a GET never re-prices (no write on
 * a GET); signing in re-prices a member's cart into the channel they signed in under.
 */
import { expect } from 'chai';
import { eq, inArray } from 'drizzle-orm';
import { agent, csrf, DEMO_PASSWORD, signIn } from '../helpers/http.ts';
import { makeUser } from '../helpers/users.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { configChoices, json, visitor } from './cart-helpers.ts';
import { orderLineItems, orders } from '../../src/db/schema/index.ts';
import { getCart } from '../../src/features/cart/service.ts';
import type { ChannelInfo } from '../../src/features/channels/queries.ts';

type Db = Awaited<ReturnType<typeof testServer>>['services']['db'];

let db: Db;
let allChannels: ChannelInfo[];
const productId = productIdByStockcode;

const cartOf = async (lineId: number) => (await db.select({ orderId: orderLineItems.orderId }).from(orderLineItems).where(eq(orderLineItems.id, lineId)))[0].orderId;

/** The order row's channel, currency, subtotal and last write. */
async function orderRow(id: number) {
  const [o] = await db.select({ channelId: orders.channelId, currency: orders.orderCurrency, subtotal: orders.subtotal, updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, id));
  return o;
}

describe('cart: its channel', function () {
  this.timeout(60_000);
  before(async () => {
    const app = await testServer();
    db = app.services.db;
    allChannels = await app.services.channels.all();
  });

  it('re-prices the cart when the channel switches (US → CA)', async () => {
    const { a, token } = await visitor();
    const pid = await productId('PP-STG');
    const add = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: pid, quantity: 2 });
    expect(add.status).to.equal(200);
    const ca = allChannels.find((c) => c.code === 'CA')!;

    const res = await json(a, token).post(`/en-us/channel/CA`).send({ country: 'CA' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.id, add.body.line.order_line_item_id));
    const [order] = await db.select().from(orders).where(eq(orders.id, line.orderId));
    const [repriced] = await db.select().from(orderLineItems).where(eq(orderLineItems.id, line.id));
    expect(order.orderCurrency).to.equal('CAD');
    expect(order.channelId).to.equal(ca.id);
    // The seed tube's US$27.95 × 1.37 CAD per USD = 38.2915: CA$38.29, twice CA$76.58.
    expect(repriced.unitPrice).to.equal('38.29');
    expect(repriced.currencyId).to.equal(ca.currencyId);
    expect(order.subtotal).to.equal('76.58');
  });

  it('converts USD option prices with the channel rate when re-pricing a configured line', async () => {
    const { a, token } = await visitor();
    const { pid, pick } = await configChoices();
    const six = pick('Row count', '6 rows');
    const add = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: pid, selections: [{ choiceId: six.choiceId }] });
    expect(add.status).to.equal(200);
    const mx = allChannels.find((c) => c.code === 'MX')!;
    const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.id, add.body.line.order_line_item_id));
    const state = await getCart(db, { cartOrderId: line.orderId }, mx);
    // By hand, 17.2 MXN per USD: the planter US$18,500.00 → MX$318,200.00, six rows US$2,450.00 →
    // MX$42,140.00: MX$360,340.00.
    const mine = state!.lines.find((l) => l.id === line.id)!;
    expect(mine.unitCents).to.equal(36_034_000);
    expect(state!.currency).to.equal('MXN');
    const [stored] = await db.select({ orderCurrency: orders.orderCurrency }).from(orders).where(inArray(orders.id, [line.orderId]));
    expect(stored.orderCurrency).to.equal('MXN');
  });

  it('a cart keeps its channel when the page changes language: /fr-ca/cart shows the US cart in USD and writes nothing', async () => {
    const { a, token } = await visitor();
    const add = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: await productId('PP-STG'), quantity: 2 });
    expect(add.status).to.equal(200);
    const us = allChannels.find((c) => c.code === 'US')!;
    const orderId = await cartOf(add.body.line.order_line_item_id);
    const before = await orderRow(orderId);
    expect(before.channelId).to.equal(us.id);
    const fr = await a.get('/fr-ca/cart');
    expect(fr.status).to.equal(200);
    expect(fr.text).to.include('<html lang="fr"');
    // The seed tube, US$27.95 twice: 55,90 $ US in French, never converted to CAD.
    expect(fr.text).to.match(/55,90\s*\$\s*US/);
    expect(await orderRow(orderId)).to.deep.equal(before);
    // The same on a JSON read.
    const read = await json(a, token).get('/fr-ca/cart');
    expect(read.status).to.equal(200);
    expect(await orderRow(orderId)).to.deep.equal(before);
  });

  it('signing in under another channel re-prices the member\'s cart then (a POST), and their pages keep that channel', async () => {
    const member = await makeUser({ prefix: 'cart-channel' });
    const a = await agent();
    await signIn(a, member.email);
    const token = await csrf(a, '/en-us/cart');
    const add = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: await productId('PP-STG'), quantity: 1 });
    expect(add.status).to.equal(200);
    const orderId = await cartOf(add.body.line.order_line_item_id);
    expect((await orderRow(orderId)).currency).to.equal('USD');
    // A new visit, in French (Canada): the CA channel by the language; sign-in re-prices into it.
    const b = await agent();
    await b.get('/fr-ca/');
    const fToken = await csrf(b, '/fr-ca/login');
    const login = await b.post('/fr-ca/login').type('form').send({ email: member.email, password: DEMO_PASSWORD, _csrf: fToken });
    expect(login.status).to.be.oneOf([302, 303]);
    const ca = allChannels.find((c) => c.code === 'CA')!;
    const signedIn = await orderRow(orderId);
    expect(signedIn.channelId).to.equal(ca.id);
    expect(signedIn.currency).to.equal('CAD');
    // Then an English page keeps CAD and writes nothing.
    expect((await b.get('/en-us/cart')).status).to.equal(200);
    expect(await orderRow(orderId)).to.deep.equal(signedIn);
  });
});
