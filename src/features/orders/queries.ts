/** Order reads shared by the customer's order page and the staff order detail. */
import { ORDERS } from '../../db/queries/order-balance.ts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addressOfOrder } from '../../domain/order-address.ts';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  orderFees,
  orderLineItems,
  orders,
  orderTaxExemptions,
  payments,
  persons,
  products,
  reportDeltas,
  shipmentQuotes,
  surveys,
  users,
  warehouses,
} from '../../db/schema/index.ts';

export async function getOrderDetail(db: DbOrTx, orderId: number) {
  const [order] = await db
    .select({
      order: orders,
      personFirst: persons.firstName,
      personLast: persons.lastName,
      personEmail: persons.email,
      personPhone: persons.phone,
    })
    .from(orders)
    .leftJoin(persons, eq(persons.id, orders.personId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return undefined;
  const [lines, pays, fees, shipTo] = await Promise.all([
    db
      .select({ line: orderLineItems, image: products.primaryImage, productStockcode: products.stockcode })
      .from(orderLineItems)
      .leftJoin(products, eq(products.id, orderLineItems.productId))
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(orderFees).where(eq(orderFees.orderId, orderId)).orderBy(asc(orderFees.id)),
    // A placed order shows its own copy of the ship-to; only a cart reads the address book.
    order.order.status === 'cart' && order.order.shipToAddressId
      ? db.select().from(addresses).where(eq(addresses.id, order.order.shipToAddressId)).limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...order.order,
    person: order.personFirst
      ? { firstName: order.personFirst, lastName: order.personLast, email: order.personEmail, phone: order.personPhone }
      : null,
    lines: lines.map((l) => ({ ...l.line, image: l.image, productStockcode: l.productStockcode })),
    payments: pays,
    fees,
    shipTo: addressOfOrder(order.order.status, order.order.shipTo, shipTo[0]),
  };
}
export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>;

/** A customer's submitted orders (not the open cart), newest first. */
export function listOrdersForUser(db: DbOrTx, userId: number, limit = 20) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      total: orders.total,
      currency: orders.orderCurrency,
      createdAt: orders.createdAt,
      submittedAt: orders.submittedAt,
      lineCount: sql<number>`(select count(*)::int from ${orderLineItems} l where l.order_id = ${ORDERS.id} and l.line_type <> 5)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cart')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function dashboardSummary(db: DbOrTx) {
  // Counts by status and revenue come from the report rollup (src/db/schema/reports.ts): sums
  // by day instead of every order. Revenue is each order brought to USD with its channel's
  // mid-market rate and rounded to cents once per order, as the order report does, so the
  // dashboard's figure is the report's total over all time, to the cent.
  const [byStatus, [revenue], [customers], [productCount], recent] = await Promise.all([
    db
      .select({ status: reportDeltas.status, n: sql<number>`sum(${reportDeltas.orders})::int` })
      .from(reportDeltas)
      .groupBy(reportDeltas.status)
      .having(sql`sum(${reportDeltas.orders}) > 0`),
    db
      .select({ usd: sql<string>`coalesce(sum(${reportDeltas.totalUsd}), 0)::numeric(16, 2)::text` })
      .from(reportDeltas)
      .where(sql`${reportDeltas.status} not in ('quote', 'cancelled')`),
    db.select({ n: count() }).from(users).where(eq(users.role, 'customer')),
    db.select({ n: sql<number>`count(*)::int` }).from(products),
    db
      .select({
        id: orders.id,
        status: orders.status,
        total: orders.total,
        currency: orders.orderCurrency,
        createdAt: orders.createdAt,
        first: persons.firstName,
        last: persons.lastName,
      })
      .from(orders)
      .leftJoin(persons, eq(persons.id, orders.personId))
      .where(ne(orders.status, 'cart'))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(10),
  ]);
  const isSubmitted = (status: string) => status !== 'cart' && status !== 'quote' && status !== 'cancelled';
  return {
    byStatus: byStatus.filter((s) => s.status !== 'cart').sort((a, b) => b.n - a.n),
    orders: byStatus.filter((s) => isSubmitted(s.status)).reduce((n, s) => n + s.n, 0),
    open: byStatus.filter((s) => ['pending', 'processing', 'on_hold'].includes(s.status)).reduce((n, s) => n + s.n, 0),
    revenue: revenue.usd,
    customers: customers.n,
    products: productCount.n,
    recent,
  };
}

/** What the customer's order page shows beside the order: the tax exemption on file, whether the survey was answered, the chosen shipments. */
export async function customerOrderExtras(db: DbOrTx, orderId: number) {
  const [exemption, answered, shipments] = await Promise.all([
    db.select().from(orderTaxExemptions).where(eq(orderTaxExemptions.orderId, orderId)).limit(1),
    db.select({ id: surveys.id }).from(surveys).where(eq(surveys.orderId, orderId)).limit(1),
    db
      .select({
        description: shipmentQuotes.description,
        carrier: shipmentQuotes.carrier,
        deliveryDate: shipmentQuotes.deliveryDate,
        total: shipmentQuotes.total,
        from: warehouses.name,
      })
      .from(shipmentQuotes)
      .innerJoin(warehouses, eq(warehouses.id, shipmentQuotes.warehouseId))
      .where(and(eq(shipmentQuotes.orderId, orderId), eq(shipmentQuotes.selected, true))),
  ]);
  return { exemption: exemption[0] ?? null, answered: answered.length > 0, shipments };
}

/** Stores the order's checkout survey once: false when it was already answered (the order's survey row locked while checking). */
export function saveSurvey(db: Db, orderId: number, answers: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.orderId, orderId))
      .for('update');
    if (exists) return false;
    await tx.insert(surveys).values({ orderId, answers });
    return true;
  });
}
