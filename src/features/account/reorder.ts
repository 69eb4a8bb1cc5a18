/**
 * "Order again": the product lines of one of the customer's earlier orders go into their cart,
 * with the options they were configured with, priced TODAY by the one price authority (priceLine)
 * in the customer's current channel. A line that may not be ordered any more (inactive, out of
 * stock, coming soon, call for availability, no price in this channel's store, a product or an
 * option choice that no longer exists) is skipped and reported, never added at an old price.
 * Everything is one transaction: the cart gets all the lines that can be ordered, or nothing.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lineItemOptions, orderLineItems, orders } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { isAppError, notFound } from '../../domain/errors.ts';
import { CART_MAX } from '../../domain/quantity.ts';
import { priceLine, type PricedLine, type PricingChannel, addPricedTx, type CartState } from '../cart/index.ts';

/** Why a line was not added: the price authority's refusal codes, plus `options` (a choice that is gone). */
export type SkipReason = 'inactive' | 'out_of_stock' | 'coming_soon' | 'call' | 'price' | 'unknown_product' | 'options';

export type ReorderResult = {
  sourceOrderId: number;
  /** The cart the lines went to (null when nothing could be added and the customer had no cart). */
  cartOrderId: number | null;
  added: { title: string; stockcode: string; quantity: number }[];
  skipped: { title: string; stockcode: string | null; reason: SkipReason }[];
  state: CartState | null;
};

const KNOWN: readonly string[] = ['inactive', 'out_of_stock', 'coming_soon', 'call', 'price', 'unknown_product'];

/**
 * The order's product lines (every type that is a product: ordinary, and the services and specials
 * of types 1 and 2; never a promotion) with their stored choices; only the owner's own orders (never a cart).
 */
async function sourceLines(tx: DbOrTx, userId: number, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), ne(orders.status, 'cart')))
    .limit(1);
  // Another customer's order, a cart or no order at all: the same 404 (existence is not disclosed).
  if (!order) throw notFound();
  const lines = await tx
    .select({
      id: orderLineItems.id,
      productId: orderLineItems.productId,
      title: orderLineItems.title,
      stockcode: orderLineItems.stockcode,
      quantity: orderLineItems.quantity,
    })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, order.id), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const ids = lines.map((l) => l.id);
  const choices = ids.length
    ? await tx
        .select({
          lineItemId: lineItemOptions.lineItemId,
          optionId: lineItemOptions.optionId,
          choiceId: lineItemOptions.choiceId,
          quantity: lineItemOptions.quantity,
        })
        .from(lineItemOptions)
        .where(inArray(lineItemOptions.lineItemId, ids))
        .orderBy(asc(lineItemOptions.id))
    : [];
  return lines.map((l) => ({
    ...l,
    selections: choices
      .filter((c) => c.lineItemId === l.id)
      .map(({ optionId, choiceId, quantity }) => ({ optionId, choiceId, quantity })),
  }));
}

/**
 * Adds the customer's earlier order `orderId` to their cart (see the file comment). Throws 404
 * when the order is not theirs.
 */
export function reorder(
  db: Db,
  userId: number,
  orderId: number,
  channel: PricingChannel,
  opts: { now?: Date; locale?: string; showDiscount?: boolean } = {},
): Promise<ReorderResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const lines = await sourceLines(tx, userId, orderId);
    const priced: PricedLine[] = [];
    const skipped: ReorderResult['skipped'] = [];
    for (const l of lines) {
      if (l.productId === null) {
        skipped.push({ title: l.title, stockcode: l.stockcode, reason: 'unknown_product' });
        continue;
      }
      try {
        priced.push(
          await priceLine(
            tx,
            channel,
            { productId: l.productId, quantity: Math.min(CART_MAX, l.quantity), selections: l.selections },
            { now },
          ),
        );
      } catch (err) {
        // priceLine refuses in JS before any statement fails, so the transaction stays usable.
        if (!isAppError(err)) throw err;
        const reason = (KNOWN.includes(err.code) ? err.code : 'options') as SkipReason;
        skipped.push({ title: l.title, stockcode: l.stockcode, reason });
      }
    }
    if (!priced.length) return { sourceOrderId: orderId, cartOrderId: null, added: [], skipped, state: null };
    const result = await addPricedTx(tx, { userId }, channel, priced, { ...opts, now });
    return {
      sourceOrderId: orderId,
      cartOrderId: result.orderId,
      added: priced.map((p) => ({ title: p.title, stockcode: p.stockcode, quantity: p.quantity })),
      skipped,
      state: result.state,
    };
  });
}
