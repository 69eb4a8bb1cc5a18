/**
 * Staff take a payment on an order: a check (payment type 2) or a card (type 1, charged through
 * the card provider of src/providers/payments with the token the provider's tokenisation endpoint
 * gave the browser — never a card number here). Either way the payment is split over lines
 * (allocation type 0), each capped at the line's unpaid total, plus whole unpaid fees (allocation
 * type 1, the fee then paid). The split must add up to the payment exactly (src/domain/prorate.ts
 * checkAllocations, the rule the editor island applies too). One transaction with the log row; a
 * card charged in a transaction that then fails is refunded before the error goes back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { orderFees, orderLineItems, orders, paymentAllocations, payments } from '../../db/schema/index.ts';
import { FEE_ALLOCATION_TYPE, PAYMENT_TYPES } from '../../domain/constants.ts';
import { AppError, forbidden, invalid, unauthorized } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import { checkAllocations } from '../../domain/prorate.ts';
import type { CurrentUser } from '../../http/types.ts';
import { PaymentError, type Charge, type PaymentProvider } from '../../providers/payments/types.ts';
import { readableOrder } from './service.ts';
import { lockOrder, logChange, snapshot, type LockedOrder } from './writes.ts';
import { emitEvent } from '../webhooks/events.ts';

export const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 125.50.' });
    return z.NEVER;
  }
  return toCents(s);
});

const split = {
  version: z.coerce.number().int().positive().optional(),
  amount,
  allocations: z.array(z.object({ order_line_item_id: z.coerce.number().int().positive(), amount })).max(200).default([]),
  fee_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
};

export const PaymentBody = z.object({
  ...split,
  payment_type: z.coerce.number().int().refine((t) => t === PAYMENT_TYPES.CHECK, 'Choose a card (payment type 1) or a check (payment type 2).'),
  check_number: z.string({ message: 'Enter the check number.' }).trim().min(1, 'Enter the check number.').max(40, 'At most 40 characters.'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

export const CardPaymentBody = z.object({
  ...split,
  payment_type: z.coerce.number().int().refine((t) => t === PAYMENT_TYPES.CARD, 'Card payments have payment type 1.'),
  token: z.string({ message: 'Enter the card details.' }).trim().min(1, 'Enter the card details.').max(200, 'The card token is too long.'),
  /** The island sends one key per attempt, so a retried request is the same charge. */
  idempotency_key: z.string().trim().regex(/^[A-Za-z0-9_-]{8,80}$/, 'The idempotency key is 8 to 80 letters, digits, - or _.').optional(),
});
export type CardPaymentBody = z.infer<typeof CardPaymentBody>;

/** Which body a payment request is, from its payment_type (anything else is the check body's 400). */
export const isCardPayment = (body: unknown) => Number((body as { payment_type?: unknown } | null)?.payment_type) === PAYMENT_TYPES.CARD;

const MESSAGES = {
  amount: 'The payment must be more than zero.',
  over_line: 'A line cannot be assigned more than it still owes.',
  unknown_line: 'A payment can only go to a line of this order that still owes money.',
  sum: 'The amounts assigned to lines and fees must add up to the payment.',
} as const;

type SplitBody = Pick<PaymentBody, 'amount' | 'allocations' | 'fee_ids'>;
type AllocationRow = { paymentId: number; type: number; lineItemId: number | null; feeId: number | null; amount: string };

function payer(user: CurrentUser | undefined): CurrentUser {
  if (!user) throw unauthorized();
  if (!user.permissions.has('orders.pay')) throw forbidden('You do not have permission to take payments.');
  return user;
}

/** Checks the split against the locked order's lines and fees (400 naming the problem). */
async function checkSplit(tx: Tx, orderId: number, body: SplitBody) {
  const lines = await tx.select().from(orderLineItems).where(and(eq(orderLineItems.orderId, orderId), sql`${orderLineItems.lineType} <> 5`));
  const fees = body.fee_ids.length ? await tx.select().from(orderFees).where(and(eq(orderFees.orderId, orderId), inArray(orderFees.id, body.fee_ids))) : [];
  if (fees.length !== new Set(body.fee_ids).size || fees.some((f) => f.paid)) throw invalid('A fee is not an unpaid fee of this order.', { fee_ids: 'Not an unpaid fee of this order.' });
  const feeCents = fees.reduce((s, f) => s + toCents(f.amount), 0);
  const linePart = body.amount - feeCents;
  const ids = body.allocations.map((a) => a.order_line_item_id);
  if (new Set(ids).size !== ids.length) throw invalid('Each line may appear once in allocations.', { allocations: 'Each line once.' });
  const feesOnly = linePart === 0 && body.allocations.length === 0 && feeCents > 0;
  if (!feesOnly) {
    const verdict = checkAllocations(
      fromCents(Math.max(0, linePart)),
      body.allocations.filter((a) => a.amount > 0).map((a) => ({ id: a.order_line_item_id, assigned: a.amount / 100 })),
      lines.filter((l) => toCents(l.unpaidTotal) > 0).map((l) => ({ id: l.id, unpaid_total: toCents(l.unpaidTotal) / 100 })),
    );
    if (!verdict.ok) throw invalid(MESSAGES[verdict.reason], { allocations: MESSAGES[verdict.reason] });
  }
  return { fees };
}

/** Writes the payment, its allocations, the lines' paid and unpaid totals, the fees, the order's version and the log. */
async function writePayment(
  tx: Tx, order: LockedOrder, user: CurrentUser, body: SplitBody, fees: (typeof orderFees.$inferSelect)[],
  values: { paymentType: number; checkNumber?: string; providerRef?: string; paymentMethodId?: string; method: string; summary: string },
) {
  const before = await snapshot(tx, order);
  const [payment] = await tx
    .insert(payments)
    .values({ orderId: order.id, paymentType: values.paymentType, successful: true, total: fromCents(body.amount), checkNumber: values.checkNumber ?? null, providerRef: values.providerRef ?? null, paymentMethodId: values.paymentMethodId ?? null, createdBy: user.id })
    .returning();
  const rows: AllocationRow[] = [
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
    .set({ paymentType: order.paymentType ?? values.paymentType, selectedPaymentMethod: order.selectedPaymentMethod ?? values.method, version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await logChange(tx, order.id, user.id, 'payment.create', `${values.summary} of ${formatMoney(body.amount, order.orderCurrency, 'en-US')} recorded on order ${order.id} by ${user.email}`, before, await snapshot(tx, saved), {
    payment_id: payment.id, allocations: rows.map((r) => ({ type: r.type, line: r.lineItemId, fee: r.feeId, amount: r.amount })),
  });
  await emitEvent(tx, 'payment.recorded', { orderId: order.id, paymentId: payment.id, paymentType: values.paymentType, amount: fromCents(body.amount), currency: order.orderCurrency }); // webhooks (issue 15)
  return { payment_id: payment.id };
}

export async function takeCheckPayment(db: Db, orderId: number, user: CurrentUser | undefined, body: PaymentBody) {
  const who = payer(user);
  await readableOrder(db, orderId, who);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, body.version);
    const { fees } = await checkSplit(tx, orderId, body);
    return writePayment(tx, order, who, body, fees, { paymentType: PAYMENT_TYPES.CHECK, checkNumber: body.check_number, method: body.check_number, summary: `Check ${body.check_number}` });
  });
}

/** A card decline is the buyer's answer (402 with the provider's message), never a 5xx. */
export const declined = (e: PaymentError) => new AppError(402, e.code, e.message, { card: e.message });

export async function takeCardPayment(db: Db, provider: PaymentProvider, orderId: number, user: CurrentUser | undefined, body: CardPaymentBody, log: { error: (obj: object, msg: string) => void }) {
  const who = payer(user);
  await readableOrder(db, orderId, who);
  const key = body.idempotency_key ?? randomUUID();
  let charge: Charge | undefined;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, body.version);
      const { fees } = await checkSplit(tx, orderId, body);
      charge = await provider.charge({ token: body.token, amountCents: body.amount, currency: order.orderCurrency, idempotencyKey: `order-${orderId}-staff-${key}`, description: `Order ${orderId}` });
      // A retried request with the same key answers the payment the first one recorded.
      const [already] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.providerRef, charge.ref)));
      if (already) return { payment_id: already.id };
      const label = `${charge.brand.charAt(0).toUpperCase()}${charge.brand.slice(1)} •••• ${charge.last4}`;
      return writePayment(tx, order, who, body, fees, { paymentType: PAYMENT_TYPES.CARD, providerRef: charge.ref, paymentMethodId: label, method: label, summary: `Card ${label}` });
    });
  } catch (e) {
    if (e instanceof PaymentError) throw declined(e);
    // Charged, then not recorded: give the money back before answering.
    if (charge) {
      const ref = charge.ref;
      await provider.refund(ref).catch((err) => log.error({ err, orderId, chargeRef: ref, cause: e, source: 'payments' }, 'staff card payment not recorded, and its refund failed: refund it by hand'));
    }
    throw e;
  }
}
