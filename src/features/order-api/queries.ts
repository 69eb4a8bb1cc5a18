/**
 * Reads of the orders API: the whole order as spec §3 describes it, in one round of parallel
 * queries after the order row itself (the order row joins its channel, person, organisation,
 * creator and ship-from warehouse).
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  addresses, channelPaymentMethods, channels, lineItemOptions, logs, optionChoices, orderFees, orderLineItems, orderPromotions, orders,
  organisations, paymentAllocations, payments, persons, productOptions, products, promotions, refunds, shipmentQuotes, users, warehouses,
} from '../../db/schema/index.ts';

const creators = alias(users, 'creators');

export async function loadOrderRow(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      channel: channels,
      person: persons,
      organisation: { id: organisations.id, name: organisations.name, taxExemptId: organisations.taxExemptId },
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, email: creators.email },
      shipFrom: { id: warehouses.id, code: warehouses.code, name: warehouses.name, city: warehouses.city, region: warehouses.regionCode, country: warehouses.countryCode },
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .leftJoin(persons, eq(persons.id, orders.personId))
    .leftJoin(organisations, eq(organisations.id, persons.organisationId))
    .leftJoin(creators, eq(creators.id, orders.createdBy))
    .leftJoin(warehouses, eq(warehouses.id, orders.shipFromWarehouseId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof loadOrderRow>>>;

export async function loadOrderParts(db: DbOrTx, row: OrderRow) {
  const id = row.order.id;
  const addressIds = [row.order.shipToAddressId, row.order.billToAddressId].filter((x): x is number => x !== null);
  const [lines, options, pays, allocations, fees, promos, quotes, addressRows, [logCount], methods, refundRows] = await Promise.all([
    db
      .select({ line: orderLineItems, image: products.primaryImage })
      .from(orderLineItems)
      .leftJoin(products, eq(products.id, orderLineItems.productId))
      .where(eq(orderLineItems.orderId, id))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id)),
    db
      .select({ lineItemId: lineItemOptions.lineItemId, choiceId: lineItemOptions.choiceId, optionId: lineItemOptions.optionId, optionType: lineItemOptions.optionType, quantity: lineItemOptions.quantity, optionName: productOptions.name, choiceName: optionChoices.name })
      .from(lineItemOptions)
      .innerJoin(orderLineItems, eq(orderLineItems.id, lineItemOptions.lineItemId))
      .innerJoin(productOptions, eq(productOptions.id, lineItemOptions.optionId))
      .innerJoin(optionChoices, eq(optionChoices.id, lineItemOptions.choiceId))
      .where(eq(orderLineItems.orderId, id))
      .orderBy(asc(lineItemOptions.id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
    db
      .select({ a: paymentAllocations })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(payments.orderId, id))
      .orderBy(asc(paymentAllocations.id)),
    db.select().from(orderFees).where(eq(orderFees.orderId, id)).orderBy(asc(orderFees.id)),
    db
      .select({ id: promotions.id, name: promotions.name, code: promotions.code, configuration: promotions.configuration })
      .from(orderPromotions)
      .innerJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
      .where(eq(orderPromotions.orderId, id))
      .orderBy(asc(promotions.id)),
    db.select().from(shipmentQuotes).where(eq(shipmentQuotes.orderId, id)).orderBy(asc(shipmentQuotes.warehouseId), asc(shipmentQuotes.total)),
    addressIds.length ? db.select().from(addresses).where(inArray(addresses.id, addressIds)) : Promise.resolve([]),
    db.select({ n: count() }).from(logs).where(and(eq(logs.entity, 'order'), eq(logs.entityId, id))),
    db.select({ method: channelPaymentMethods.method, label: channelPaymentMethods.label }).from(channelPaymentMethods).where(and(eq(channelPaymentMethods.channelId, row.order.channelId), eq(channelPaymentMethods.enabled, true))).orderBy(asc(channelPaymentMethods.sort)),
    db
      .select({ id: refunds.id, paymentId: refunds.paymentId, amount: refunds.amount, reason: refunds.reason, createdAt: refunds.createdAt })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, id))
      .orderBy(asc(refunds.id)),
  ]);
  return { lines, options, payments: pays, allocations: allocations.map((x) => x.a), fees, promotions: promos, quotes, addresses: addressRows, logCount: logCount?.n ?? 0, methods, refunds: refundRows };
}
export type OrderParts = Awaited<ReturnType<typeof loadOrderParts>>;

/** The orders the tins call offers: not exempt, the organisation's id on file, and the order's own id. */
export async function taxExemptOptions(db: DbOrTx, row: OrderRow) {
  const ids = new Map<string, string>();
  if (row.organisation?.taxExemptId) ids.set(row.organisation.taxExemptId, row.organisation.name);
  if (row.order.taxExemptId && row.order.taxExemptId !== '0' && !ids.has(row.order.taxExemptId)) ids.set(row.order.taxExemptId, row.order.taxExemptId);
  return [...ids].map(([tax_exempt_id, name]) => ({ tax_exempt_id, name }));
}

/** Orders a customer may read through the API: their own, not a staff draft. */
export function ownsOrder(row: OrderRow, userId: number) {
  return row.order.userId === userId && !row.order.draft;
}


/** The order's log (newest first), for the detail page. */
export function orderLog(db: DbOrTx, orderId: number, limit = 50) {
  return db
    .select({ id: logs.id, action: logs.action, message: logs.message, data: logs.data, createdAt: logs.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(and(eq(logs.entity, 'order'), eq(logs.entityId, orderId)))
    .orderBy(desc(logs.id))
    .limit(limit);
}
