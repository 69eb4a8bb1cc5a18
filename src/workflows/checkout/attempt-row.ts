/** Step 7 of the reservation: the payment attempt row, and what the confirm step needs of the request. */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLineItems, paymentAttempts, type AttemptReservation } from '../../db/schema/index.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { eppAtPlacement, type EppPlacementInput } from '../../features/epp/index.ts';
import { savedMethodForOrder } from '../../features/payment-methods/index.ts';
import { fail, type Order, type ReserveArgs } from './reserve-common.ts';

/** What the confirm step needs of the request (kept on the attempt, so recovery can confirm without it). */
export type AttemptRequest = {
  paymentType: number;
  checkNumber: string | null;
  poNumber: string | null;
  attention: string | null;
  locale: string;
  epp: EppPlacementInput | null;
  eppAdmin: boolean;
  channelId: number;
  lines: string;
  placedAt: string;
  customer: string | null;
  /** Spending limits: the approval this placement carries out, decided in the confirm's transaction. */
  approval?: { id: number; by: number } | null;
};

/** The order's product lines as confirm expects to find them (an edit in another tab while paying refuses the confirm). */
export const linesFingerprint = (
  rows: { id: number; quantity: number; unitPrice: string; totalDiscounted: string }[],
) => rows.map((l) => `${l.id}:${l.quantity}:${l.unitPrice}:${l.totalDiscounted}`).join(',');

/** What the confirm step needs of the request, with the order's product lines as they are now. */
async function attemptRequest(
  tx: Tx,
  orderId: number,
  args: ReserveArgs,
  customer: string | null,
): Promise<AttemptRequest> {
  const { input } = args;
  const fresh = await tx
    .select({
      id: orderLineItems.id,
      quantity: orderLineItems.quantity,
      unitPrice: orderLineItems.unitPrice,
      totalDiscounted: orderLineItems.totalDiscounted,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
  return {
    paymentType: input.payment_type,
    checkNumber: input.check_number ?? null,
    poNumber: input.po_number ?? null,
    attention: input.attention ?? null,
    locale: args.locale,
    epp: args.epp ?? null,
    eppAdmin: !!args.eppAdmin,
    channelId: args.channel.id,
    lines: linesFingerprint(fresh),
    placedAt: args.now.toISOString(),
    customer,
    approval: args.approval ?? null,
  };
}

/**
 * 7. The payment attempt row. What will be paid now, and with what: a new card, a saved card or
 * verified bank account of the buyer's, or a check; with EPP the down payment only.
 */
export async function insertAttempt(
  tx: Tx,
  order: Order,
  args: ReserveArgs,
  paying: { invoice: boolean; totalCents: number; reservations: AttemptReservation[] },
) {
  const { userId, channel, input, key } = args;
  const { invoice, totalCents } = paying;
  const card = input.payment_type === PAYMENT_TYPES.CARD;
  const saved = await savedMethodForOrder(tx, {
    userId,
    channelId: channel.id,
    paymentType: input.payment_type,
    savedMethodId: input.saved_method_id,
  });
  const bankMethod = input.payment_type === PAYMENT_TYPES.BANK ? saved : null;
  if (bankMethod && args.bank && bankMethod.provider !== args.bank.kind)
    throw fail(409, 'provider_changed', 'This bank account was linked through another provider. Add it again.', {
      saved_method_id: 'Add this bank account again.',
    });
  const epp = await eppAtPlacement(tx, {
    orderId: order.id,
    totalCents,
    paymentType: input.payment_type,
    input: args.epp,
    admin: !!args.eppAdmin,
    now: args.now,
  });
  // An invoice is paid later, to staff: nothing is charged now.
  const payCents = invoice ? 0 : epp ? epp.plan.downPaymentCents : totalCents;
  const request = await attemptRequest(tx, order.id, args, saved?.providerCustomer ?? null);
  const kind = payCents <= 0 ? 'none' : card ? 'card' : bankMethod ? 'bank' : 'none';
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      userId,
      idempotencyKey: key,
      requestHash: args.hash,
      providerKey: `order-${order.id}-${randomUUID()}`,
      kind,
      status: 'reserved',
      amountCents: Math.max(payCents, 0),
      currency: channel.currency,
      totalCents,
      token:
        kind === 'card' ? (saved ? saved.providerRef : input.token!) : kind === 'bank' ? bankMethod!.providerRef : null,
      savedMethodId: saved?.id ?? null,
      reservations: paying.reservations,
      request: request as unknown as Record<string, unknown>,
      leaseUntil: new Date(Date.now() + args.leaseMs),
    })
    .returning();
  return attempt;
}
