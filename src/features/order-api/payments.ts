/**
 * Staff take a payment on an order: a check (payment type 2) or a card (type 1, charged through
 * the card provider of src/providers/payments with the token the provider's tokenisation endpoint
 * gave the browser — never a card number here). Either way the payment is split over the parts of
 * the order: lines (allocation type 0, each capped at its unpaid total), fees (type 1,
 * a fee paid once covered), the shipping (2) and the tax (3, by tax_name), each capped at what it
 * still owes, adding up to the payment exactly (payment-split.ts, src/domain/payment-parts.ts, the
 * rule the payment island applies too). A payment sent with no split is spread over all that is
 * owed. One transaction with the log row; a card charged in a transaction that then fails is
 * refunded before the error goes back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { orderFees, orderLineItems, orders, paymentAllocations, payments } from '../../db/schema/index.ts';
import { ALLOCATION_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { AppError, forbidden, unauthorized } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import type { CurrentUser } from '../../http/types.ts';
import { PaymentError, type Charge, type PaymentProvider } from '../../providers/payments/types.ts';
import { readableOrder } from './service.ts';
import { lockOrder, logChange, snapshot, type LockedOrder } from './writes.ts';
import { allocationRow, orderParts, paymentSplit } from './payment-split.ts';
import { emitEvent } from '../webhooks/index.ts';

export const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 125.50.' });
    return z.NEVER;
  }
  return toCents(s);
});

const ALLOCATION_MESSAGES = {
  type: 'An allocation is of type 0 (a line), 1 (a fee), 2 (the shipping) or 3 (a tax).',
  line: 'Name the line (order_line_item_id).',
  fee: 'Name the fee (fee_id).',
  tax: 'Name the tax (tax_name).',
} as const;
const allocationTypes = Object.values(ALLOCATION_TYPES) as number[];
const allocation = z
  .object({
    type: z.coerce
      .number()
      .int()
      .refine((t) => allocationTypes.includes(t), ALLOCATION_MESSAGES.type)
      .default(ALLOCATION_TYPES.LINE),
    order_line_item_id: z.coerce.number().int().positive().max(2147483647).optional(),
    fee_id: z.coerce.number().int().positive().max(2147483647).optional(),
    tax_name: z.string().trim().min(1, ALLOCATION_MESSAGES.tax).max(120, 'At most 120 characters.').optional(),
    amount,
  })
  .superRefine((a, ctx) => {
    if (a.type === ALLOCATION_TYPES.LINE && a.order_line_item_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['order_line_item_id'], message: ALLOCATION_MESSAGES.line });
    if (a.type === ALLOCATION_TYPES.FEE && a.fee_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['fee_id'], message: ALLOCATION_MESSAGES.fee });
    if (a.type === ALLOCATION_TYPES.TAX && a.tax_name === undefined)
      ctx.addIssue({ code: 'custom', path: ['tax_name'], message: ALLOCATION_MESSAGES.tax });
  });

const split = {
  version: z.coerce.number().int().positive().optional(),
  amount,
  allocations: z.array(allocation).max(200).default([]),
  fee_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
};

export const PaymentBody = z.object({
  ...split,
  payment_type: z.coerce
    .number()
    .int()
    .refine((t) => t === PAYMENT_TYPES.CHECK, 'Choose a card (payment type 1) or a check (payment type 2).'),
  check_number: z
    .string({ message: 'Enter the check number.' })
    .trim()
    .min(1, 'Enter the check number.')
    .max(40, 'At most 40 characters.'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

export const CardPaymentBody = z.object({
  ...split,
  payment_type: z.coerce
    .number()
    .int()
    .refine((t) => t === PAYMENT_TYPES.CARD, 'Card payments have payment type 1.'),
  token: z
    .string({ message: 'Enter the card details.' })
    .trim()
    .min(1, 'Enter the card details.')
    .max(200, 'The card token is too long.'),
  /** The island sends one key per attempt, so a retried request is the same charge. */
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,80}$/, 'The idempotency key is 8 to 80 letters, digits, - or _.')
    .optional(),
});
export type CardPaymentBody = z.infer<typeof CardPaymentBody>;

/** Which body a payment request is, from its payment_type (anything else is the check body's 400). */
export const isCardPayment = (body: unknown) =>
  Number((body as { payment_type?: unknown } | null)?.payment_type) === PAYMENT_TYPES.CARD;

type SplitBody = Pick<PaymentBody, 'amount' | 'allocations' | 'fee_ids'>;

function payer(user: CurrentUser | undefined): CurrentUser {
  if (!user) throw unauthorized();
  if (!user.permissions.has('orders.pay')) throw forbidden('You do not have permission to take payments.');
  return user;
}

/** The split of this payment over the locked order's parts (400 naming the allocation at fault). */
async function checkSplit(tx: Tx, order: LockedOrder, body: SplitBody) {
  return paymentSplit(await orderParts(tx, order), body, order.orderCurrency);
}
type Split = Awaited<ReturnType<typeof checkSplit>>;

/** The payment's allocations, each line's paid and unpaid totals, and the fees it covers. */
async function allocate(tx: Tx, paymentId: number, split: Split) {
  const rows = split.map((a) => allocationRow(paymentId, a));
  if (rows.length) await tx.insert(paymentAllocations).values(rows);
  for (const a of split) {
    const paid = fromCents(a.cents);
    if (a.part.type === ALLOCATION_TYPES.LINE) {
      await tx
        .update(orderLineItems)
        .set({
          paidTotal: sql`${orderLineItems.paidTotal} + ${paid}::numeric`,
          unpaidTotal: sql`${orderLineItems.unpaidTotal} - ${paid}::numeric`,
        })
        .where(eq(orderLineItems.id, a.part.order_line_item_id!));
    }
  }
  // A fee is paid once what it owed is covered (a part of it may be paid first).
  const feesPaid = split
    .filter((a) => a.part.type === ALLOCATION_TYPES.FEE && a.cents === a.part.owedCents)
    .map((a) => a.part.fee_id!);
  if (feesPaid.length) await tx.update(orderFees).set({ paid: true }).where(inArray(orderFees.id, feesPaid));
  return rows;
}

/** Writes the payment, its allocations, the lines' paid and unpaid totals, the fees, the order's version and the log. */
async function writePayment(
  tx: Tx,
  order: LockedOrder,
  user: CurrentUser,
  body: SplitBody,
  split: Split,
  values: {
    paymentType: number;
    checkNumber?: string;
    providerRef?: string;
    paymentMethodId?: string;
    method: string;
    summary: string;
  },
) {
  const before = await snapshot(tx, order);
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      paymentType: values.paymentType,
      successful: true,
      total: fromCents(body.amount),
      checkNumber: values.checkNumber ?? null,
      providerRef: values.providerRef ?? null,
      paymentMethodId: values.paymentMethodId ?? null,
      createdBy: user.id,
    })
    .returning();
  const rows = await allocate(tx, payment.id, split);
  const [saved] = await tx
    .update(orders)
    .set({
      paymentType: order.paymentType ?? values.paymentType,
      selectedPaymentMethod: order.selectedPaymentMethod ?? values.method,
      version: sql`${orders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await logChange(
    tx,
    order.id,
    user.id,
    'payment.create',
    `${values.summary} of ${formatMoney(body.amount, order.orderCurrency, 'en-US')} recorded on order ${order.id} by ${user.email}`,
    before,
    await snapshot(tx, saved),
    {
      payment_id: payment.id,
      allocations: rows.map((r) => ({
        type: r.type,
        line: r.lineItemId,
        fee: r.feeId,
        ...(r.taxName ? { tax: r.taxName } : {}),
        amount: r.amount,
      })),
    },
  );
  await emitEvent(tx, 'payment.recorded', {
    orderId: order.id,
    paymentId: payment.id,
    paymentType: values.paymentType,
    amount: fromCents(body.amount),
    currency: order.orderCurrency,
  }); // webhooks
  return { payment_id: payment.id };
}

export async function takeCheckPayment(db: Db, orderId: number, user: CurrentUser | undefined, body: PaymentBody) {
  const who = payer(user);
  await readableOrder(db, orderId, who);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, body.version);
    const split = await checkSplit(tx, order, body);
    return writePayment(tx, order, who, body, split, {
      paymentType: PAYMENT_TYPES.CHECK,
      checkNumber: body.check_number,
      method: body.check_number,
      summary: `Check ${body.check_number}`,
    });
  });
}

/** A card decline is the buyer's answer (402 with the provider's message), never a 5xx. */
export const declined = (e: PaymentError) => new AppError(402, e.code, e.message, { card: e.message });

export async function takeCardPayment(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  user: CurrentUser | undefined,
  body: CardPaymentBody,
  log: { error: (obj: object, msg: string) => void },
) {
  const who = payer(user);
  await readableOrder(db, orderId, who);
  const key = body.idempotency_key ?? randomUUID();
  let charge: Charge | undefined;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, body.version);
      const split = await checkSplit(tx, order, body);
      charge = await provider.charge({
        token: body.token,
        amountCents: body.amount,
        currency: order.orderCurrency,
        idempotencyKey: `order-${orderId}-staff-${key}`,
        description: `Order ${orderId}`,
      });
      // A retried request with the same key answers the payment the first one recorded.
      const [already] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.providerRef, charge.ref)));
      if (already) return { payment_id: already.id };
      const label = `${charge.brand.charAt(0).toUpperCase()}${charge.brand.slice(1)} •••• ${charge.last4}`;
      return writePayment(tx, order, who, body, split, {
        paymentType: PAYMENT_TYPES.CARD,
        providerRef: charge.ref,
        paymentMethodId: label,
        method: label,
        summary: `Card ${label}`,
      });
    });
  } catch (e) {
    if (e instanceof PaymentError) throw declined(e);
    // Charged, then not recorded: give the money back before answering.
    if (charge) {
      const ref = charge.ref;
      await provider
        .refund(ref)
        .catch((err) =>
          log.error(
            { err, orderId, chargeRef: ref, cause: e, source: 'payments' },
            'staff card payment not recorded, and its refund failed: refund it by hand',
          ),
        );
    }
    throw e;
  }
}
