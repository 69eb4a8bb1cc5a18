/**
 * The cart: an `orders` row in status 'cart'. A signed-in user's cart is their latest such order;
 * an anonymous visitor's has user_id NULL and its id lives in the session (routes pass it in as
 * CartRef — this file never sees a request). Every write is one transaction that ends with
 * recomputeTotals, so the stored lines and totals always agree with src/domain/order-totals.ts.
 *
 * A cart is always priced in the visitor's current channel: when it is opened under another
 * channel (a switch, or a locale whose default channel differs) every line is re-priced first.
 */
import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  channels, lineItemOptions, orderLineItems, orderPromotions, orders, organisations, persons, users,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { convert, fromCents, parseCents, toCents } from '../../domain/money.ts';
import { orgDiscountCents, orderTotals, spreadPromotion } from '../../domain/order-totals.ts';
import { CART_MAX, clampCartQuantity } from '../../domain/quantity.ts';
import { priceLine, type PricedLine, type PriceLineInput, type PricingChannel } from './pricing.ts';
import { activePromotions, findCartId, loadCartRows, type CartLineOptionRow, type CartRef, type CartRows } from './queries.ts';

export type { CartRef };

export const LINE_NOT_FOUND = 'This item is no longer in your cart.';
const lineNotFound = () => new AppError(404, 'line_not_found', LINE_NOT_FOUND);

// ---------------------------------------------------------------------------------------------
// The cart as the routes and views see it (cents; serializers in view-model.ts)

export type CartLine = {
  id: number;
  lineType: number;
  productId: number | null;
  promotionId: number | null;
  title: string;
  image: string | null;
  stockcode: string | null;
  quantity: number;
  currencyId: number;
  warehouseId: number | null;
  unitCents: number;
  discountCents: number;
  totalCents: number;
  totalDiscountedCents: number;
  paidCents: number;
  unpaidCents: number;
  options: CartLineOptionRow[];
};

export type CartPromotion = { id: number; name: string; code: string | null; valueCents: number };

export type CartState = {
  orderId: number;
  channelId: number;
  currency: string;
  currencyId: number;
  showDiscount: boolean;
  lines: CartLine[];
  promotions: CartPromotion[];
  /** Σ quantity of the product lines (the header badge). */
  count: number;
  totals: {
    subtotal: number;
    shipping: number;
    tax: number;
    discount: number;
    promotionTotal: number;
    total: number;
    unpaidTotal: number;
    /** Subtotal less the discount, floored at 0 (before shipping and tax). */
    totalDiscounted: number;
  };
};

const isProduct = (lineType: number) => DISCOUNT_LINE_TYPES.includes(lineType);
const cents = (v: string | null | undefined) => parseCents(v) ?? 0;

export function toCartState(rows: CartRows): CartState {
  const { order } = rows;
  const lines: CartLine[] = rows.lines.map((l) => ({
    id: l.id,
    lineType: l.lineType,
    productId: l.productId,
    promotionId: l.promotionId,
    title: l.title,
    image: l.image,
    stockcode: l.stockcode,
    quantity: l.quantity,
    currencyId: l.currencyId,
    warehouseId: l.warehouseId,
    unitCents: cents(l.unitPrice),
    discountCents: cents(l.discount),
    totalCents: cents(l.total),
    totalDiscountedCents: cents(l.totalDiscounted),
    paidCents: cents(l.paidTotal),
    unpaidCents: cents(l.unpaidTotal),
    options: rows.options.filter((o) => o.lineItemId === l.id),
  }));
  const promoLines = lines.filter((l) => l.lineType === LINE_TYPES.PROMOTION);
  const promotionsList = rows.promotions.map((p) => ({
    id: p.id,
    name: p.name,
    code: p.code,
    valueCents: -(promoLines.find((l) => l.promotionId === p.id)?.unitCents ?? 0),
  }));
  const subtotal = cents(order.subtotal);
  const discount = cents(order.discount);
  const total = cents(order.total);
  const paid = lines.reduce((s, l) => s + l.paidCents, 0);
  return {
    orderId: order.id,
    channelId: order.channelId,
    currency: order.orderCurrency,
    currencyId: order.currencyId,
    showDiscount: order.showDiscount,
    lines,
    promotions: promotionsList,
    count: lines.filter((l) => isProduct(l.lineType)).reduce((s, l) => s + l.quantity, 0),
    totals: {
      subtotal,
      shipping: cents(order.shipping),
      tax: cents(order.tax),
      discount,
      promotionTotal: promotionsList.reduce((s, p) => s + p.valueCents, 0),
      total,
      unpaidTotal: Math.max(0, total - paid),
      totalDiscounted: Math.max(0, subtotal - discount),
    },
  };
}

async function stateOf(tx: DbOrTx, orderId: number): Promise<CartState> {
  const rows = await loadCartRows(tx, orderId);
  if (!rows) throw notFound();
  return toCartState(rows);
}

// ---------------------------------------------------------------------------------------------
// Opening and creating

type Clock = { now?: Date };

/** The cart's id, locked for this transaction and re-priced when the channel differs; null when there is none. */
async function openCart(tx: DbOrTx, ref: CartRef, channel: PricingChannel, now: Date): Promise<number | null> {
  const id = await findCartId(tx, ref);
  if (id === null) return null;
  const [row] = await tx.select({ channelId: orders.channelId }).from(orders).where(eq(orders.id, id)).for('update');
  if (!row) return null;
  if (row.channelId !== channel.id) await repriceTx(tx, id, channel, now);
  return id;
}

/** The person and organisation discount that go on a signed-in user's cart. */
async function buyerOf(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ personId: persons.id, orgDiscount: organisations.orgDiscount })
    .from(users)
    .leftJoin(persons, eq(persons.userId, users.id))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  return { personId: row?.personId ?? null, orgDiscount: row?.orgDiscount ?? '0' };
}

async function createCart(tx: DbOrTx, ref: CartRef, channel: PricingChannel, opts: { locale?: string; showDiscount?: boolean; sessionId?: string | null }): Promise<number> {
  const buyer = ref.userId ? await buyerOf(tx, ref.userId) : { personId: null, orgDiscount: '0' };
  const [row] = await tx
    .insert(orders)
    .values({
      status: 'cart',
      locale: opts.locale ?? 'en-us',
      channelId: channel.id,
      currencyId: channel.currencyId,
      orderCurrency: channel.currency,
      userId: ref.userId ?? null,
      personId: buyer.personId,
      sessionId: ref.userId ? null : opts.sessionId ?? null,
      orgDiscount: buyer.orgDiscount,
      showDiscount: opts.showDiscount ?? true,
      createdBy: ref.userId ?? null,
    })
    .returning({ id: orders.id });
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Totals and pricing

/**
 * Recomputes every figure of a cart from its stored unit prices (spec §3, §5, §9):
 * line total = unit × quantity − line discount (the organisation's percent); promotions in force
 * become type-5 lines worth −(first action value, converted to the cart currency); the promotion
 * total is spread over the product lines by largest remainder (total_discounted); the order's
 * subtotal, discount and total come from domain orderTotals (discount and total floored at 0).
 */
export async function recomputeTotals(tx: DbOrTx, orderId: number, now: Date = new Date()): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, currencyId: orders.currencyId, orderCurrency: orders.orderCurrency, orgDiscount: orders.orgDiscount, shipping: orders.shipping, tax: orders.tax, rate: channels.midMarketRate })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(orders.id, orderId));
  if (!order) throw notFound();

  await tx.delete(orderLineItems).where(and(eq(orderLineItems.orderId, orderId), eq(orderLineItems.lineType, LINE_TYPES.PROMOTION)));
  await tx.delete(orderPromotions).where(eq(orderPromotions.orderId, orderId));
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));

  // Promotions are USD amounts; a cart in another currency gets them converted at the channel rate.
  const promos = lines.length
    ? (await activePromotions(tx, now))
        .map((p) => {
          const usd = parseCents(p.configuration?.[0]?.actions?.[0]?.value) ?? 0;
          return { promotion: p, cents: convert(usd, order.rate) };
        })
        .filter((p) => p.cents > 0)
    : [];

  const drafts = lines.map((l) => {
    const unit = toCents(l.unitPrice);
    const gross = unit * l.quantity;
    const discount = orgDiscountCents(gross, order.orgDiscount);
    return { line: l, unit, discount, total: gross - discount };
  });
  const totals = orderTotals(
    drafts.map((d) => ({ line_type: d.line.lineType, unit_price_cents: d.unit, quantity: d.line.quantity, discount_cents: d.discount })),
    promos.map((p) => ({ configuration: [{ actions: [{ value: fromCents(p.cents) }] }] })),
    { shippingCents: toCents(order.shipping), taxCents: toCents(order.tax) },
  );
  const shares = spreadPromotion(drafts.map((d) => d.total), totals.promotionTotal);

  for (const [k, d] of drafts.entries()) {
    const totalDiscounted = d.total - shares[k];
    const next = {
      discount: fromCents(d.discount),
      total: fromCents(d.total),
      totalDiscounted: fromCents(totalDiscounted),
      unpaidTotal: fromCents(totalDiscounted - toCents(d.line.paidTotal)),
      currencyId: order.currencyId,
    };
    const l = d.line;
    if (l.discount !== next.discount || l.total !== next.total || l.totalDiscounted !== next.totalDiscounted || l.unpaidTotal !== next.unpaidTotal || l.currencyId !== next.currencyId) {
      await tx.update(orderLineItems).set(next).where(eq(orderLineItems.id, l.id));
    }
  }

  if (promos.length) {
    const sort = lines.reduce((m, l) => Math.max(m, l.sort), 0) + 1;
    await tx.insert(orderLineItems).values(promos.map((p, k) => ({
      orderId,
      lineType: LINE_TYPES.PROMOTION,
      productId: null,
      promotionId: p.promotion.id,
      title: p.promotion.name,
      stockcode: null,
      quantity: 1,
      currencyId: order.currencyId,
      unitPrice: fromCents(-p.cents),
      discount: '0.00',
      total: fromCents(-p.cents),
      totalDiscounted: '0.00',
      paidTotal: '0.00',
      unpaidTotal: '0.00',
      sort: sort + k,
    })));
    await tx.insert(orderPromotions).values(promos.map((p) => ({ orderId, promotionId: p.promotion.id })));
  }

  await tx
    .update(orders)
    .set({ subtotal: fromCents(totals.subtotal), discount: fromCents(totals.discount), total: fromCents(totals.total) })
    .where(eq(orders.id, orderId));
}

/** Selections stored on each line, as priceLine takes them. */
async function storedSelections(tx: DbOrTx, lineIds: number[]) {
  if (!lineIds.length) return new Map<number, { optionId: number; choiceId: number; quantity: number }[]>();
  const rows = await tx
    .select({ lineItemId: lineItemOptions.lineItemId, optionId: lineItemOptions.optionId, choiceId: lineItemOptions.choiceId, quantity: lineItemOptions.quantity })
    .from(lineItemOptions)
    .where(inArray(lineItemOptions.lineItemId, lineIds))
    .orderBy(asc(lineItemOptions.id));
  const map = new Map<number, { optionId: number; choiceId: number; quantity: number }[]>();
  for (const r of rows) map.set(r.lineItemId, [...(map.get(r.lineItemId) ?? []), { optionId: r.optionId, choiceId: r.choiceId, quantity: r.quantity }]);
  return map;
}

async function repriceTx(tx: DbOrTx, orderId: number, channel: PricingChannel, now: Date): Promise<void> {
  const lines = await tx
    .select({ id: orderLineItems.id, productId: orderLineItems.productId, quantity: orderLineItems.quantity, unitPrice: orderLineItems.unitPrice })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])));
  const selections = await storedSelections(tx, lines.map((l) => l.id));
  for (const l of lines) {
    if (l.productId === null) continue;
    // Lines already in the cart are re-priced, not re-judged: no availability refusal here.
    const priced = await priceLine(tx, channel, { productId: l.productId, quantity: l.quantity, selections: selections.get(l.id) ?? [] }, { enforce: false, now });
    await tx.update(orderLineItems).set({ unitPrice: fromCents(priced.unitCents), currencyId: channel.currencyId }).where(eq(orderLineItems.id, l.id));
  }
  await tx.update(orders).set({ channelId: channel.id, currencyId: channel.currencyId, orderCurrency: channel.currency }).where(eq(orders.id, orderId));
  await recomputeTotals(tx, orderId, now);
}

/** Re-prices every product line of a cart from the database for `channel` and moves the cart to that channel's currency. */
export function repriceForChannel(db: Db, orderId: number, channel: PricingChannel, { now = new Date() }: Clock = {}): Promise<void> {
  return db.transaction((tx) => repriceTx(tx, orderId, channel, now));
}

// ---------------------------------------------------------------------------------------------
// Reads

/** The visitor's cart in the current channel (re-priced if it was in another), or null. `refresh` recomputes promotions. */
export function getCart(db: Db, ref: CartRef, channel: PricingChannel, { now = new Date(), refresh = false }: Clock & { refresh?: boolean } = {}): Promise<CartState | null> {
  return db.transaction(async (tx) => {
    const id = await findCartId(tx, ref);
    if (id === null) return null;
    const [row] = await tx.select({ channelId: orders.channelId }).from(orders).where(eq(orders.id, id));
    if (row.channelId !== channel.id) {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      await repriceTx(tx, id, channel, now);
    } else if (refresh) {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      await recomputeTotals(tx, id, now);
    }
    return stateOf(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

export type AddResult = { orderId: number; created: boolean; lineId: number; added: number; lineQuantity: number; priced: PricedLine; state: CartState };

/**
 * Adds a product (priced here, never by the caller) to the cart, creating the cart when there is
 * none. The same product with the same configured stock code adds to the existing line's
 * quantity, clamped to 999.
 */
export function addLine(
  db: Db,
  ref: CartRef,
  channel: PricingChannel,
  input: PriceLineInput,
  opts: Clock & { locale?: string; showDiscount?: boolean; sessionId?: string | null } = {},
): Promise<AddResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const priced = await priceLine(tx, channel, input, { now });
    let orderId = await openCart(tx, ref, channel, now);
    const created = orderId === null;
    orderId ??= await createCart(tx, ref, channel, opts);

    const [same] = await tx
      .select({ id: orderLineItems.id, quantity: orderLineItems.quantity })
      .from(orderLineItems)
      .where(and(
        eq(orderLineItems.orderId, orderId),
        eq(orderLineItems.lineType, LINE_TYPES.PRODUCT),
        eq(orderLineItems.productId, priced.productId),
        eq(orderLineItems.stockcode, priced.stockcode),
      ))
      .limit(1);

    let lineId: number;
    let lineQuantity: number;
    if (same) {
      lineId = same.id;
      lineQuantity = Math.min(CART_MAX, same.quantity + priced.quantity);
      await tx.update(orderLineItems).set({ quantity: lineQuantity, unitPrice: fromCents(priced.unitCents), title: priced.title }).where(eq(orderLineItems.id, same.id));
    } else {
      const [{ sort }] = await tx.select({ sort: max(orderLineItems.sort) }).from(orderLineItems).where(eq(orderLineItems.orderId, orderId));
      const gross = fromCents(priced.unitCents * priced.quantity);
      const [row] = await tx
        .insert(orderLineItems)
        .values({
          orderId,
          lineType: LINE_TYPES.PRODUCT,
          productId: priced.productId,
          title: priced.title,
          stockcode: priced.stockcode,
          quantity: priced.quantity,
          currencyId: channel.currencyId,
          unitPrice: fromCents(priced.unitCents),
          total: gross,
          totalDiscounted: gross,
          unpaidTotal: gross,
          sort: (sort ?? -1) + 1,
        })
        .returning({ id: orderLineItems.id });
      lineId = row.id;
      lineQuantity = priced.quantity;
      if (priced.lineOptions.length) {
        await tx.insert(lineItemOptions).values(priced.lineOptions.map((o) => ({ lineItemId: lineId, optionId: o.optionId, choiceId: o.choiceId, optionType: o.optionType, quantity: o.quantity })));
      }
    }
    await recomputeTotals(tx, orderId, now);
    return { orderId, created, lineId, added: priced.quantity, lineQuantity, priced, state: await stateOf(tx, orderId) };
  });
}

/** A product line of this visitor's cart, or 404 (another visitor's line, a promotion line, a gone line). */
async function ownLine(tx: DbOrTx, ref: CartRef, channel: PricingChannel, lineId: number, now: Date) {
  const orderId = await openCart(tx, ref, channel, now);
  if (orderId === null) throw lineNotFound();
  const [line] = await tx
    .select({ id: orderLineItems.id, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.id, lineId), eq(orderLineItems.orderId, orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
    .limit(1);
  if (!line) throw lineNotFound();
  return { orderId, line };
}

export type QuantityResult = { orderId: number; lineId: number; lastQuantity: number; quantity: number; state: CartState };

/** Sets a line's quantity, clamped to 1..999 (5000 → 999, 0 → 1). */
export function updateQuantity(db: Db, ref: CartRef, channel: PricingChannel, lineId: number, quantity: number, { now = new Date() }: Clock = {}): Promise<QuantityResult> {
  return db.transaction(async (tx) => {
    const { orderId, line } = await ownLine(tx, ref, channel, lineId, now);
    const next = clampCartQuantity(quantity);
    if (next !== line.quantity) await tx.update(orderLineItems).set({ quantity: next }).where(eq(orderLineItems.id, line.id));
    await recomputeTotals(tx, orderId, now);
    return { orderId, lineId, lastQuantity: line.quantity, quantity: next, state: await stateOf(tx, orderId) };
  });
}

export type RemoveResult = { orderId: number; lastQuantity: number; state: CartState };

export function removeLine(db: Db, ref: CartRef, channel: PricingChannel, lineId: number, { now = new Date() }: Clock = {}): Promise<RemoveResult> {
  return db.transaction(async (tx) => {
    const { orderId, line } = await ownLine(tx, ref, channel, lineId, now);
    await tx.delete(orderLineItems).where(eq(orderLineItems.id, line.id));
    await recomputeTotals(tx, orderId, now);
    return { orderId, lastQuantity: line.quantity, state: await stateOf(tx, orderId) };
  });
}

/** Stores the discount display choice on the cart (the session keeps it too; see routes). */
export async function setShowDiscount(db: Db, ref: CartRef, show: boolean): Promise<void> {
  const id = await findCartId(db, ref);
  if (id !== null) await db.update(orders).set({ showDiscount: show }).where(eq(orders.id, id));
}

/**
 * At sign-in: the anonymous cart's lines move into the user's cart (the same product and stock
 * code add their quantities, clamped to 999), the anonymous cart is deleted, and the result is
 * priced in the current channel. With no cart of their own the user simply adopts the anonymous
 * one. Returns the user's cart id (null when neither exists).
 */
export function mergeAnonymousIntoUser(db: Db, anonymousOrderId: number | null | undefined, userId: number, channel: PricingChannel, { now = new Date() }: Clock = {}): Promise<number | null> {
  return db.transaction(async (tx) => {
    const anon = anonymousOrderId
      ? (await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, anonymousOrderId), eq(orders.status, 'cart'), isNull(orders.userId))).for('update'))[0]
      : undefined;
    const userCart = await findCartId(tx, { userId });
    if (!anon) return userCart;

    if (userCart === null) {
      const buyer = await buyerOf(tx, userId);
      await tx.update(orders).set({ userId, personId: buyer.personId, orgDiscount: buyer.orgDiscount, sessionId: null, createdBy: userId }).where(eq(orders.id, anon.id));
      await repriceTx(tx, anon.id, channel, now);
      return anon.id;
    }

    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, userCart)).for('update');
    const productTypes = [...DISCOUNT_LINE_TYPES];
    const theirs = await tx
      .select({ id: orderLineItems.id, productId: orderLineItems.productId, stockcode: orderLineItems.stockcode, lineType: orderLineItems.lineType, quantity: orderLineItems.quantity, sort: orderLineItems.sort })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, userCart), inArray(orderLineItems.lineType, productTypes)));
    const moving = await tx
      .select({ id: orderLineItems.id, productId: orderLineItems.productId, stockcode: orderLineItems.stockcode, lineType: orderLineItems.lineType, quantity: orderLineItems.quantity })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, anon.id), inArray(orderLineItems.lineType, productTypes)))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
    let sort = theirs.reduce((m, l) => Math.max(m, l.sort), -1);
    for (const l of moving) {
      const match = theirs.find((u) => u.productId === l.productId && u.stockcode === l.stockcode && u.lineType === l.lineType);
      if (match) {
        match.quantity = Math.min(CART_MAX, match.quantity + l.quantity);
        await tx.update(orderLineItems).set({ quantity: match.quantity }).where(eq(orderLineItems.id, match.id));
      } else {
        await tx.update(orderLineItems).set({ orderId: userCart, sort: ++sort }).where(eq(orderLineItems.id, l.id));
      }
    }
    await tx.delete(orders).where(eq(orders.id, anon.id));
    await repriceTx(tx, userCart, channel, now);
    return userCart;
  });
}
