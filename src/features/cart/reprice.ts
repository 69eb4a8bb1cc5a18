/**
 * Opening a visitor's cart (re-priced first when it is in another channel), creating one, and
 * re-pricing a cart for a channel: a channel switch, or sign-in.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lineItemOptions, orderLineItems, orders, organisations, persons, users } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { fromCents } from '../../domain/money.ts';
import { assertNotLocked, pendingApprovalOf } from '../approvals/index.ts';
import type { Clock } from './cart-write.ts';
import { priceLine, type PricingChannel } from './pricing.ts';
import type { CartRef } from './queries.ts';
import { lockCartById, lockVisitorCart, recomputeTotals, type LockedCart } from './totals.ts';

/** The visitor's cart, locked for this transaction and re-priced when the channel differs; null when there is none. */
export async function openCart(
  tx: DbOrTx,
  ref: CartRef,
  channel: PricingChannel,
  now: Date,
): Promise<LockedCart | null> {
  const cart = await lockVisitorCart(tx, ref);
  if (!cart || cart.order.channelId === channel.id) return cart;
  await repriceTx(tx, cart.order.id, channel, now);
  return lockCartById(tx, cart.order.id);
}

/** The person and organisation discount that go on a signed-in user's cart. */
export async function buyerOf(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ personId: persons.id, orgDiscount: organisations.orgDiscount })
    .from(users)
    .leftJoin(persons, eq(persons.userId, users.id))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  return { personId: row?.personId ?? null, orgDiscount: row?.orgDiscount ?? '0' };
}

export async function createCart(
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

export async function repriceTx(tx: DbOrTx, orderId: number, channel: PricingChannel, now: Date): Promise<void> {
  const lines = await tx
    .select({
      id: orderLineItems.id,
      productId: orderLineItems.productId,
      quantity: orderLineItems.quantity,
      unitPrice: orderLineItems.unitPrice,
    })
    .from(orderLineItems)
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
        // A core deposit is priced by its part's core charge (checkout/core-lines.ts), not as goods.
        isNull(orderLineItems.coreOfLineId),
      ),
    );
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
