/**
 * Promotions, EPP rules and the orders: ten hand-written scenarios (order 1 is customer@example.com's
 * first order, order 4 their open cart) followed by generated orders, any number of them.
 *
 * Money follows src/domain/price-order.ts (the one ledger), in cents:
 *   line.total        = unit_price × quantity − line discount (the organisation discount)
 *   order.subtotal    = Σ unit_price × quantity over lines of type 0/1/2
 *   order.discount    = Σ line discounts + Σ promotions (only on US orders, in USD), each capped at
 *                       the goods left that it applies to (domain/ledger.ts STACKING_RULE; "Parts
 *                       Bundle" comes off parts only: an order without a part has no line for it)
 *   order.total       = subtotal − discount + shipping + tax
 * A promotion also appears as a line of type 5 (unit_price = total = −what it took off). It is spread
 * over the product lines by largest remainder: line.total_discounted = total − that share, and
 * paid_total + unpaid_total = total_discounted. The promotion line itself carries 0 in those three.
 */
import { sql } from 'drizzle-orm';
import {
  eppRules,
  lineItemOptions,
  orderFees,
  orderLineItems,
  orderPromotions,
  orders,
  paymentAllocations,
  payments,
  promotions,
  shipmentQuotes,
  surveys,
} from '../schema/index.ts';
import type { PersonRef } from './accounts-types.ts';
import type { ProductRef } from './catalog.ts';
import type { GeoIds } from './geo.ts';
import { customerPlans, otherPlans } from './named-orders.ts';
import { USER } from './ids.ts';
import { addMinutes, daysAgo, insertMany, unnestInserts, type Rng, type SeedTx } from './util.ts';

import { EPP_RULES, generate, PROMOTIONS, promoConfig, type OrderPlan } from './order-plans.ts';
import { buildOrder } from './order-build.ts';
import { emptyRows, Ids } from './order-types.ts';

export async function seedPromotions(tx: SeedTx): Promise<void> {
  const at = daysAgo(200);
  await insertMany(
    tx,
    promotions,
    PROMOTIONS.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      configuration: promoConfig(p.value),
      startsAt: new Date(`${p.startsAt}T00:00:00Z`),
      endsAt: new Date(`${p.endsAt}T00:00:00Z`),
      active: p.active,
      priority: p.priority,
      appliesTo: 'appliesTo' in p ? p.appliesTo : 'all',
      createdBy: USER.admin,
      createdAt: at,
      updatedAt: at,
    })),
  );
  await insertMany(tx, eppRules, [{ id: 1, ...EPP_RULES, active: true, createdAt: at, updatedAt: at }]);
}

export type OrdersSummary = { orders: number; lineItems: number; payments: number };

export async function seedOrders(
  tx: SeedTx,
  geo: GeoIds,
  people: PersonRef[],
  products: Map<string, ProductRef>,
  rng: Rng,
  count: number,
  onProgress?: (done: number, total: number) => void,
): Promise<OrdersSummary> {
  const planned = [...customerPlans(people, products), ...otherPlans(people, products)];
  const config = products.get('DEMO-CONFIG')!;
  const total = await writeOrders(tx, { geo, people, products, rng, count, onProgress, planned, config });
  // Placed orders keep a copy of their ship-to and bill-to (src/domain/order-address.ts);
  // the same statement as the migration's backfill and src/features/orders/address-copies.ts.
  const copy = (column: string) =>
    sql.raw(`(select jsonb_build_object('id', a.id, 'personId', a.person_id, 'firstName', a.first_name, 'lastName', a.last_name,
    'company', a.company, 'address1', a.address1, 'address2', a.address2, 'city', a.city, 'regionCode', a.region_code, 'postalCode', a.postal_code,
    'countryCode', a.country_code, 'phone', a.phone) from addresses a where a.id = o.${column})`);
  await tx.execute(
    sql`update orders o set ship_to = ${copy('ship_to_address_id')}, bill_to = ${copy('bill_to_address_id')} where o.status <> 'cart'`,
  );

  await seedSurveys(tx, count);
  return total;
}

/** The planned orders, then generated ones up to `count`, written in batches of 5000. */
async function writeOrders(
  tx: SeedTx,
  a: {
    geo: GeoIds;
    people: PersonRef[];
    products: Map<string, ProductRef>;
    rng: Rng;
    count: number;
    onProgress?: (done: number, total: number) => void;
    planned: OrderPlan[];
    config: ProductRef;
  },
): Promise<OrdersSummary> {
  const { geo, people, products, rng, count, onProgress, planned, config } = a;
  const ids = new Ids();
  let rows = emptyRows();
  const total: OrdersSummary = { orders: 0, lineItems: 0, payments: 0 };
  const flush = async () => {
    // Orders and their shipment quotes point at each other: one statement writes both, and
    // PostgreSQL checks both foreign keys at its end.
    const orderInserts = unnestInserts(orders, rows.orders, rows.orders.length);
    const quoteInserts = unnestInserts(shipmentQuotes, rows.quotes, rows.quotes.length);
    if (!orderInserts || !quoteInserts) throw new Error('order and quote rows must set the same columns');
    if (rows.orders.length)
      await tx.execute(quoteInserts.length ? sql`with q as (${quoteInserts[0]}) ${orderInserts[0]}` : orderInserts[0]);
    await insertMany(tx, orderLineItems, rows.lines);
    await insertMany(tx, lineItemOptions, rows.options);
    await insertMany(tx, orderPromotions, rows.orderPromotions);
    await insertMany(tx, orderFees, rows.fees);
    await insertMany(tx, payments, rows.payments);
    await insertMany(tx, paymentAllocations, rows.allocations);
    total.orders += rows.orders.length;
    total.lineItems += rows.lines.length;
    total.payments += rows.payments.length;
    rows = emptyRows();
    onProgress?.(total.orders, count);
  };

  const buyers = people.filter((x) => x.addresses.length > 0);
  const catalogue = [...products.values()].filter((x) => x.orderable);
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const plan = i < planned.length ? planned[i] : generate(rng, id, count, buyers, catalogue, config);
    buildOrder(id, plan, geo, ids, rows);
    if (rows.orders.length >= 5000) await flush();
  }
  await flush();
  return total;
}

/** Two answered surveys, on orders 1 and 6 (when there are that many). */
async function seedSurveys(tx: SeedTx, count: number): Promise<void> {
  await insertMany(
    tx,
    surveys,
    count >= 6
      ? [
          {
            id: 1,
            orderId: 1,
            answers: {
              heardFrom: 'dealer',
              rating: 5,
              recommend: true,
              comment: 'Planter arrived on time and the setup video helped.',
            },
            createdAt: addMinutes(daysAgo(300), 30),
          },
          {
            id: 2,
            orderId: 6,
            answers: {
              heardFrom: 'farm_show',
              rating: 4,
              recommend: true,
              comment: 'Would like more soybean plate options.',
            },
            createdAt: addMinutes(daysAgo(160), 45),
          },
        ]
      : [],
  );
}
