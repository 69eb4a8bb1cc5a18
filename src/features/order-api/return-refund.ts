/**
 * Refunding returned goods: the same card refund as refundPayment (refunds.ts), run inside the
 * caller's transaction (the return's status changes with it) and aimed at what the goods were
 * worth by the ledger: each returned line's net from that line's allocations and its tax share from
 * the tax allocations. The refund row names the return (refunds.return_id), which takes the goods off
 * the bill (order-balance.ts), and the lines do not owe it again.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments, refunds } from '../../db/schema/index.ts';
import { ALLOCATION_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { invalid } from '../../domain/errors.ts';
import { formatMoney, fromCents } from '../../domain/money.ts';
import { spreadRefund } from '../../domain/prorate.ts';
import { PaymentError, type PaymentProvider } from '../../providers/payments/types.ts';
import { declined } from './payments.ts';
import { type Back, recordRefundParts, refundableParts, refundLogData } from './refunds.ts';
import { logChange, snapshot, type LockedOrder } from './writes.ts';

export type ReturnedLine = { lineId: number; netCents: number; taxCents: number };

/** The message when no card payment holds what the goods were worth (the caller's 4xx). */
export const NO_CARD_PAYMENT = 'This order has no card payment that can refund the returned goods.';

/**
 * Why one payment: a refund goes back through the provider of one payment; the first successful
 * card payment that paid enough onto the returned lines and the tax takes the whole refund.
 */
export async function refundReturnedGoods(
  tx: Tx,
  provider: PaymentProvider,
  args: { order: LockedOrder; returnId: number; lines: ReturnedLine[]; user: { id: number; email: string } },
): Promise<{ refundId: number; cents: number }> {
  const { order, returnId, lines, user } = args;
  const cents = lines.reduce((s, l) => s + l.netCents + l.taxCents, 0);
  if (cents <= 0) throw invalid(NO_CARD_PAYMENT, { return: NO_CARD_PAYMENT });
  const cards = await tx
    .select({ id: payments.id, ref: payments.providerRef })
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.successful, true), eq(payments.paymentType, PAYMENT_TYPES.CARD)),
    )
    .orderBy(asc(payments.id));
  for (const card of cards) {
    if (!card.ref) continue;
    const back = await aimedParts(tx, card.id, lines);
    if (!back) continue;
    const before = await snapshot(tx, order);
    let ref: string;
    try {
      ref = (await provider.refund(card.ref, cents)).ref;
    } catch (e) {
      if (e instanceof PaymentError) throw declined(e);
      throw e;
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: card.id,
        amount: fromCents(cents),
        providerRef: ref,
        reason: `Return ${returnId}`,
        returnId,
        createdBy: user.id,
      })
      .returning({ id: refunds.id });
    await recordRefundParts(tx, refund.id, back, false);
    // The order changed (what it owes): an editor holding the old version must reload, as after any refund.
    const [saved] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    await logChange(
      tx,
      order.id,
      user.id,
      'payment.refund',
      `Refund of ${formatMoney(cents, order.orderCurrency, 'en-US')} for return ${returnId} on payment ${card.id} (order ${order.id}) by ${user.email}`,
      before,
      await snapshot(tx, saved),
      { ...refundLogData(card.id, refund.id, back), return_id: returnId },
    );
    return { refundId: refund.id, cents };
  }
  throw invalid(NO_CARD_PAYMENT, { return: NO_CARD_PAYMENT });
}

/** The payment's allocations the refund takes back, or null when they do not hold enough. */
async function aimedParts(tx: Tx, paymentId: number, lines: ReturnedLine[]): Promise<Back[] | null> {
  const { allocs, left } = await refundableParts(tx, paymentId);
  const out: Back[] = [];
  const take = (cents: number, pick: (k: number) => boolean) => {
    if (cents <= 0) return true;
    const mine = left.filter((a) => pick(a.lineId));
    if (mine.reduce((s, a) => s + a.leftCents, 0) < cents) return false;
    for (const x of spreadRefund(cents, mine)) {
      out.push({ ...allocs[x.lineId], cents: x.cents });
      // What this refund takes is no longer there for the next line's share.
      const a = left.find((y) => y.lineId === x.lineId)!;
      a.leftCents -= x.cents;
    }
    return true;
  };
  for (const l of lines) {
    const onLine = (k: number) => allocs[k].type === ALLOCATION_TYPES.LINE && allocs[k].lineId === l.lineId;
    if (!take(l.netCents, onLine)) return null;
    if (!take(l.taxCents, (k) => allocs[k].type === ALLOCATION_TYPES.TAX)) return null;
  }
  return out;
}
