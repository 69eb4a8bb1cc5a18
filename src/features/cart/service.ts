/**
 * The cart: an `orders` row in status 'cart'. A signed-in user's cart is their latest such order;
 * an anonymous visitor's has user_id NULL and its id lives in the session (routes pass it in as
 * CartRef — this file never sees a request). Every write is one transaction: the cart row is
 * locked, its lines read once, changed in memory, and settled by totals.ts (which writes only what
 * changed, in one statement, and returns the cart as it now stands), so the stored lines and totals
 * always agree with src/domain/order-totals.ts and a write answers without reading the cart back.
 * Add to cart (here), quantity update and removal (line-edits.ts) send `begin` with the cart's
 * locked read (cart-read.ts, named statements; src/db/opened-transaction.ts), then the one write
 * with the commit, every value a parameter: two round trips. Opening and re-pricing a cart are in
 * reprice.ts, merging a visitor's cart into an account's in merge.ts.
 *
 * A cart is always priced in the visitor's current channel: when it is opened under another
 * channel (a switch, or a locale whose default channel differs) every line is re-priced first.
 */
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { openedTransaction } from '../../db/opened-transaction.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../domain/errors.ts';
import { assertNotLocked, cartLocked, pendingApprovalOf } from '../approvals/index.ts';
import { addPricedLines, storedTouched } from './add-lines.ts';
import { cartReadCalls, cartReadFrom } from './cart-read.ts';
import { CART_WRITE, type Clock, settleOpened, stateFrom, stateOf } from './cart-write.ts';
import { priceFromFacts, type PricedLine, type PriceLineInput, type PricingChannel } from './pricing.ts';
import { findCartId, visitorCartRows, type CartLineRow, type CartRef } from './queries.ts';
import { createCart, openCart, repriceTx } from './reprice.ts';
import { toCartState, type CartState } from './state.ts';
import { syncCoreLines } from './core-lines.ts';
import { cartLines, lockCartById, recomputeTotals, settleCart } from './totals.ts';

export type { CartRef };
export type { CartLine, CartPromotion, CartState } from './state.ts';
export { recomputeTotals, toCartState };

// ---------------------------------------------------------------------------------------------
// Reads

/** The visitor's cart in the current channel (re-priced if it was in another), or null. `refresh` recomputes promotions. */
export async function getCart(
  db: Db,
  ref: CartRef,
  channel: PricingChannel,
  { now = new Date(), refresh = false }: Clock & { refresh?: boolean } = {},
): Promise<CartState | null> {
  if (!refresh) {
    // The usual case, a cart already in this channel: read in one statement, nothing to write.
    const rows = await visitorCartRows(db, ref);
    if (!rows) return null;
    if (rows.order.channelId === channel.id) return toCartState(rows);
  }
  return db.transaction(async (tx) => {
    const id = await findCartId(tx, ref);
    if (id === null) return null;
    const [row] = await tx.select({ channelId: orders.channelId }).from(orders).where(eq(orders.id, id));
    if (row.channelId !== channel.id) {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      // A cart waiting for approval is shown as it was sent (its own channel and prices), never re-priced.
      if (!(await pendingApprovalOf(tx, id))) await repriceTx(tx, id, channel, now);
    } else if (refresh) {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      await recomputeTotals(tx, id, now);
    }
    return stateOf(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

export type AddResult = {
  orderId: number;
  created: boolean;
  lineId: number;
  added: number;
  lineQuantity: number;
  priced: PricedLine;
  state: CartState;
};

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
  const result = (
    added: { orderId: number; created: boolean; lines: CartLineRow[]; state: CartState },
    priced: PricedLine,
  ): AddResult => {
    const line = added.lines[0];
    return {
      orderId: added.orderId,
      created: added.created,
      lineId: line.id,
      added: priced.quantity,
      lineQuantity: line.quantity,
      priced,
      state: added.state,
    };
  };
  // begin + the locked cart, its lines and the product's pricing facts (one round trip), one write with the commit (one more).
  return openedTransaction(
    db,
    cartReadCalls(ref, now, { channel, productId: input.productId }),
    async (rows, tx) => {
      const read = cartReadFrom(rows, channel);
      if (read.locked) throw cartLocked(); // spending limits: a cart waiting for approval
      const priced = priceFromFacts(read.pricing!.product, read.pricing!.options, channel, input, { now });
      const { cart } = read;
      // No cart yet, one to re-price for this channel first, or a part that brings a core deposit
      // line: the general path, in this transaction.
      const core = read.pricing?.product?.coreCharge != null || read.pricing?.product?.channelCoreCharge != null;
      if (!cart || cart.order.channelId !== channel.id || core)
        return result(await addPricedTx(tx.drizzle(), ref, channel, [priced], { ...opts, now }), priced);
      const { lines, touched, newOptions } = addPricedLines(cart.order, read.lines, [priced]);
      const settled = await settleOpened(tx, cart, lines, read, newOptions);
      const [line] = storedTouched(touched, settled.lines);
      const options = [...read.options, ...priced.optionNames.map((o) => ({ lineItemId: line.id, ...o }))];
      return result(
        {
          orderId: cart.order.id,
          created: false,
          lines: [line],
          state: toCartState({ ...settled, options: touched[0].id > 0 ? read.options : options }),
        },
        priced,
      );
    },
    CART_WRITE,
  );
}

export type AddPricedResult = { orderId: number; created: boolean; lines: CartLineRow[]; state: CartState };

/**
 * Adds lines already priced in THIS transaction (priceLine, never a caller's figure) to the
 * visitor's cart, creating it when there is none, and settles the totals once. Each line merges
 * into a line of the same product and configured stock code (quantity clamped to 999). Returns
 * the cart line each priced line went to, in order. Used by addLine and by "order again".
 */
export async function addPricedTx(
  tx: DbOrTx,
  ref: CartRef,
  channel: PricingChannel,
  pricedLines: readonly PricedLine[],
  opts: Clock & { locale?: string; showDiscount?: boolean; sessionId?: string | null } = {},
): Promise<AddPricedResult> {
  const now = opts.now ?? new Date();
  let cart = await openCart(tx, ref, channel, now);
  if (cart) await assertNotLocked(tx, cart.order.id); // spending limits: quick order and "order again" too
  const created = cart === null;
  cart ??= await lockCartById(tx, await createCart(tx, ref, channel, opts));
  if (!cart) throw notFound();
  const stored = created ? [] : await cartLines(tx, cart.order.id);
  const { lines, touched, newOptions } = addPricedLines(cart.order, stored, pricedLines);
  let rows = await settleCart(tx, cart, lines, stored, now, newOptions);
  // A part with a core charge brings its deposit line (core-lines.ts), settled into the totals.
  if (await syncCoreLines(tx, cart.order.id)) {
    const again = (await lockCartById(tx, cart.order.id))!;
    const next = await cartLines(tx, cart.order.id);
    rows = await settleCart(tx, again, next, next, now);
  }
  return {
    orderId: cart.order.id,
    created,
    lines: storedTouched(touched, rows.lines),
    state: await stateFrom(tx, rows),
  };
}

/** Stores the discount display choice on the cart (the session keeps it too; see routes). */
export async function setShowDiscount(db: Db, ref: CartRef, show: boolean): Promise<void> {
  const id = await findCartId(db, ref);
  if (id !== null) await db.update(orders).set({ showDiscount: show }).where(eq(orders.id, id));
}
