/** At sign-in: the anonymous visitor's cart joins the user's. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLineItems, orders } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { CART_MAX } from '../../domain/quantity.ts';
import { pendingApprovalOf } from '../approvals/index.ts';
import type { Clock } from './cart-write.ts';
import type { PricingChannel } from './pricing.ts';
import { findCartId } from './queries.ts';
import { buyerOf, repriceTx } from './reprice.ts';

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
