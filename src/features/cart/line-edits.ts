/** Changing and removing a cart line: quantity updates and removals. */
import type { Db, DbOrTx } from '../../db/client.ts';
import { openedTransaction } from '../../db/opened-transaction.ts';
import { clampCartQuantity } from '../../domain/quantity.ts';
import { cartLocked } from '../approvals/index.ts';
import { cartReadCalls, cartReadFrom } from './cart-read.ts';
import { CART_WRITE, type Clock, isProductLine, lineNotFound, settleOpened, stateFrom } from './cart-write.ts';
import type { PricingChannel } from './pricing.ts';
import type { CartRef } from './queries.ts';
import { openCart } from './reprice.ts';
import { toCartState, type CartState } from './state.ts';
import { cartLines, settleCart } from './totals.ts';

/** The visitor's cart, locked, with its lines and the product line asked for, or 404 (another visitor's line, a promotion line, a gone line). */
async function ownLine(tx: DbOrTx, ref: CartRef, channel: PricingChannel, lineId: number, now: Date) {
  const cart = await openCart(tx, ref, channel, now);
  if (!cart) throw lineNotFound();
  const stored = await cartLines(tx, cart.order.id);
  const line = stored.find((l) => l.id === lineId && isProductLine(l) && l.coreOfLineId === null);
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
      const line = read.lines.find((l) => l.id === lineId && isProductLine(l) && l.coreOfLineId === null);
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
      const line = read.lines.find((l) => l.id === lineId && isProductLine(l) && l.coreOfLineId === null);
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
