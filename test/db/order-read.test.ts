/**
 * The orders API reads an order and all its parts in one statement (json_agg subqueries decoded by
 * src/db/json-rows.ts). These tests hold it to the plain per-table selects it replaced, value for
 * value: money keeps its two decimals ('12.50', not '12.5'), timestamps come back as Dates, jsonb
 * as objects, and the lists keep their order. And synchronize costs one round trip past the token.
 */
import { expect } from 'chai';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  addresses,
  channelPaymentMethods,
  lineItemOptions,
  logs,
  optionChoices,
  orderFees,
  orderLineItems,
  orderPromotions,
  payments,
  paymentAllocations,
  productOptions,
  products,
  promotions,
  refundAllocations,
  refunds,
  shipmentQuotes,
} from '../../src/db/schema/index.ts';
import { loadOrder, loadOrderRow } from '../../src/features/order-api/queries.ts';
import { agent, apiToken, signIn } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

/** The parts as twelve separate drizzle selects (the reference the one-statement read must equal). */
async function partsOneByOne(orderId: number) {
  const { db } = (await testServer()).database;
  const row = (await loadOrderRow(db, orderId))!;
  // Only a cart reads the address book; a placed order has its own copies.
  const addressIds =
    row.order.status === 'cart'
      ? [row.order.shipToAddressId, row.order.billToAddressId].filter((x): x is number => x !== null)
      : [];
  return {
    lines: await db
      .select({ line: orderLineItems, image: products.primaryImage })
      .from(orderLineItems)
      .leftJoin(products, eq(products.id, orderLineItems.productId))
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id)),
    options: await db
      .select({
        lineItemId: lineItemOptions.lineItemId,
        choiceId: lineItemOptions.choiceId,
        optionId: lineItemOptions.optionId,
        optionType: lineItemOptions.optionType,
        quantity: lineItemOptions.quantity,
        optionName: productOptions.name,
        choiceName: optionChoices.name,
      })
      .from(lineItemOptions)
      .innerJoin(orderLineItems, eq(orderLineItems.id, lineItemOptions.lineItemId))
      .innerJoin(productOptions, eq(productOptions.id, lineItemOptions.optionId))
      .innerJoin(optionChoices, eq(optionChoices.id, lineItemOptions.choiceId))
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(lineItemOptions.id)),
    payments: await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    allocations: (
      await db
        .select({ a: paymentAllocations })
        .from(paymentAllocations)
        .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(paymentAllocations.id))
    ).map((x) => x.a),
    fees: await db.select().from(orderFees).where(eq(orderFees.orderId, orderId)).orderBy(asc(orderFees.id)),
    promotions: await db
      .select({
        id: promotions.id,
        name: promotions.name,
        code: promotions.code,
        configuration: promotions.configuration,
      })
      .from(orderPromotions)
      .innerJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
      .where(eq(orderPromotions.orderId, orderId))
      .orderBy(asc(promotions.id)),
    quotes: await db
      .select()
      .from(shipmentQuotes)
      .where(eq(shipmentQuotes.orderId, orderId))
      .orderBy(asc(shipmentQuotes.warehouseId), asc(shipmentQuotes.total)),
    addresses: addressIds.length
      ? await db.select().from(addresses).where(inArray(addresses.id, addressIds)).orderBy(asc(addresses.id))
      : [],
    logCount: (
      await db
        .select({ n: count() })
        .from(logs)
        .where(and(eq(logs.entity, 'order'), eq(logs.entityId, orderId)))
    )[0].n,
    methods: await db
      .select({ method: channelPaymentMethods.method, label: channelPaymentMethods.label })
      .from(channelPaymentMethods)
      .where(and(eq(channelPaymentMethods.channelId, row.order.channelId), eq(channelPaymentMethods.enabled, true)))
      .orderBy(asc(channelPaymentMethods.sort)),
    refunds: await db
      .select({
        id: refunds.id,
        paymentId: refunds.paymentId,
        amount: refunds.amount,
        reason: refunds.reason,
        createdAt: refunds.createdAt,
        returnId: refunds.returnId,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(refunds.id)),
    // What each refund took back.
    refundAllocations: (
      await db
        .select({ a: refundAllocations })
        .from(refundAllocations)
        .innerJoin(refunds, eq(refunds.id, refundAllocations.refundId))
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(refundAllocations.id))
    ).map((x) => x.a),
  };
}

describe('reading an order in one statement (orders API)', () => {
  it('gives exactly what the per-table selects give, for every kind of part the demo orders hold', async () => {
    const { db } = (await testServer()).database;
    // Orders with payments, fees, options, quotes, promotions and logs, plus plain ones.
    const ids = (
      await sqlRows<{ id: number }>(`select id from orders where id in (
        select order_id from payments union select order_id from order_fees union select order_id from shipment_quotes union select order_id from order_promotions
        union select l.order_id from line_item_options x join order_line_items l on l.id = x.line_item_id union select entity_id from logs where entity = 'order')
      or id < 10 order by id limit 80`)
    ).map((r) => r.id);
    expect(ids.length).to.be.greaterThan(5);
    const seen = { options: 0, allocations: 0, fees: 0, quotes: 0, promotions: 0 };
    for (const id of ids) {
      const one = await loadOrder(db, id);
      expect(one, `order ${id}`).to.not.equal(undefined);
      expect(one!.row).to.deep.equal(await loadOrderRow(db, id));
      expect(one!.parts, `order ${id}`).to.deep.equal(await partsOneByOne(id));
      for (const k of Object.keys(seen) as (keyof typeof seen)[]) seen[k] += one!.parts[k].length;
    }
    for (const [k, n] of Object.entries(seen)) expect(n, `demo orders with ${k}`).to.be.greaterThan(0);
  });

  it('keeps money to two decimals and reads no order that does not exist', async () => {
    const { db } = (await testServer()).database;
    const [{ id }] = await sqlRows<{ id: number }>(
      `select o.id from orders o join order_line_items l on l.order_id = o.id where l.unit_price::text like '%0' order by o.id limit 1`,
    );
    const { parts } = (await loadOrder(db, id))!;
    for (const { line } of parts.lines) expect(line.unitPrice).to.match(/^-?\d+\.\d\d$/);
    expect(await loadOrder(db, 2_000_000_000)).to.equal(undefined);
  });

  it('synchronize costs one round trip once the bearer token is known', async () => {
    const app = await testServer();
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const token = await apiToken(staff);
    const call = () => staff.get('/en-us/api/orders/6/synchronize').set({ Authorization: `Bearer ${token}` });
    expect((await call()).status).to.equal(200);
    const before = app.database.roundTrips();
    expect((await call()).status).to.equal(200);
    const trips = app.database.roundTrips() - before;
    // The token's user (one statement), then the order with all its parts (one statement).
    expect(trips).to.be.at.most(2);
  });
});
