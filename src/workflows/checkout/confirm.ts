/**
 * Placement step (c), ONE transaction, after the provider answered (or with nothing to
 * charge): the order becomes submitted, the payment and its allocations are recorded, the
 * reserved stock is taken, the EPP plan stored, the answer remembered under the Idempotency-Key,
 * the audit entry and webhook events written. Run by the placing request, or by the recovery job
 * for an attempt whose process died. Anything that does not match what was reserved and charged
 * (the cart edited meanwhile, a total that moved) refuses the confirm: the caller refunds.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  idempotencyKeys,
  inventory,
  orderLineItems,
  orders,
  paymentAllocations,
  paymentAttempts,
  payments,
  stockAllocations,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { dueDate } from '../../domain/terms.ts';
import { invoiceTerms } from '../../features/terms/index.ts';
import { approvedInConfirm, checkSpending } from '../../features/approvals/index.ts';
import { conflict } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import { cardLabel } from '../../domain/payments.ts';
import { prorate } from '../../domain/prorate.ts';
import { audit } from '../../features/audit/index.ts';
import { emitEvents, type WebhookEvent } from '../../features/webhooks/index.ts';
import { eppAtPlacement, eppAuditText, eppLineShares, recordEppPlan } from '../../features/epp/index.ts';
import { fail, linesFingerprint, type AttemptRequest, type PlaceBody } from './reserve.ts';

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

export function confirmAttempt(
  db: Db,
  attemptId: number,
  paid: Paid,
  processor: string,
): Promise<{ body: PlaceBody; replayed: boolean }> {
  return db.transaction(async (tx) => {
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
      return { body: seen.responseBody as PlaceBody, replayed: true };
    }
    if (a.status !== 'reserved' && a.status !== 'charged')
      throw fail(409, 'payment_failed', 'This payment did not go through. Please try again.');
    const req = a.request as unknown as AttemptRequest;
    if (!order || order.status !== 'cart' || order.channelId !== req.channelId || toCents(order.total) !== a.totalCents)
      throw fail(409, 'order_changed', STALE);
    const now = new Date(req.placedAt);
    const allLines = await tx
      .select({
        id: orderLineItems.id,
        quantity: orderLineItems.quantity,
        unitPrice: orderLineItems.unitPrice,
        totalDiscounted: orderLineItems.totalDiscounted,
      })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id))
      .orderBy(asc(orderLineItems.id));
    if (linesFingerprint(allLines) !== req.lines) throw fail(409, 'order_changed', STALE);
    const card = a.kind === 'card';
    const bank = a.kind === 'bank';
    const payCents = a.amountCents;

    // The reserved stock is taken: quantity and reserved both go down, what is available stays.
    const stockEvents: [WebhookEvent, Record<string, unknown>][] = [];
    const lineRows = await tx
      .select({ id: orderLineItems.id, stockcode: orderLineItems.stockcode })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id));
    for (const r of a.reservations) {
      if (r.inventoryId !== null) {
        const taken = await tx
          .update(inventory)
          .set({
            quantity: sql`${inventory.quantity} - ${r.quantity}`,
            reserved: sql`${inventory.reserved} - ${r.quantity}`,
          })
          .where(
            and(
              eq(inventory.id, r.inventoryId),
              sql`${inventory.reserved} >= ${r.quantity}`,
              sql`${inventory.quantity} >= ${r.quantity}`,
            ),
          )
          .returning({ quantity: inventory.quantity });
        if (!taken.length)
          throw fail(409, 'out_of_stock', 'The stock held for this order is gone. Your payment is being refunded.');
        stockEvents.push([
          'inventory.changed',
          {
            warehouseId: r.warehouseId,
            productId: r.productId,
            stockcode: lineRows.find((x) => x.id === r.lineId)?.stockcode ?? null,
            before: taken[0].quantity + r.quantity,
            after: taken[0].quantity,
            orderId: order.id,
            source: 'checkout',
          },
        ]);
      }
      await tx
        .insert(stockAllocations)
        .values({ lineItemId: r.lineId, warehouseId: r.warehouseId, quantity: r.quantity });
    }
    const firstHouse = new Map<number, number>();
    for (const r of a.reservations) if (!firstHouse.has(r.lineId)) firstHouse.set(r.lineId, r.warehouseId);
    for (const [lineId, warehouseId] of firstHouse)
      await tx.update(orderLineItems).set({ warehouseId }).where(eq(orderLineItems.id, lineId));

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

    // Pay on terms: asked again with the organisation locked; the order is due N days after placing.
    const invoice =
      req.paymentType === PAYMENT_TYPES.INVOICE
        ? await invoiceTerms(tx, {
            userId: a.userId,
            currency: a.currency,
            totalCents: a.totalCents,
            orderId: order.id,
          })
        : null;
    // Spending limits, asked again here where the order is placed, with the member's limits row
    // locked: over the limit now (it was lowered meanwhile), NeedsApproval refuses the confirm.
    if (!req.approval)
      await checkSpending(tx, {
        userId: a.userId,
        currency: a.currency,
        totalCents: a.totalCents,
        orderId: order.id,
        now,
      });
    const dueOn = invoice ? dueDate(now, invoice.netDays) : null;
    const selected = card
      ? (a.token ?? '')
      : bank
        ? `bank:${a.savedMethodId}`
        : invoice
          ? `invoice:net${invoice.netDays}`
          : (req.checkNumber ?? '');
    let paymentId: number | null = null;
    if (payCents > 0) {
      const [p] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          paymentType: req.paymentType,
          successful: card,
          total: fromCents(payCents),
          providerRef: paid.ref,
          paymentMethodId: card || bank ? selected : null,
          checkNumber: card || bank ? null : req.checkNumber,
          createdBy: a.userId,
        })
        .returning({ id: payments.id });
      paymentId = p.id;
      // Each line's allocation: its own total plus its prorated share of shipping and tax, so the parts sum to the payment.
      const fresh = await tx
        .select({ id: orderLineItems.id, totalDiscounted: orderLineItems.totalDiscounted })
        .from(orderLineItems)
        .where(and(eq(orderLineItems.orderId, order.id), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
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
        .map((l, k) => ({ paymentId: p.id, type: 0, lineItemId: l.id, amount: fromCents(shares[k]) }))
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
    }
    if (epp) await recordEppPlan(tx, order.id, epp, paymentId);

    // Card paid, nothing to pay, or an invoice on agreed terms: the order goes ahead; a check waits for the money.
    const status = card || invoice || a.totalCents === 0 ? 'processing' : 'pending';
    await tx
      .update(orders)
      .set({
        status,
        submittedAt: now,
        paymentType: req.paymentType,
        selectedPaymentMethod: selected,
        processorSource: invoice ? 'invoice' : processor,
        thirdPartyInfo: card
          ? { card: { brand: paid.brand, last4: paid.last4 } }
          : bank
            ? { bank: { name: paid.bankName, last4: paid.last4, status: paid.bankStatus ?? null } }
            : invoice
              ? { invoice: { netDays: invoice.netDays, organisationId: invoice.organisationId } }
              : null,
        paymentDueOn: dueOn,
        poNumber: req.poNumber ?? order.poNumber,
        attention: req.attention ?? order.attention,
        locale: req.locale,
      })
      .where(eq(orders.id, order.id));
    const body: PlaceBody = {
      order_id: order.id,
      status,
      total: fromCents(a.totalCents),
      currency: a.currency,
      redirect: `/${req.locale}/orders/${order.id}?placed=1`,
    };
    await tx.insert(idempotencyKeys).values({
      userId: a.userId,
      key: a.idempotencyKey,
      requestHash: a.requestHash,
      orderId: order.id,
      responseStatus: 201,
      responseBody: body,
    });
    await tx
      .update(paymentAttempts)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(eq(paymentAttempts.id, a.id));
    if (req.approval) await approvedInConfirm(tx, req.approval, order.id, a.totalCents, a.currency); // spending limits
    const how = card
      ? `card ${cardLabel(null, paid) ?? ''}`.trim()
      : bank
        ? `bank account ${paid.bankName ?? ''} ${paid.last4 ?? ''}`.trim()
        : invoice
          ? `invoice net ${invoice.netDays}, due ${dueOn}`
          : `check ${req.checkNumber}`;
    await audit(tx, {
      action: 'order.place',
      entity: 'order',
      entityId: order.id,
      userId: a.userId,
      message: `Order ${order.id} placed (${formatMoney(a.totalCents, a.currency, 'en-US')}, ${how}${epp ? `; ${eppAuditText(epp, a.currency)}` : ''})`,
      data: { paymentId, paymentType: req.paymentType, tax: order.tax, attemptId: a.id },
    });
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
                amount: fromCents(payCents),
                currency: a.currency,
              },
            ] as [WebhookEvent, Record<string, unknown>],
          ]),
      ...stockEvents,
    ]); // webhooks
    return { body, replayed: false };
  });
}
