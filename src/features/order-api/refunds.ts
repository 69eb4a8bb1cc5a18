/**
 * Refunding a card payment (staff with orders.pay): the money goes back through the card provider
 * that took it, and the refund is spread over what the payment paid — lines, shipping and tax
 * — newest allocation first (src/domain/prorate.ts spreadRefund), so those parts owe it
 * again (refund_allocations keep the type and tax_name). Fees a payment settled are not refunded
 * here. One transaction with the order locked (optimistic version as for every edit)
 * and the log row; the provider is asked only after every check has passed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  orderLineItems,
  orders,
  paymentAllocations,
  payments,
  refundAllocations,
  refunds,
} from '../../db/schema/index.ts';
import { ALLOCATION_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { forbidden, invalid, notFound, unauthorized } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import { spreadRefund } from '../../domain/prorate.ts';
import { isRefundableAllocation } from '../../domain/payment-parts.ts';
import type { CurrentUser } from '../../http/types.ts';
import { PaymentError, type PaymentProvider } from '../../providers/payments/types.ts';
import { amount, declined } from './payments.ts';
import { readableOrder } from './service.ts';
import { lockOrder, logChange, snapshot } from './writes.ts';

export const RefundBody = z.object({
  version: z.coerce.number().int().positive().optional(),
  amount,
  reason: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().trim().max(200, 'At most 200 characters.').nullable(),
  ),
});
export type RefundBody = z.infer<typeof RefundBody>;

export const REFUND_MESSAGES = {
  notCard: 'Only card payments are refunded through the card provider.',
  tooMuch: (left: string) => `A refund cannot be more than what is left to refund on this payment (${left}).`,
  zero: 'The refund must be more than zero.',
} as const;

export type Part = { type: number; lineId: number | null; taxName: string | null; amount: string };
export type Back = Omit<Part, 'amount'> & { cents: number };

export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  paymentId: number,
  user: CurrentUser | undefined,
  body: RefundBody,
) {
  if (!user) throw unauthorized();
  if (!user.permissions.has('orders.pay')) throw forbidden('You do not have permission to refund payments.');
  await readableOrder(db, orderId, user);
  if (body.amount <= 0) throw invalid(REFUND_MESSAGES.zero, { amount: REFUND_MESSAGES.zero });
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, body.version);
    const providerRef = await cardPaymentRef(tx, orderId, paymentId);
    const { allocs, left } = await refundableParts(tx, paymentId);
    const refundable = left.reduce((s, a) => s + a.leftCents, 0);
    if (body.amount > refundable) {
      const msg = REFUND_MESSAGES.tooMuch(`${fromCents(refundable)} ${order.orderCurrency}`);
      throw invalid(msg, { amount: msg });
    }
    const spread = spreadRefund(body.amount, left);

    const before = await snapshot(tx, order);
    let ref: string;
    try {
      ref = (await provider.refund(providerRef, body.amount)).ref;
    } catch (e) {
      if (e instanceof PaymentError) throw declined(e);
      throw e;
    }
    const [refund] = await tx
      .insert(refunds)
      .values({ paymentId, amount: fromCents(body.amount), providerRef: ref, reason: body.reason, createdBy: user.id })
      .returning({ id: refunds.id });
    const back: Back[] = spread.map((x) => ({ ...allocs[x.lineId], cents: x.cents }));
    await recordRefundParts(tx, refund.id, back);
    const [saved] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    await logChange(
      tx,
      orderId,
      user.id,
      'payment.refund',
      `Refund of ${formatMoney(body.amount, order.orderCurrency, 'en-US')} on payment ${paymentId} (order ${orderId}) by ${user.email}${body.reason ? `: ${body.reason}` : ''}`,
      before,
      await snapshot(tx, saved),
      refundLogData(paymentId, refund.id, back),
    );
    return { refund_id: refund.id, payment_id: paymentId, amount: fromCents(body.amount) };
  });
}

/** The provider's reference of the order's payment, which must be a successful card payment. */
async function cardPaymentRef(tx: Tx, orderId: number, paymentId: number): Promise<string> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)));
  if (!payment) throw notFound('Payment not found.');
  if (payment.paymentType !== PAYMENT_TYPES.CARD || !payment.successful || !payment.providerRef)
    throw invalid(REFUND_MESSAGES.notCard, { payment_id: REFUND_MESSAGES.notCard });
  return payment.providerRef;
}

/**
 * What the payment paid that a refund can take back: lines, shipping and tax (not fees), and
 * what each allocation still holds once earlier refunds are taken off the newest ones first.
 */
export async function refundableParts(
  tx: Tx,
  paymentId: number,
): Promise<{ allocs: Part[]; left: { lineId: number; leftCents: number }[] }> {
  const allocs = await tx
    .select({
      type: paymentAllocations.type,
      lineId: paymentAllocations.lineItemId,
      taxName: paymentAllocations.taxName,
      amount: paymentAllocations.amount,
    })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.id))
    .then((rows) => rows.filter((r) => isRefundableAllocation(r.type)));
  const done = await tx
    .select({
      type: refundAllocations.type,
      lineId: refundAllocations.lineItemId,
      taxName: refundAllocations.taxName,
      cents: sql<string>`sum(${refundAllocations.amount})`,
    })
    .from(refundAllocations)
    .innerJoin(refunds, eq(refunds.id, refundAllocations.refundId))
    .where(eq(refunds.paymentId, paymentId))
    .groupBy(refundAllocations.type, refundAllocations.lineItemId, refundAllocations.taxName);
  // What each allocation still holds: earlier refunds are taken off the newest allocations first.
  const target = (a: { type: number; lineId: number | null; taxName: string | null }) =>
    `${a.type}:${a.lineId ?? ''}:${a.taxName ?? ''}`;
  const refunded = new Map(done.map((d) => [target(d), toCents(d.cents)]));
  // spreadRefund works on numbered allocations: each one's number is its place in allocs.
  const left = allocs.map((a, k) => ({ lineId: k, leftCents: toCents(a.amount) })).reverse();
  for (const a of left) {
    const key = target(allocs[a.lineId]);
    const r = Math.min(a.leftCents, refunded.get(key) ?? 0);
    a.leftCents -= r;
    refunded.set(key, (refunded.get(key) ?? 0) - r);
  }
  left.reverse();
  return { allocs, left };
}

/**
 * The refund's allocations, and each line it gave back to owes that much again, unless the refund
 * paid back returned goods (`owesAgain` false): those units are no longer the customer's to pay.
 */
export async function recordRefundParts(tx: Tx, refundId: number, back: Back[], owesAgain = true): Promise<void> {
  await tx.insert(refundAllocations).values(
    back.map((b) => ({
      refundId,
      type: b.type,
      lineItemId: b.lineId,
      taxName: b.taxName,
      amount: fromCents(b.cents),
    })),
  );
  for (const b of back) {
    if (b.type !== ALLOCATION_TYPES.LINE || b.lineId === null) continue;
    const cents = fromCents(b.cents);
    await tx
      .update(orderLineItems)
      .set(
        owesAgain
          ? {
              paidTotal: sql`${orderLineItems.paidTotal} - ${cents}::numeric`,
              unpaidTotal: sql`${orderLineItems.unpaidTotal} + ${cents}::numeric`,
            }
          : { paidTotal: sql`${orderLineItems.paidTotal} - ${cents}::numeric` },
      )
      .where(eq(orderLineItems.id, b.lineId));
  }
}

/** The log row's data: the refund, per line and per part. */
export function refundLogData(paymentId: number, refundId: number, back: Back[]) {
  return {
    payment_id: paymentId,
    refund_id: refundId,
    lines: back
      .filter((b) => b.type === ALLOCATION_TYPES.LINE)
      .map((b) => ({ line: b.lineId, amount: fromCents(b.cents) })),
    parts: back.map((b) => ({
      type: b.type,
      line: b.lineId,
      ...(b.taxName ? { tax: b.taxName } : {}),
      amount: fromCents(b.cents),
    })),
  };
}
