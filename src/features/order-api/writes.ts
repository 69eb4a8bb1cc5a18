/**
 * The one way an edited order is written back: inside the caller's transaction, with the order
 * row locked, lines re-priced from their stored unit prices (src/domain/order-edit.ts), totals
 * written, the version bumped and the change logged (who, when, before and after).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { channels, orderFees, orderLineItems, orderPromotions, orders, promotions } from '../../db/schema/index.ts';
import { partProductIds } from '../../db/queries/product-parts.ts';
import { lineTags } from '../../domain/promotions.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import { isTaxExempt } from '../../domain/order-totals.ts';
import { money2, repriceOrder } from '../../domain/order-edit.ts';
import { audit } from '../audit/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import { LINE_TYPES } from '../../domain/constants.ts';

export const STALE_MESSAGE =
  'This order was changed by someone else after you opened it. Reload the order to see the latest version, then make your change again.';

export type LockedOrder = typeof orders.$inferSelect;

/** Locks the order row for the rest of the transaction; refuses a stale version (409). */
export async function lockOrder(tx: Tx, orderId: number, version: number | undefined): Promise<LockedOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found.');
  if (version !== undefined && version !== order.version)
    throw conflict(STALE_MESSAGE, { version: `The order is at version ${order.version}, not ${version}.` });
  return order;
}

/** A snapshot for the log: the fields staff edit and each line's product and quantity. */
export async function snapshot(tx: Tx, order: LockedOrder) {
  const lines = await tx
    .select({
      id: orderLineItems.id,
      product_id: orderLineItems.productId,
      title: orderLineItems.title,
      quantity: orderLineItems.quantity,
      line_type: orderLineItems.lineType,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.id));
  return {
    status: order.status,
    po_number: order.poNumber,
    attention: order.attention,
    notes: order.notes,
    tax_exempt_id: order.taxExemptId,
    shipment_method: order.shipmentMethod,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    lines,
  };
}
export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Only what changed, as {before, after}. */
export function diff(before: Snapshot, after: Snapshot) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(before) as (keyof Snapshot)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

type LineRow = typeof orderLineItems.$inferSelect;
export type OrderPromo = {
  id: number;
  name: string;
  priority: number | null;
  configuration: (typeof promotions.$inferSelect)['configuration'];
  appliesTo: (typeof promotions.$inferSelect)['appliesTo'];
  freeShipping: boolean;
  usdRate: string;
};

/** The order's promotions with their rules, priority and conditions, and the channel's rate (a promotion's USD value in the order's currency, domain/promotions.ts). */
export function orderPromos(tx: DbOrTx, orderId: number): Promise<OrderPromo[]> {
  return tx
    .select({
      id: promotions.id,
      name: promotions.name,
      priority: promotions.priority,
      configuration: promotions.configuration,
      appliesTo: promotions.appliesTo,
      freeShipping: promotions.freeShipping,
      usdRate: channels.midMarketRate,
    })
    .from(orderPromotions)
    .innerJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
    .innerJoin(orders, eq(orders.id, orderPromotions.orderId))
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(orderPromotions.orderId, orderId));
}

/** Which of the lines' products are parts, read only when a promotion applies to parts alone. */
export async function orderParts(
  tx: DbOrTx,
  lines: readonly { productId: number | null }[],
  promos: readonly OrderPromo[],
): Promise<ReadonlySet<number>> {
  return promos.some((p) => p.appliesTo !== 'all')
    ? partProductIds(
        tx,
        lines.map((l) => l.productId ?? 0),
      )
    : new Set<number>();
}

/**
 * Why: the one re-pricing of an order's rows, pure: every line's discount/total/unpaid and every
 * order total follow from the unit prices, quantities, promotions, shipping and tax rates given.
 * Used by the save (repriceAndSave, which writes the result) and by the draft preview (draft.ts,
 * which writes nothing), so a draft shows to the cent what saving it stores.
 */
export function repriceRows(
  lines: readonly LineRow[],
  promos: readonly OrderPromo[],
  order: LockedOrder,
  parts: ReadonlySet<number> = new Set(),
) {
  const r = repriceOrder(
    lines.map((l) => ({
      key: l.id,
      line_type: l.lineType,
      unit_cents: toCents(l.unitPrice),
      quantity: l.quantity,
      paid_cents: toCents(l.paidTotal),
      tags: lineTags(l.productId !== null && parts.has(l.productId)),
    })),
    promos.map((p) => ({ ...p, priority: p.priority ?? undefined })),
    {
      usdRate: promos[0]?.usdRate ?? 1,
      orgDiscount: order.orgDiscount,
      shippingCents: toCents(order.shipping),
      taxRates: (order.taxBreakdown ?? []).map((t) => ({ name: t.name, rate: t.rate })),
      taxExempt: isTaxExempt(order.taxExemptId),
    },
  );
  const next = lines.map((l, i): LineRow => {
    const n = r.lines[i];
    if (l.lineType === LINE_TYPES.PROMOTION) {
      // A promotion line shows what its promotion took off, capped at the goods as they now are.
      const k = promos.findIndex((p) => p.id === l.promotionId);
      return k < 0 ? l : { ...l, unitPrice: money2(-r.promotion_applied[k]), total: money2(-r.promotion_applied[k]) };
    }
    if (n.unpaid < 0)
      throw conflict(`“${l.title}” cannot cost less than the ${money2(toCents(l.paidTotal))} already paid on it.`, {
        [`line_items.${l.id}`]: 'Less than already paid.',
      });
    return {
      ...l,
      discount: money2(n.discount),
      total: money2(n.total),
      totalDiscounted: money2(n.total_discounted),
      unpaidTotal: money2(n.unpaid),
    };
  });
  const totals = {
    subtotal: money2(r.subtotal),
    discount: money2(r.discount),
    tax: money2(r.tax),
    shipping: money2(r.shipping),
    total: money2(r.total),
    taxBreakdown: r.tax_breakdown.map((t) => ({ name: t.name, rate: t.rate, amount: money2(t.amount) })),
  };
  return { lines: next, totals };
}

/** Re-prices every line and the order from the stored unit prices; `patch` sets other order fields in the same UPDATE. */
export async function repriceAndSave(
  tx: Tx,
  order: LockedOrder,
  patch: Partial<typeof orders.$inferInsert> = {},
): Promise<LockedOrder> {
  const merged = { ...order, ...patch } as LockedOrder;
  // One query at a time: a transaction's client runs its statements in order anyway.
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const promos = await orderPromos(tx, order.id);
  const r = repriceRows(lines, promos, merged, await orderParts(tx, lines, promos));
  for (const [i, l] of lines.entries()) {
    const n = r.lines[i];
    const changed =
      n.discount !== l.discount ||
      n.total !== l.total ||
      n.totalDiscounted !== l.totalDiscounted ||
      n.unpaidTotal !== l.unpaidTotal ||
      n.unitPrice !== l.unitPrice;
    if (changed)
      await tx
        .update(orderLineItems)
        .set({
          unitPrice: n.unitPrice,
          discount: n.discount,
          total: n.total,
          totalDiscounted: n.totalDiscounted,
          unpaidTotal: n.unpaidTotal,
        })
        .where(eq(orderLineItems.id, l.id));
  }
  const [saved] = await tx
    .update(orders)
    .set({
      ...patch,
      ...r.totals,
      version: sql`${orders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return saved;
}

/** Writes the log row of one change, in the same transaction as the change. */
export async function logChange(
  tx: Tx,
  orderId: number,
  userId: number,
  action: string,
  message: string,
  before: Snapshot,
  after: Snapshot,
  extra: Record<string, unknown> = {},
) {
  await audit(tx, {
    action,
    entity: 'order',
    entityId: orderId,
    userId,
    message,
    data: { ...diff(before, after), ...extra },
  });
  await emitEvent(tx, 'order.updated', { orderId, action, status: after.status ?? null }); // webhooks
}

/** Unpaid fees of an order (for the payment screens). */
export function unpaidFees(tx: Tx, orderId: number) {
  return tx
    .select()
    .from(orderFees)
    .where(and(eq(orderFees.orderId, orderId), eq(orderFees.paid, false)))
    .orderBy(asc(orderFees.id));
}
