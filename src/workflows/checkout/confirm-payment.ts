/**
 * Placement confirm, the payment part: the payment row, its allocations over the lines (each
 * line's own total plus its prorated share of shipping and tax) and, for a card, what each line
 * has been paid.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLineItems, paymentAllocations, payments } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { prorate } from '../../domain/prorate.ts';
import { type eppAtPlacement, eppLineShares } from '../../features/epp/index.ts';

export type ConfirmEpp = Awaited<ReturnType<typeof eppAtPlacement>>;

export type PaymentRecord = {
  orderId: number;
  paymentType: number;
  card: boolean;
  bank: boolean;
  payCents: number;
  providerRef: string | null;
  selected: string;
  checkNumber: string | null | undefined;
  userId: number;
  epp: ConfirmEpp;
};

/** Records the payment and its allocations; returns the payment's id. */
export async function recordPayment(tx: Tx, p: PaymentRecord): Promise<number> {
  const { card, bank, payCents, epp } = p;
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: p.orderId,
      paymentType: p.paymentType,
      successful: card,
      total: fromCents(payCents),
      providerRef: p.providerRef,
      paymentMethodId: card || bank ? p.selected : null,
      checkNumber: card || bank ? null : p.checkNumber,
      createdBy: p.userId,
    })
    .returning({ id: payments.id });
  // Each line's allocation: its own total plus its prorated share of shipping and tax, so the parts sum to the payment.
  const fresh = await tx
    .select({ id: orderLineItems.id, totalDiscounted: orderLineItems.totalDiscounted })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, p.orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const weights = fresh.map((l) => Math.max(0, toCents(l.totalDiscounted)));
  const shares = epp
    ? eppLineShares(
        epp,
        fresh.map((l) => l.id),
        weights,
        payCents,
      )
    : prorate(weights, payCents);
  const rows = fresh
    .map((l, k) => ({ paymentId: row.id, type: 0, lineItemId: l.id, amount: fromCents(shares[k]) }))
    .filter((r) => toCents(r.amount) > 0);
  if (rows.length) await tx.insert(paymentAllocations).values(rows);
  if (card) {
    // Paid in full, or (EPP) each line's share of the down payment, capped at what the line costs.
    for (const [k, l] of fresh.entries()) {
      const paidCents = epp ? Math.min(shares[k], toCents(l.totalDiscounted)) : toCents(l.totalDiscounted);
      await tx
        .update(orderLineItems)
        .set({ paidTotal: fromCents(paidCents), unpaidTotal: fromCents(toCents(l.totalDiscounted) - paidCents) })
        .where(eq(orderLineItems.id, l.id));
    }
  }
  return row.id;
}
