/**
 * The cart: an `orders` row in status 'cart'. A signed-in user's cart is their latest such order;
 * an anonymous visitor's has user_id NULL and its id lives in the session (routes pass it in as
 * CartRef — this file never sees a request). Every write is one transaction: the cart row is
 * locked, its lines read once, changed in memory, and settled by totals.ts (which writes only what
 * changed, in one statement, and returns the cart as it now stands), so the stored lines and totals
 * always agree with src/domain/order-totals.ts and a write answers without reading the cart back.
 * Add to cart, quantity update and removal send `begin` with the cart's locked read (cart-read.ts,
 * named statements; src/db/opened-transaction.ts), then the one write with the commit, every value
 * a parameter: two round trips.
 *
 * A cart is always priced in the visitor's current channel: when it is opened under another
 * channel (a switch, or a locale whose default channel differs) every line is re-priced first.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lineItemOptions, orderLineItems, orders, organisations, persons, users } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { fromCents } from '../../domain/money.ts';
import { CART_MAX, clampCartQuantity } from '../../domain/quantity.ts';
import { priceFromFacts, priceLine, type PricedLine, type PriceLineInput, type PricingChannel } from './pricing.ts';
import {
  findCartId,
  lineOptions,
  loadCartRows,
  visitorCartRows,
  type CartLineRow,
  type CartRef,
  type CartRows,
} from './queries.ts';
import { toCartState, type CartState } from './state.ts';
import { addPricedLines, storedTouched } from './add-lines.ts';
import {
  cartLines,
  lockCartById,
  lockVisitorCart,
  recomputeTotals,
  settleCart,
  settledRows,
  settleStatement,
  type LockedCart,
} from './totals.ts';
import { settlePlan, type NewLineOptions } from './settle-plan.ts';
import { cartReadCalls, cartReadFrom, type CartRead } from './cart-read.ts';
import { openedTransaction, type OpenedTx } from '../../db/opened-transaction.ts';
import { assertNotLocked, cartLocked, pendingApprovalOf } from '../approvals/index.ts';

export type { CartRef };

/**
 * Cart writes commit without waiting for the WAL to reach the disk (synchronous_commit off for
 * their transaction only): a cart is the shopper's scratch pad, and a crash of the database
 * server losing its last fraction of a second of cart changes is acceptable. Orders and payments
 * never do this. Carts count in no report, so the report rollup's triggers are off for them too
 * (src/db/opened-transaction.ts).
 */
const CART_WRITE = { asyncCommit: true, cartsOnly: true };
export type { CartLine, CartPromotion, CartState } from './state.ts';
export { recomputeTotals, toCartState };

export const LINE_NOT_FOUND = 'This item is no longer in your cart.';
const lineNotFound = () => new AppError(404, 'line_not_found', LINE_NOT_FOUND);

async function stateOf(tx: DbOrTx, orderId: number): Promise<CartState> {
  const rows = await loadCartRows(tx, orderId);
  if (!rows) throw notFound();
  return toCartState(rows);
}

/** The state of a cart settled in this transaction: only the options are read. */
async function stateFrom(tx: DbOrTx, rows: Omit<CartRows, 'options'>): Promise<CartState> {
  return toCartState({
    ...rows,
    options: await lineOptions(
      tx,
      rows.lines.map((l) => l.id),
    ),
  });
}

const isProductLine = (l: CartLineRow) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType);

// ---------------------------------------------------------------------------------------------
// Opening and creating

type Clock = { now?: Date };

/** The visitor's cart, locked for this transaction and re-priced when the channel differs; null when there is none. */
async function openCart(tx: DbOrTx, ref: CartRef, channel: PricingChannel, now: Date): Promise<LockedCart | null> {
  const cart = await lockVisitorCart(tx, ref);
  if (!cart || cart.order.channelId === channel.id) return cart;
  await repriceTx(tx, cart.order.id, channel, now);
  return lockCartById(tx, cart.order.id);
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

async function createCart(
  tx: DbOrTx,
  ref: CartRef,
  channel: PricingChannel,
  opts: { locale?: string; showDiscount?: boolean; sessionId?: string | null },
): Promise<number> {
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
      sessionId: ref.userId ? null : (opts.sessionId ?? null),
      orgDiscount: buyer.orgDiscount,
      showDiscount: opts.showDiscount ?? true,
      createdBy: ref.userId ?? null,
    })
    .returning({ id: orders.id });
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Re-pricing

/** Selections stored on each line, as priceLine takes them. */
async function storedSelections(tx: DbOrTx, lineIds: number[]) {
  if (!lineIds.length) return new Map<number, { optionId: number; choiceId: number; quantity: number }[]>();
  const rows = await tx
    .select({
      lineItemId: lineItemOptions.lineItemId,
      optionId: lineItemOptions.optionId,
      choiceId: lineItemOptions.choiceId,
      quantity: lineItemOptions.quantity,
    })
    .from(lineItemOptions)
    .where(inArray(lineItemOptions.lineItemId, lineIds))
    .orderBy(asc(lineItemOptions.id));
  const map = new Map<number, { optionId: number; choiceId: number; quantity: number }[]>();
  for (const r of rows)
    map.set(r.lineItemId, [
      ...(map.get(r.lineItemId) ?? []),
      { optionId: r.optionId, choiceId: r.choiceId, quantity: r.quantity },
    ]);
  return map;
}

async function repriceTx(tx: DbOrTx, orderId: number, channel: PricingChannel, now: Date): Promise<void> {
  const lines = await tx
    .select({
      id: orderLineItems.id,
      productId: orderLineItems.productId,
      quantity: orderLineItems.quantity,
      unitPrice: orderLineItems.unitPrice,
    })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])));
  const selections = await storedSelections(
    tx,
    lines.map((l) => l.id),
  );
  for (const l of lines) {
    if (l.productId === null) continue;
    // Lines already in the cart are re-priced, not re-judged: no availability refusal here.
    const priced = await priceLine(
      tx,
      channel,
      { productId: l.productId, quantity: l.quantity, selections: selections.get(l.id) ?? [] },
      { enforce: false, now },
    );
    await tx
      .update(orderLineItems)
      .set({ unitPrice: fromCents(priced.unitCents), currencyId: channel.currencyId })
      .where(eq(orderLineItems.id, l.id));
  }
  await tx
    .update(orders)
    .set({ channelId: channel.id, currencyId: channel.currencyId, orderCurrency: channel.currency })
    .where(eq(orders.id, orderId));
  await recomputeTotals(tx, orderId, now);
}

/**
 * Re-prices every product line of a cart from the database for `channel` and moves the cart to
 * that channel's currency (a channel switch). A cart waiting for approval is refused (409), as
 * every other write to it is: its approver decides on the prices the member sent.
 */
export function repriceForChannel(
  db: Db,
  orderId: number,
  channel: PricingChannel,
  { now = new Date() }: Clock = {},
): Promise<void> {
  return db.transaction(async (tx) => {
    // The cart's row first, as the approval request locks it: the check and the re-pricing see the same cart.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    await assertNotLocked(tx, orderId);
    await repriceTx(tx, orderId, channel, now);
  });
}

/**
 * At sign-in: the member's cart is priced in `channel` (when `reprice`), unless it waits for
 * approval, when it keeps its own channel and prices. Returns the id of the channel the cart is in.
 */
export function settleCartChannel(
  db: Db,
  orderId: number,
  channel: PricingChannel & { id: number },
  reprice: boolean,
  { now = new Date() }: Clock = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ channelId: orders.channelId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (row && (await pendingApprovalOf(tx, orderId))) return row.channelId;
    if (reprice) await repriceTx(tx, orderId, channel, now);
    return channel.id;
  });
}

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
      // No cart yet, or one to re-price for this channel first: the general path, in this transaction.
      if (!cart || cart.order.channelId !== channel.id)
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

/**
 * settleCart on an opened transaction whose read already brought the promotions in force: one
 * statement, sent with the COMMIT (the transaction's last), or none.
 */
async function settleOpened(
  tx: OpenedTx,
  cart: LockedCart,
  lines: CartLineRow[],
  read: CartRead,
  newOptions?: NewLineOptions,
) {
  const plan = settlePlan(cart, lines, read.lines, read.inForce, newOptions, read.parts);
  const statement = settleStatement(plan);
  const [row] = statement ? await tx.executeAndCommit<{ inserted: unknown; order: unknown }>(statement) : [];
  return settledRows(plan, row);
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
  const rows = await settleCart(tx, cart, lines, stored, now, newOptions);
  return {
    orderId: cart.order.id,
    created,
    lines: storedTouched(touched, rows.lines),
    state: await stateFrom(tx, rows),
  };
}

/** The visitor's cart, locked, with its lines and the product line asked for, or 404 (another visitor's line, a promotion line, a gone line). */
async function ownLine(tx: DbOrTx, ref: CartRef, channel: PricingChannel, lineId: number, now: Date) {
  const cart = await openCart(tx, ref, channel, now);
  if (!cart) throw lineNotFound();
  const stored = await cartLines(tx, cart.order.id);
  const line = stored.find((l) => l.id === lineId && isProductLine(l));
  if (!line) throw lineNotFound();
  return { cart, stored, line };
}

export type QuantityResult = {
  orderId: number;
  lineId: number;
  lastQuantity: number;
  quantity: number;
  state: CartState;
};

/** Sets a line's quantity, clamped to 1..999 (5000 → 999, 0 → 1). */
export function updateQuantity(
  db: Db,
  ref: CartRef,
  channel: PricingChannel,
  lineId: number,
  quantity: number,
  { now = new Date() }: Clock = {},
): Promise<QuantityResult> {
  const next = clampCartQuantity(quantity);
  // begin + the locked cart and its lines (one round trip), one write with the commit (one more).
  return openedTransaction(
    db,
    cartReadCalls(ref, now),
    async (rows, tx) => {
      const read = cartReadFrom(rows, channel);
      if (read.locked) throw cartLocked(); // spending limits: a cart waiting for approval
      if (!read.cart) throw lineNotFound();
      if (read.cart.order.channelId !== channel.id) {
        // A cart to re-price for this channel first: the general path, in this transaction.
        const { cart, stored, line } = await ownLine(tx.drizzle(), ref, channel, lineId, now);
        const settled = await settleCart(
          tx.drizzle(),
          cart,
          stored.map((l) => (l.id === line.id ? { ...l, quantity: next } : l)),
          stored,
          now,
        );
        return {
          orderId: cart.order.id,
          lineId,
          lastQuantity: line.quantity,
          quantity: next,
          state: await stateFrom(tx.drizzle(), settled),
        };
      }
      const line = read.lines.find((l) => l.id === lineId && isProductLine(l));
      if (!line) throw lineNotFound();
      const settled = await settleOpened(
        tx,
        read.cart,
        read.lines.map((l) => (l.id === line.id ? { ...l, quantity: next } : l)),
        read,
      );
      return {
        orderId: read.cart.order.id,
        lineId,
        lastQuantity: line.quantity,
        quantity: next,
        state: toCartState({ ...settled, options: read.options }),
      };
    },
    CART_WRITE,
  );
}

export type RemoveResult = { orderId: number; lastQuantity: number; state: CartState };

export function removeLine(
  db: Db,
  ref: CartRef,
  channel: PricingChannel,
  lineId: number,
  { now = new Date() }: Clock = {},
): Promise<RemoveResult> {
  // begin + the locked cart and its lines (one round trip), one write (the line out, the totals) with the commit.
  return openedTransaction(
    db,
    cartReadCalls(ref, now),
    async (rows, tx) => {
      const read = cartReadFrom(rows, channel);
      if (read.locked) throw cartLocked(); // spending limits: a cart waiting for approval
      if (!read.cart) throw lineNotFound();
      if (read.cart.order.channelId !== channel.id) {
        // A cart to re-price for this channel first: the general path, in this transaction.
        const { cart, stored, line } = await ownLine(tx.drizzle(), ref, channel, lineId, now);
        const settled = await settleCart(
          tx.drizzle(),
          cart,
          stored.filter((l) => l.id !== line.id),
          stored,
          now,
        );
        return { orderId: cart.order.id, lastQuantity: line.quantity, state: await stateFrom(tx.drizzle(), settled) };
      }
      const line = read.lines.find((l) => l.id === lineId && isProductLine(l));
      if (!line) throw lineNotFound();
      const settled = await settleOpened(
        tx,
        read.cart,
        read.lines.filter((l) => l.id !== line.id),
        read,
      );
      return {
        orderId: read.cart.order.id,
        lastQuantity: line.quantity,
        state: toCartState({ ...settled, options: read.options }),
      };
    },
    CART_WRITE,
  );
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
export function mergeAnonymousIntoUser(
  db: Db,
  anonymousOrderId: number | null | undefined,
  userId: number,
  channel: PricingChannel,
  { now = new Date() }: Clock = {},
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const anon = anonymousOrderId
      ? (
          await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, anonymousOrderId), eq(orders.status, 'cart'), isNull(orders.userId)))
            .for('update')
        )[0]
      : undefined;
    const userCart = await findCartId(tx, { userId });
    if (!anon) return userCart;

    if (userCart === null) {
      const buyer = await buyerOf(tx, userId);
      await tx
        .update(orders)
        .set({ userId, personId: buyer.personId, orgDiscount: buyer.orgDiscount, sessionId: null, createdBy: userId })
        .where(eq(orders.id, anon.id));
      await repriceTx(tx, anon.id, channel, now);
      return anon.id;
    }

    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, userCart)).for('update');
    // A cart waiting for approval takes no lines: the visitor's cart stays theirs, unmerged.
    if (await pendingApprovalOf(tx, userCart)) return userCart;
    const productTypes = [...DISCOUNT_LINE_TYPES];
    const theirs = await tx
      .select({
        id: orderLineItems.id,
        productId: orderLineItems.productId,
        stockcode: orderLineItems.stockcode,
        lineType: orderLineItems.lineType,
        quantity: orderLineItems.quantity,
        sort: orderLineItems.sort,
      })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, userCart), inArray(orderLineItems.lineType, productTypes)));
    const moving = await tx
      .select({
        id: orderLineItems.id,
        productId: orderLineItems.productId,
        stockcode: orderLineItems.stockcode,
        lineType: orderLineItems.lineType,
        quantity: orderLineItems.quantity,
      })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, anon.id), inArray(orderLineItems.lineType, productTypes)))
      .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
    let sort = theirs.reduce((m, l) => Math.max(m, l.sort), -1);
    for (const l of moving) {
      const match = theirs.find(
        (u) => u.productId === l.productId && u.stockcode === l.stockcode && u.lineType === l.lineType,
      );
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
