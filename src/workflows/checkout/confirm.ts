/**
 * Placement step (c), ONE transaction, after the provider answered (or with nothing to
 * charge): the order becomes submitted, the payment and its allocations are recorded, the
 * reserved stock is taken, the EPP plan stored, the answer remembered under the Idempotency-Key,
 * the audit entry and webhook events written. Run by the placing request, or by the recovery job
 * for an attempt whose process died. Anything that does not match what was reserved and charged
 * (the cart edited meanwhile, a total that moved) refuses the confirm: the caller refunds.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { idempotencyKeys, orderLineItems, orders, paymentAttempts } from '../../db/schema/index.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { dueDate } from '../../domain/terms.ts';
import { invoiceTerms } from '../../features/terms/index.ts';
import { approvedInConfirm, checkSpending } from '../../features/approvals/index.ts';
import { conflict } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import { cardLabel } from '../../domain/payments.ts';
import { audit } from '../../features/audit/index.ts';
import { emitEvents, type WebhookEvent } from '../../features/webhooks/index.ts';
import { eppAtPlacement, eppAuditText, recordEppPlan } from '../../features/epp/index.ts';
import { type ConfirmEpp, recordPayment } from './confirm-payment.ts';
import { type StockEvent, takeReservedStock } from './confirm-stock.ts';
import { linesFingerprint, type AttemptRequest } from './attempt-row.ts';
import { fail } from './reserve-common.ts';
import type { PlaceBody } from './reserve.ts';

/** What the provider answered: a card charge's brand and last four, a bank debit's status. */
export type Paid = {
  ref: string | null;
  brand?: string;
  last4?: string;
  bankName?: string;
  bankStatus?: string | null;
};

export const STALE =
  'Your order changed while the payment was processed. Your payment is being refunded; please review your order.';

type Attempt = typeof paymentAttempts.$inferSelect;
type Order = typeof orders.$inferSelect;
type Invoice = Awaited<ReturnType<typeof invoiceTerms>> | null;
type Locked = { replay: PlaceBody } | { order: Order; a: Attempt; req: AttemptRequest };

export function confirmAttempt(
  db: Db,
  attemptId: number,
  paid: Paid,
  processor: string,
): Promise<{ body: PlaceBody; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if ('replay' in locked) return { body: locked.replay, replayed: true };
    const { order, a, req } = locked;
    const now = new Date(req.placedAt);
    await refuseChangedLines(tx, order.id, req);
    const card = a.kind === 'card';
    const bank = a.kind === 'bank';
    const payCents = a.amountCents;
    const stockEvents = await takeReservedStock(tx, order.id, a.reservations);

    // EPP: the plan from the order itself again; its down payment must be what was charged.
    const epp = await eppAtPlacement(tx, {
      orderId: order.id,
      totalCents: a.totalCents,
      paymentType: req.paymentType,
      input: req.epp,
      admin: req.eppAdmin,
      now,
    });
    if ((epp ? epp.plan.downPaymentCents : a.totalCents) !== payCents && payCents > 0)
      throw fail(409, 'order_changed', STALE);

    const invoice = await termsAndLimits(tx, a, req, order.id, now);
    const dueOn = invoice ? dueDate(now, invoice.netDays) : null;
    const selected = selectedMethod(a, req, invoice);
    const paymentId =
      payCents > 0
        ? await recordPayment(tx, {
            orderId: order.id,
            paymentType: req.paymentType,
            card,
            bank,
            payCents,
            providerRef: paid.ref,
            selected,
            checkNumber: req.checkNumber,
            userId: a.userId,
            epp,
          })
        : null;
    if (epp) await recordEppPlan(tx, order.id, epp, paymentId);

    // Card paid, nothing to pay, or an invoice on agreed terms: the order goes ahead; a check waits for the money.
    const status = card || invoice || a.totalCents === 0 ? 'processing' : 'pending';
    await submitOrder(tx, { order, a, req, paid, invoice, status, selected, processor, now, dueOn });
    const body: PlaceBody = {
      order_id: order.id,
      status,
      total: fromCents(a.totalCents),
      currency: a.currency,
      redirect: `/${req.locale}/orders/${order.id}?placed=1`,
    };
    await rememberAnswer(tx, a, order.id, body);
    if (req.approval) await approvedInConfirm(tx, req.approval, order.id, a.totalCents, a.currency); // spending limits
    await auditPlaced(tx, { order, a, req, paid, invoice, dueOn, epp, paymentId });
    await emitPlaced(tx, { order, a, req, status, paymentId, invoice, stockEvents }); // webhooks
    return { body, replayed: false };
  });
}

/**
 * Locks the order, then the attempt (the order's row is what placement locks first too). An
 * attempt already confirmed answers what it answered then; one that is neither reserved nor
 * charged, or whose order moved on, refuses the confirm.
 */
async function lockAttempt(tx: Tx, attemptId: number): Promise<Locked> {
  const [a0] = await tx
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!a0) throw conflict('This payment was not found.');
  // The order first, then the attempt: the order's row is what placement locks first too.
  const [order] = await tx.select().from(orders).where(eq(orders.id, a0.orderId)).for('update');
  const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
  if (a.status === 'confirmed') {
    const [seen] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, a.userId), eq(idempotencyKeys.key, a.idempotencyKey)));
    return { replay: seen.responseBody as PlaceBody };
  }
  if (a.status !== 'reserved' && a.status !== 'charged')
    throw fail(409, 'payment_failed', 'This payment did not go through. Please try again.');
  const req = a.request as unknown as AttemptRequest;
  if (!order || order.status !== 'cart' || order.channelId !== req.channelId || toCents(order.total) !== a.totalCents)
    throw fail(409, 'order_changed', STALE);
  return { order, a, req };
}

/** The cart's lines must be the ones the attempt reserved and charged for. */
async function refuseChangedLines(tx: Tx, orderId: number, req: AttemptRequest): Promise<void> {
  const allLines = await tx
    .select({
      id: orderLineItems.id,
      quantity: orderLineItems.quantity,
      unitPrice: orderLineItems.unitPrice,
      totalDiscounted: orderLineItems.totalDiscounted,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
  if (linesFingerprint(allLines) !== req.lines) throw fail(409, 'order_changed', STALE);
}

/**
 * Pay on terms: asked again with the organisation locked; the order is due N days after placing.
 * Spending limits too, asked again here where the order is placed, with the member's limits row
 * locked: over the limit now (it was lowered meanwhile), NeedsApproval refuses the confirm.
 */
async function termsAndLimits(tx: Tx, a: Attempt, req: AttemptRequest, orderId: number, now: Date): Promise<Invoice> {
  const invoice =
    req.paymentType === PAYMENT_TYPES.INVOICE
      ? await invoiceTerms(tx, {
          userId: a.userId,
          currency: a.currency,
          totalCents: a.totalCents,
          orderId,
        })
      : null;
  if (!req.approval)
    await checkSpending(tx, {
      userId: a.userId,
      currency: a.currency,
      totalCents: a.totalCents,
      orderId,
      now,
    });
  return invoice;
}

/** What the order records as its selected payment method. */
function selectedMethod(a: Attempt, req: AttemptRequest, invoice: Invoice): string {
  return a.kind === 'card'
    ? (a.token ?? '')
    : a.kind === 'bank'
      ? `bank:${a.savedMethodId}`
      : invoice
        ? `invoice:net${invoice.netDays}`
        : (req.checkNumber ?? '');
}

/** What the provider told about the card or bank account, or the invoice's terms. */
function providerInfo(a: Attempt, paid: Paid, invoice: Invoice) {
  return a.kind === 'card'
    ? { card: { brand: paid.brand, last4: paid.last4 } }
    : a.kind === 'bank'
      ? { bank: { name: paid.bankName, last4: paid.last4, status: paid.bankStatus ?? null } }
      : invoice
        ? { invoice: { netDays: invoice.netDays, organisationId: invoice.organisationId } }
        : null;
}

/** How the order was paid, in the audit entry's words. */
function howPaid(a: Attempt, req: AttemptRequest, paid: Paid, invoice: Invoice, dueOn: string | null): string {
  return a.kind === 'card'
    ? `card ${cardLabel(null, paid) ?? ''}`.trim()
    : a.kind === 'bank'
      ? `bank account ${paid.bankName ?? ''} ${paid.last4 ?? ''}`.trim()
      : invoice
        ? `invoice net ${invoice.netDays}, due ${dueOn}`
        : `check ${req.checkNumber}`;
}

/** The order is submitted, with how it is paid. */
async function submitOrder(
  tx: Tx,
  p: {
    order: Order;
    a: Attempt;
    req: AttemptRequest;
    paid: Paid;
    invoice: Invoice;
    status: 'processing' | 'pending';
    selected: string;
    processor: string;
    now: Date;
    dueOn: string | null;
  },
): Promise<void> {
  const { order, a, req, paid, invoice, status, selected, processor, now, dueOn } = p;
  await tx
    .update(orders)
    .set({
      status,
      submittedAt: now,
      paymentType: req.paymentType,
      selectedPaymentMethod: selected,
      processorSource: invoice ? 'invoice' : processor,
      thirdPartyInfo: providerInfo(a, paid, invoice),
      paymentDueOn: dueOn,
      poNumber: req.poNumber ?? order.poNumber,
      attention: req.attention ?? order.attention,
      locale: req.locale,
    })
    .where(eq(orders.id, order.id));
}

/** The audit entry: the total, how it was paid and the EPP plan. */
async function auditPlaced(
  tx: Tx,
  p: {
    order: Order;
    a: Attempt;
    req: AttemptRequest;
    paid: Paid;
    invoice: Invoice;
    dueOn: string | null;
    epp: ConfirmEpp;
    paymentId: number | null;
  },
): Promise<void> {
  const { order, a, req, paid, invoice, dueOn, epp, paymentId } = p;
  const how = howPaid(a, req, paid, invoice, dueOn);
  await audit(tx, {
    action: 'order.place',
    entity: 'order',
    entityId: order.id,
    userId: a.userId,
    message: `Order ${order.id} placed (${formatMoney(a.totalCents, a.currency, 'en-US')}, ${how}${epp ? `; ${eppAuditText(epp, a.currency)}` : ''})`,
    data: { paymentId, paymentType: req.paymentType, tax: order.tax, attemptId: a.id },
  });
}

/** The answer is remembered under the Idempotency-Key, and the attempt is confirmed. */
async function rememberAnswer(tx: Tx, a: Attempt, orderId: number, body: PlaceBody): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    userId: a.userId,
    key: a.idempotencyKey,
    requestHash: a.requestHash,
    orderId,
    responseStatus: 201,
    responseBody: body,
  });
  await tx
    .update(paymentAttempts)
    .set({ status: 'confirmed', updatedAt: new Date() })
    .where(eq(paymentAttempts.id, a.id));
}

/** The webhook events: the order, its payment (not for an invoice) and the stock taken. */
async function emitPlaced(
  tx: Tx,
  p: {
    order: Order;
    a: Attempt;
    req: AttemptRequest;
    status: string;
    paymentId: number | null;
    invoice: Invoice;
    stockEvents: StockEvent[];
  },
): Promise<void> {
  const { order, a, req, status, paymentId, invoice } = p;
  await emitEvents(tx, [
    ['order.created', { orderId: order.id, status, total: fromCents(a.totalCents), currency: a.currency, paymentId }],
    ...(invoice
      ? []
      : [
          [
            'payment.recorded',
            {
              orderId: order.id,
              paymentId,
              paymentType: req.paymentType,
              amount: fromCents(a.amountCents),
              currency: a.currency,
            },
          ] as [WebhookEvent, Record<string, unknown>],
        ]),
    ...p.stockEvents,
  ]);
}
