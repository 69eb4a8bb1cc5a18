/**
 * "Order again" over HTTP: POST /{locale}/orders/{order_id}/reorder puts an earlier
 * order's product lines, with their options, into the customer's cart at TODAY's prices, skips
 * (and says why) what cannot be ordered any more, and answers 404 for anyone else's order.
 * The source order is written here with stale prices, so a copied price would show.
 * Expected figures are the demo catalogue's prices, written by hand.
 */
import { expect } from 'chai';
import { and, asc, eq } from 'drizzle-orm';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import {
  lineItemOptions,
  optionChoices,
  orderLineItems,
  orders,
  productOptions,
  users,
} from '../../src/db/schema/index.ts';

type Db = Awaited<ReturnType<typeof testServer>>['services']['db'];

// luc.tremblay@example.net: a personal customer no other suite uses (no organisation discount).
const EMAIL = 'luc.tremblay@example.net';

describe('account: order again', function () {
  this.timeout(60_000);
  let db: Db;
  let a: Agent;
  let token: string;
  let userId: number;
  let choice: (option: string, name: string) => Promise<{ optionId: number; choiceId: number }>;

  const xhr = (url: string) =>
    a.post(url).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json');

  /** A submitted US order of `user` with the given lines (stale unit prices), returning its id and line ids. */
  async function pastOrder(
    user: number,
    lines: {
      stockcode: string;
      quantity: number;
      unitPrice: string;
      lineType?: number;
      options?: { optionId: number; choiceId: number; optionType: number; quantity: number }[];
    }[],
  ) {
    const [o] = await sqlRows<{ id: number }>(
      `insert into orders (status, channel_id, currency_id, order_currency, user_id, subtotal, total, submitted_at, created_at)
       values ('completed', 1, 1, 'USD', $1, 1, 1, now() - interval '90 days', now() - interval '90 days') returning id`,
      [user],
    );
    for (const [k, l] of lines.entries()) {
      const [row] = await sqlRows<{ id: number }>(
        `insert into order_line_items (order_id, line_type, product_id, title, stockcode, quantity, currency_id, unit_price, total, total_discounted, unpaid_total, sort)
         select $1::int, $6::int, p.id, p.title, p.stockcode, $3::int, 1, $4::numeric, $4::numeric * $3::int, $4::numeric * $3::int, 0, $5::int from products p where p.stockcode = $2 returning id`,
        [o.id, l.stockcode, l.quantity, l.unitPrice, k, l.lineType ?? 0],
      );
      for (const opt of l.options ?? []) {
        await sqlRows(
          'insert into line_item_options (line_item_id, option_id, choice_id, option_type, quantity) values ($1, $2, $3, $4, $5)',
          [row.id, opt.optionId, opt.choiceId, opt.optionType, opt.quantity],
        );
      }
    }
    return o.id;
  }

  const cartOf = async (user: number) => {
    const [cart] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user), eq(orders.status, 'cart')));
    if (!cart) return null;
    // Product lines only (a promotion in force adds its own line).
    const lines = await db
      .select()
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, cart.id), eq(orderLineItems.lineType, 0)))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
    return { id: cart.id, lines };
  };

  before(async () => {
    const app = await testServer();
    db = app.services.db;
    [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
    a = await agent();
    await signIn(a, EMAIL);
    token = await csrf(a, '/en-us/account');
    const config = await productIdByStockcode('DEMO-CONFIG');
    choice = async (option, name) => {
      const [row] = await db
        .select({ optionId: productOptions.id, choiceId: optionChoices.id })
        .from(optionChoices)
        .innerJoin(productOptions, eq(productOptions.id, optionChoices.optionId))
        .where(
          and(eq(productOptions.productId, config), eq(productOptions.name, option), eq(optionChoices.name, name)),
        );
      return row;
    };
  });

  it("adds the product lines with their options at today's prices and skips, with a reason, what cannot be ordered", async () => {
    const six = await choice('Row count', '6 rows');
    const drawbar = await choice('Hitch', 'Drawbar pull-type');
    const soy = await choice('Extra seed plates', 'Soybean 60-cell');
    const source = await pastOrder(userId, [
      { stockcode: 'PP-SHL', quantity: 2, unitPrice: '1.00' },
      {
        stockcode: 'DEMO-CONFIG',
        quantity: 1,
        unitPrice: '100.00',
        options: [
          { ...six, optionType: 0, quantity: 1 },
          { ...drawbar, optionType: 0, quantity: 1 },
          { ...soy, optionType: 1, quantity: 3 },
        ],
      },
      // A service line (type 1) is a product too: it comes back as an ordinary line.
      { stockcode: 'SV-SETUP', quantity: 1, unitPrice: '5.00', lineType: 1 },
      { stockcode: 'DEMO-OOS', quantity: 1, unitPrice: '5.00' },
      { stockcode: 'DEMO-SOON', quantity: 1, unitPrice: '5.00' },
      { stockcode: 'DEMO-CALL', quantity: 1, unitPrice: '5.00' },
      // A choice that is not (any more) the product's: the line is skipped, not added without it.
      { stockcode: 'PP-STG', quantity: 1, unitPrice: '5.00', options: [{ ...six, optionType: 0, quantity: 1 }] },
    ]);
    expect(await cartOf(userId)).to.equal(null);

    const res = await xhr(`/en-us/orders/${source}/reorder`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.added).to.deep.equal([
      { title: 'Seed Hopper Lid', stockcode: 'PP-SHL', quantity: 2 },
      { title: 'Custom Vacuum Planter — Build Your Own', stockcode: 'DEMO-CONFIG-006-0DB-023', quantity: 1 },
      { title: 'Planter Setup & Calibration Service', stockcode: 'SV-SETUP', quantity: 1 },
    ]);
    expect(res.body.skipped.map((s: { stockcode: string; reason: string }) => [s.stockcode, s.reason])).to.deep.equal([
      ['DEMO-OOS', 'out_of_stock'],
      ['DEMO-SOON', 'coming_soon'],
      ['DEMO-CALL', 'call'],
      ['PP-STG', 'options'],
    ]);
    expect(res.body.skipped[0].message).to.match(/^.+ was not added: This product is out of stock\.$/);
    expect(res.body.count).to.equal(4);

    const cart = (await cartOf(userId))!;
    expect(res.body.cart_order_id).to.equal(cart.id);
    // Today's prices: PP-SHL $24.00; DEMO-CONFIG $18,500 + 6 rows $2,450 + drawbar $780 + 3 × soybean plate $36.
    expect(cart.lines.map((l) => [l.stockcode, l.quantity, l.unitPrice, l.total])).to.deep.equal([
      ['PP-SHL', 2, '24.00', '48.00'],
      ['DEMO-CONFIG-006-0DB-023', 1, '21838.00', '21838.00'],
      ['SV-SETUP', 1, '350.00', '350.00'],
    ]);
    const opts = await db
      .select({
        optionId: lineItemOptions.optionId,
        choiceId: lineItemOptions.choiceId,
        quantity: lineItemOptions.quantity,
      })
      .from(lineItemOptions)
      .where(eq(lineItemOptions.lineItemId, cart.lines[1].id))
      .orderBy(asc(lineItemOptions.id));
    expect(opts).to.deep.include.members([
      { optionId: six.optionId, choiceId: six.choiceId, quantity: 1 },
      { optionId: drawbar.optionId, choiceId: drawbar.choiceId, quantity: 1 },
      { optionId: soy.optionId, choiceId: soy.choiceId, quantity: 3 },
    ]);
    expect(opts).to.have.length(3);

    // Again: the same lines add to the cart's lines (quantities), still at today's price.
    const again = await xhr(`/en-us/orders/${source}/reorder`);
    expect(again.status).to.equal(200);
    const after = (await cartOf(userId))!;
    expect(after.id).to.equal(cart.id);
    expect(after.lines.map((l) => [l.stockcode, l.quantity, l.total])).to.deep.equal([
      ['PP-SHL', 4, '96.00'],
      ['DEMO-CONFIG-006-0DB-023', 2, '43676.00'],
      ['SV-SETUP', 2, '700.00'],
    ]);
    await sqlRows('delete from orders where id = $1', [cart.id]);
  });

  it('a form post goes to the cart with the messages; nothing orderable goes back to the order and creates no cart', async () => {
    const source = await pastOrder(userId, [
      { stockcode: 'PP-SHL', quantity: 1, unitPrice: '1.00' },
      { stockcode: 'DEMO-OOS', quantity: 1, unitPrice: '1.00' },
    ]);
    const res = await a.post(`/en-us/orders/${source}/reorder`).type('form').send({ _csrf: token });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/en-us/cart');
    const page = await a.get('/en-us/cart');
    expect(page.text).to.include(`1 product from order #${source} is now in your cart, at today&#39;s price.`);
    expect(page.text).to.include('was not added: This product is out of stock.');
    const cart = (await cartOf(userId))!;
    await sqlRows('delete from orders where id = $1', [cart.id]);

    const none = await pastOrder(userId, [{ stockcode: 'DEMO-SOON', quantity: 1, unitPrice: '1.00' }]);
    const res2 = await a.post(`/en-us/orders/${none}/reorder`).type('form').send({ _csrf: token });
    expect(res2.status).to.equal(303);
    expect(res2.headers.location).to.equal(`/en-us/orders/${none}`);
    expect((await a.get(res2.headers.location)).text).to.include(
      `None of the products of order #${none} can be ordered today.`,
    );
    expect(await cartOf(userId)).to.equal(null);
  });

  it("shows the Order again button on the owner's order page only", async () => {
    const source = await pastOrder(userId, [{ stockcode: 'PP-SHL', quantity: 1, unitPrice: '1.00' }]);
    const own = await a.get(`/en-us/orders/${source}`);
    expect(own.status).to.equal(200);
    expect(own.text).to.include(`action="/en-us/orders/${source}/reorder"`);
    // Staff may read the order (orders.view) but it is not theirs to order again.
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const seen = await staff.get(`/en-us/orders/${source}`);
    expect(seen.status).to.equal(200);
    expect(seen.text).not.to.include('/reorder"');
  });

  it("another customer's order, a cart, or no order answers 404 and writes nothing; a visitor gets 401; a bad id 400", async () => {
    const [other] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status = 'completed' order by o.id limit 1`,
    );
    const [theirCart] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status = 'cart' order by o.id limit 1`,
    );
    for (const id of [other.id, theirCart.id, 2147483000]) {
      const res = await xhr(`/en-us/orders/${id}/reorder`);
      expect(res.status, `order ${id}`).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
    expect(await cartOf(userId)).to.equal(null);
    // A form post for another customer's order is the same 404, not a redirect.
    expect((await a.post(`/en-us/orders/${other.id}/reorder`).type('form').send({ _csrf: token })).status).to.equal(
      404,
    );

    const bad = await xhr('/en-us/orders/abc/reorder');
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.be.a('string');

    const visitor = await agent();
    const vt = await csrf(visitor, '/en-us/');
    const anon = await visitor
      .post(`/en-us/orders/${other.id}/reorder`)
      .set('X-CSRF-Token', vt)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Accept', 'application/json');
    expect(anon.status).to.equal(401);
  });
});
