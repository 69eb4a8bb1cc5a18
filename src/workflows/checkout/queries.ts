/** Checkout reads: the buyer's addresses, the cart's shippable lines, quotes, tax rates, payment methods. Drizzle only. */
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  addresses,
  channelPaymentMethods,
  countries,
  orderLineItems,
  orders,
  organisations,
  products,
  regions,
  shipmentQuotes,
  taxRates,
  users,
} from '../../db/schema/index.ts';
import { tracksStock } from '../../domain/channel-stock.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** A user's saved addresses, the most recently used (updated) first. */
export function savedAddresses(db: DbOrTx, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.updatedAt), desc(addresses.id));
}

export async function ownAddress(db: DbOrTx, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

export async function addressById(db: DbOrTx, id: number): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(addresses).where(eq(addresses.id, id)).limit(1);
  return row;
}

/** The country's id and its region codes ([] when it has none); undefined for an unknown country. */
export async function countryRegions(db: DbOrTx, code: string): Promise<{ id: number; regions: string[] } | undefined> {
  const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code)).limit(1);
  if (!c) return undefined;
  const rows = await db.select({ code: regions.code }).from(regions).where(eq(regions.countryId, c.id));
  return { id: c.id, regions: rows.map((r) => r.code) };
}

/** The buyer's organisation's tax exemption on file, if any. */
export async function organisationOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      taxExemptId: organisations.taxExemptId,
      bizType: organisations.bizType,
      taxExemptAllowed: users.taxExemptAllowed,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type ShipLine = {
  lineId: number;
  productId: number;
  title: string;
  quantity: number;
  lineType: number;
  isPhysical: boolean;
  needsStock: boolean;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** Units no warehouse has may be back-ordered (src/domain/back-order.ts). */
  allowBackorder?: boolean;
};

/** The order's product lines with what shipping needs of each product. */
export async function shipLines(db: DbOrTx, orderId: number): Promise<ShipLine[]> {
  const rows = await db
    .select({
      lineId: orderLineItems.id,
      productId: products.id,
      title: orderLineItems.title,
      quantity: orderLineItems.quantity,
      lineType: orderLineItems.lineType,
      isPhysical: products.isPhysical,
      isNonStock: products.isNonStock,
      inventoryType: products.inventoryType,
      allowBackorder: products.allowBackorder,
      weight: products.weight,
      length: products.length,
      width: products.width,
      height: products.height,
    })
    .from(orderLineItems)
    .innerJoin(products, eq(products.id, orderLineItems.productId))
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
        // A core deposit ships nothing and holds no stock: its part does.
        isNull(orderLineItems.coreOfLineId),
      ),
    )
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const n = (v: string | null) => (v == null ? 0 : Number(v));
  return rows.map((r) => ({
    lineId: r.lineId,
    productId: r.productId,
    title: r.title,
    quantity: r.quantity,
    lineType: r.lineType,
    isPhysical: r.isPhysical,
    needsStock: tracksStock(r),
    weightKg: n(r.weight),
    lengthCm: n(r.length),
    widthCm: n(r.width),
    heightCm: n(r.height),
    allowBackorder: r.allowBackorder,
  }));
}

export type QuoteRow = typeof shipmentQuotes.$inferSelect;

/** Quotes issued for the order since `since` (older ones have expired). */
export function liveQuotes(db: DbOrTx, orderId: number, since: Date): Promise<QuoteRow[]> {
  return db
    .select()
    .from(shipmentQuotes)
    .where(and(eq(shipmentQuotes.orderId, orderId), gt(shipmentQuotes.createdAt, since)))
    .orderBy(asc(shipmentQuotes.id));
}

export function taxRatesFor(db: DbOrTx, country: string) {
  return db
    .select({ name: taxRates.name, rate: taxRates.rate, regionCode: taxRates.regionCode })
    .from(taxRates)
    .where(eq(taxRates.countryCode, country))
    .orderBy(asc(taxRates.sort), asc(taxRates.id));
}

/** The methods a channel enables for checkout's payment tab: card (payment type 1) and check (2). See offeredPaymentMethods. */
export function paymentMethodsOf(db: DbOrTx, channelId: number) {
  return db
    .select({ method: channelPaymentMethods.method, label: channelPaymentMethods.label })
    .from(channelPaymentMethods)
    .where(
      and(
        eq(channelPaymentMethods.channelId, channelId),
        eq(channelPaymentMethods.enabled, true),
        inArray(channelPaymentMethods.method, ['card', 'check']),
      ),
    )
    .orderBy(asc(channelPaymentMethods.sort));
}

/**
 * What checkout offers: the channel's enabled card and check, without card when no card
 * provider is configured (production without STRIPE_SECRET_KEY nor PAYMENTS_SANDBOX=1).
 */
export async function offeredPaymentMethods(db: DbOrTx, channelId: number, cardsAvailable: boolean) {
  return (await paymentMethodsOf(db, channelId)).filter((m) => m.method !== 'card' || cardsAvailable);
}

/** The cart's own order row (checkout's page reads its addresses, PO number and tax exemption). */
export async function cartOrderRow(db: DbOrTx, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}
