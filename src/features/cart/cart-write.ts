/**
 * What the cart's writes share: the transaction options they commit with, the 404 for a gone
 * line, and settling on an opened transaction.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { OpenedTx } from '../../db/opened-transaction.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import type { CartRead } from './cart-read.ts';
import { lineOptions, loadCartRows, type CartLineRow, type CartRows } from './queries.ts';
import { settlePlan, type NewLineOptions } from './settle-plan.ts';
import { toCartState, type CartState } from './state.ts';
import { settledRows, settleStatement, type LockedCart } from './totals.ts';

export type Clock = { now?: Date };

/**
 * Cart writes commit without waiting for the WAL to reach the disk (synchronous_commit off for
 * their transaction only): a cart is the shopper's scratch pad, and a crash of the database
 * server losing its last fraction of a second of cart changes is acceptable. Orders and payments
 * never do this. Carts count in no report, so the report rollup's triggers are off for them too
 * (src/db/opened-transaction.ts).
 */
export const CART_WRITE = { asyncCommit: true, cartsOnly: true };

export const LINE_NOT_FOUND = 'This item is no longer in your cart.';
export const lineNotFound = () => new AppError(404, 'line_not_found', LINE_NOT_FOUND);

export async function stateOf(tx: DbOrTx, orderId: number): Promise<CartState> {
  const rows = await loadCartRows(tx, orderId);
  if (!rows) throw notFound();
  return toCartState(rows);
}

/** The state of a cart settled in this transaction: only the options are read. */
export async function stateFrom(tx: DbOrTx, rows: Omit<CartRows, 'options'>): Promise<CartState> {
  return toCartState({
    ...rows,
    options: await lineOptions(
      tx,
      rows.lines.map((l) => l.id),
    ),
  });
}

export const isProductLine = (l: CartLineRow) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType);

/**
 * settleCart on an opened transaction whose read already brought the promotions in force: one
 * statement, sent with the COMMIT (the transaction's last), or none.
 */
export async function settleOpened(
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
