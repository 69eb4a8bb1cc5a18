/**
 * The cart's channel over HTTP: a channel switch (a POST) re-prices the cart; once a visitor has a
 * cart, its channel stays theirs whatever the page's language, so a GET never re-prices (no write on
 * a GET); signing in re-prices a member's cart into the channel they signed in under.
 */
import { expect } from 'chai';
import { eq, inArray } from 'drizzle-orm';
import { agent, apiToken, csrf, DEMO_PASSWORD, signIn } from '../helpers/http.ts';
import { makeOrganisation, makeUser } from '../helpers/users.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { configChoices, json, visitor } from './cart-helpers.ts';
import { orderLineItems, orders } from '../../src/db/schema/index.ts';
import { getCart } from '../../src/features/cart/service.ts';
import type { ChannelInfo } from '../../src/features/channels/queries.ts';

type Db = Awaited<ReturnType<typeof testServer>>['services']['db'];

let db: Db;
let allChannels: ChannelInfo[];
const productId = productIdByStockcode;

const cartOf = async (lineId: number) =>
  (await db.select({ orderId: orderLineItems.orderId }).from(orderLineItems).where(eq(orderLineItems.id, lineId)))[0]
    .orderId;

/** The order row's channel, currency, subtotal and last write. */
async function orderRow(id: number) {
  const [o] = await db
    .select({
      channelId: orders.channelId,
      currency: orders.orderCurrency,
      subtotal: orders.subtotal,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.id, id));
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
    const [line] = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.id, add.body.line.order_line_item_id));
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
    const add = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: pid, selections: [{ choiceId: six.choiceId }] });
    expect(add.status).to.equal(200);
    const mx = allChannels.find((c) => c.code === 'MX')!;
    const [line] = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.id, add.body.line.order_line_item_id));
    const state = await getCart(db, { cartOrderId: line.orderId }, mx);
    // By hand, 17.2 MXN per USD: the planter US$18,500.00 → MX$318,200.00, six rows US$2,450.00 →
    // MX$42,140.00: MX$360,340.00.
    const mine = state!.lines.find((l) => l.id === line.id)!;
    expect(mine.unitCents).to.equal(36_034_000);
    expect(state!.currency).to.equal('MXN');
    const [stored] = await db
      .select({ orderCurrency: orders.orderCurrency })
      .from(orders)
      .where(inArray(orders.id, [line.orderId]));
    expect(stored.orderCurrency).to.equal('MXN');
  });

  it('a cart keeps its channel when the page changes language: /fr-ca/cart shows the US cart in USD and writes nothing', async () => {
    const { a, token } = await visitor();
    const add = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-STG'), quantity: 2 });
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

  it("signing in under another channel re-prices the member's cart then (a POST), and their pages keep that channel", async () => {
    const member = await makeUser({ prefix: 'cart-channel' });
    const a = await agent();
    await signIn(a, member.email);
    const token = await csrf(a, '/en-us/cart');
    const add = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-STG'), quantity: 1 });
    expect(add.status).to.equal(200);
    const orderId = await cartOf(add.body.line.order_line_item_id);
    expect((await orderRow(orderId)).currency).to.equal('USD');
    // A new visit, in French (Canada): the CA channel by the language; sign-in re-prices into it.
    const b = await agent();
    await b.get('/fr-ca/');
    const fToken = await csrf(b, '/fr-ca/login');
    const login = await b
      .post('/fr-ca/login')
      .type('form')
      .send({ email: member.email, password: DEMO_PASSWORD, _csrf: fToken });
    expect(login.status).to.be.oneOf([302, 303]);
    const ca = allChannels.find((c) => c.code === 'CA')!;
    const signedIn = await orderRow(orderId);
    expect(signedIn.channelId).to.equal(ca.id);
    expect(signedIn.currency).to.equal('CAD');
    // Then an English page keeps CAD and writes nothing.
    expect((await b.get('/en-us/cart')).status).to.equal(200);
    expect(await orderRow(orderId)).to.deep.equal(signedIn);
  });
  it('a cart waiting for approval keeps its channel: a switch is 409 with the locked-cart message, and neither another language nor signing in under another channel re-prices it', async () => {
    const org = await makeOrganisation('Locked Cart Farm');
    const member = await makeUser({ organisationId: org, prefix: 'locked-cart' });
    const a = await agent();
    await signIn(a, member.email);
    const token = await csrf(a, '/en-us/cart');
    const add = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productId('PP-STG'), quantity: 2 });
    expect(add.status).to.equal(200);
    const orderId = await cartOf(add.body.line.order_line_item_id);
    await sqlRows(
      `insert into order_approvals (order_id, requested_by, organisation_id, reason, choice) values ($1, $2, $3, 'order', '{}'::jsonb)`,
      [orderId, member.id, org],
    );
    const us = allChannels.find((c) => c.code === 'US')!;
    const before = await orderRow(orderId);
    expect(before).to.include({ channelId: us.id, currency: 'USD', subtotal: '55.90' });
    const prices = async () =>
      (
        await db
          .select({ productId: orderLineItems.productId, unitPrice: orderLineItems.unitPrice })
          .from(orderLineItems)
          .where(eq(orderLineItems.orderId, orderId))
      )
        .filter((l) => l.productId !== null)
        .map((l) => l.unitPrice);
    expect(await prices()).to.deep.equal(['27.95']);

    // Scripts: 409 in the visitor's language, the message other writes to a locked cart give.
    const en = await json(a, token).post('/en-us/channel/CA').send({ country: 'CA' });
    expect(en.status, JSON.stringify(en.body)).to.equal(409);
    expect(en.body).to.deep.equal({
      error: { code: 'cart_locked', message: 'This cart is waiting for approval.', fields: {} },
    });
    const fr = await json(a, token).post('/fr-ca/channel/CA').send({ country: 'CA' });
    expect(fr.status).to.equal(409);
    expect(fr.body.error.message).to.equal('Ce panier attend une approbation.');
    const es = await json(a, token).post('/es-mx/channel/MX').send({ country: 'MX' });
    expect(es.status).to.equal(409);
    expect(es.body.error.message).to.equal('Este carrito está en espera de aprobación.');
    expect(await orderRow(orderId)).to.deep.equal(before);
    expect(await prices()).to.deep.equal(['27.95']);

    // A plain form post: the chooser again with the message; the session keeps the cart's store.
    const page = await a.get('/fr-ca/channel/find');
    const formToken = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    const plain = await a.post('/fr-ca/channel/CA').type('form').send({ country: 'CA', _csrf: formToken });
    expect(plain.status).to.equal(409);
    expect(plain.headers['content-type']).to.match(/html/);
    expect(plain.text).to.include('data-testid="country-list"');
    expect(plain.text).to.include(
      '<div class="form-error" role="alert" data-testid="form-error">Ce panier attend une approbation.</div>',
    );
    expect((await a.get('/fr-ca/channel/find')).text).to.match(
      /class="country-item is-current" data-testid="country-row" data-country="US"/,
    );
    expect(await orderRow(orderId)).to.deep.equal(before);

    // Another language without a session's channel (a bearer call: the language's store, CA): shown as sent.
    const bearer = await a
      .get('/fr-ca/cart')
      .set('Authorization', `Bearer ${await apiToken(a)}`)
      .set('Accept', 'application/json');
    expect(bearer.status).to.equal(200);
    expect(await orderRow(orderId)).to.deep.equal(before);

    // Signing in from a French (Canada) visit: the cart stays in USD and the new session follows it.
    const b = await agent();
    await b.get('/fr-ca/');
    const fToken = await csrf(b, '/fr-ca/login');
    const login = await b
      .post('/fr-ca/login')
      .type('form')
      .send({ email: member.email, password: DEMO_PASSWORD, _csrf: fToken });
    expect(login.status).to.be.oneOf([302, 303]);
    expect(await orderRow(orderId)).to.deep.equal(before);
    const cartPage = await b.get('/fr-ca/cart');
    expect(cartPage.status).to.equal(200);
    expect(cartPage.text).to.match(/55,90\s*\$\s*US/);
    expect(await orderRow(orderId)).to.deep.equal(before);
    expect(await prices()).to.deep.equal(['27.95']);

    // Once decided, the cart follows a switch again.
    await sqlRows(`update order_approvals set status = 'rejected' where order_id = $1`, [orderId]);
    expect((await json(a, token).post('/en-us/channel/CA').send({ country: 'CA' })).status).to.equal(200);
    expect((await orderRow(orderId)).currency).to.equal('CAD');
  });
});
