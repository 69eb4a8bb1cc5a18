/**
 * Staff take a check payment on an order (payment type 2): the payment is split over lines
 * (allocation type 0), each capped at the line's unpaid total, plus whole unpaid fees (allocation
 * type 1, the fee then paid). The split must add up to the payment exactly (src/domain/prorate.ts
 * checkAllocations, the rule the editor island applies too). One transaction with the log row.
 * Card payments go through the card payment provider (src/providers/payments, issue 7).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orderFees, orderLineItems, orders, paymentAllocations, payments } from '../../db/schema/index.ts';
import { FEE_ALLOCATION_TYPE, PAYMENT_TYPES } from '../../domain/constants.ts';
import { forbidden, invalid, unauthorized } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { checkAllocations } from '../../domain/prorate.ts';
import type { CurrentUser } from '../../http/types.ts';
import { readableOrder } from './service.ts';
import { lockOrder, logChange, snapshot } from './writes.ts';

const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 125.50.' });
    return z.NEVER;
  }
  return toCents(s);
});

export const PaymentBody = z.object({
  version: z.coerce.number().int().positive().optional(),
  payment_type: z.coerce.number().int().refine((t) => t === PAYMENT_TYPES.CHECK, 'Card payments are taken through the card provider; this call records checks (payment type 2).'),
  check_number: z.string({ message: 'Enter the check number.' }).trim().min(1, 'Enter the check number.').max(40, 'At most 40 characters.'),
  amount,
  allocations: z.array(z.object({ order_line_item_id: z.coerce.number().int().positive(), amount })).max(200).default([]),
  fee_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

const MESSAGES = {
  amount: 'The payment must be more than zero.',
  over_line: 'A line cannot be assigned more than it still owes.',
  unknown_line: 'A payment can only go to a line of this order that still owes money.',
  sum: 'The amounts assigned to lines and fees must add up to the payment.',
} as const;

export async function takeCheckPayment(db: Db, orderId: number, user: CurrentUser | undefined, body: PaymentBody) {
  if (!user) throw unauthorized();
  if (!user.permissions.has('orders.pay')) throw forbidden('You do not have permission to take payments.');
  await readableOrder(db, orderId, user);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, body.version);
    const before = await snapshot(tx, order);
    const lines = await tx.select().from(orderLineItems).where(and(eq(orderLineItems.orderId, orderId), sql`${orderLineItems.lineType} <> 5`));
    const fees = body.fee_ids.length ? await tx.select().from(orderFees).where(and(eq(orderFees.orderId, orderId), inArray(orderFees.id, body.fee_ids))) : [];
    if (fees.length !== new Set(body.fee_ids).size || fees.some((f) => f.paid)) throw invalid('A fee is not an unpaid fee of this order.', { fee_ids: 'Not an unpaid fee of this order.' });
    const feeCents = fees.reduce((s, f) => s + toCents(f.amount), 0);
    const linePart = body.amount - feeCents;
    const ids = body.allocations.map((a) => a.order_line_item_id);
    if (new Set(ids).size !== ids.length) throw invalid('Each line may appear once in allocations.', { allocations: 'Each line once.' });
    if (linePart === 0 && body.allocations.length === 0 && feeCents > 0) {
      // fees only
    } else {
      const verdict = checkAllocations(
        fromCents(Math.max(0, linePart)),
        body.allocations.filter((a) => a.amount > 0).map((a) => ({ id: a.order_line_item_id, assigned: a.amount / 100 })),
        lines.filter((l) => toCents(l.unpaidTotal) > 0).map((l) => ({ id: l.id, unpaid_total: toCents(l.unpaidTotal) / 100 })),
      );
      if (!verdict.ok) throw invalid(MESSAGES[verdict.reason], { allocations: MESSAGES[verdict.reason] });
    }
    const [payment] = await tx
      .insert(payments)
      .values({ orderId, paymentType: PAYMENT_TYPES.CHECK, successful: true, total: fromCents(body.amount), checkNumber: body.check_number, createdBy: user.id })
      .returning();
    const rows = [
      ...body.allocations.filter((a) => a.amount > 0).map((a) => ({ paymentId: payment.id, type: 0, lineItemId: a.order_line_item_id, feeId: null, amount: fromCents(a.amount) })),
      ...fees.map((f) => ({ paymentId: payment.id, type: FEE_ALLOCATION_TYPE, lineItemId: null, feeId: f.id, amount: f.amount })),
    ];
    if (rows.length) await tx.insert(paymentAllocations).values(rows);
    for (const a of body.allocations) {
      if (a.amount <= 0) continue;
      const paid = fromCents(a.amount);
      await tx.update(orderLineItems).set({ paidTotal: sql`${orderLineItems.paidTotal} + ${paid}::numeric`, unpaidTotal: sql`${orderLineItems.unpaidTotal} - ${paid}::numeric` }).where(eq(orderLineItems.id, a.order_line_item_id));
    }
    if (fees.length) await tx.update(orderFees).set({ paid: true }).where(inArray(orderFees.id, fees.map((f) => f.id)));
    const [saved] = await tx
      .update(orders)
      .set({ paymentType: order.paymentType ?? PAYMENT_TYPES.CHECK, selectedPaymentMethod: order.selectedPaymentMethod ?? body.check_number, version: sql`${orders.version} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    await logChange(tx, orderId, user.id, 'payment.create', `Check ${body.check_number} of ${fromCents(body.amount)} ${order.orderCurrency} recorded on order ${orderId} by ${user.email}`, before, await snapshot(tx, saved), {
      payment_id: payment.id, allocations: rows.map((r) => ({ type: r.type, line: r.lineItemId, fee: r.feeId, amount: r.amount })),
    });
    return { payment_id: payment.id };
  });
}
