/**
 * Placing the order (the provider is never called with a transaction or a lock open):
 *
 *   (a) reserve.ts — one short transaction: checks, re-pricing, shipping, tax, expected total, the
 *       stock RESERVED (inventory.reserved) and a payment attempt written (payment_attempts);
 *   (b) here — the card charged or the bank account debited with NO transaction open, under the
 *       attempt's own idempotency key; the answer written to the attempt at once;
 *   (c) confirm.ts — one transaction: order submitted, payment, allocations, stock taken from
 *       reserved, EPP plan, events, the Idempotency-Key's answer.
 *
 * A decline gives the reservation back (the cart can be placed again). A confirm that fails after
 * money moved queues a refund job (payment-jobs.ts) that retries until the provider refunds: never
 * dropped. A process that dies anywhere in between leaves the attempt to the recovery job, which
 * confirms the order or refunds the charge once the attempt's lease has run out.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../domain/errors.ts';
import { PaymentError, type Charge, type PaymentProvider } from '../../providers/payments/types.ts';
import { BankLinkError, type BankLinkProvider } from '../../providers/bank/types.ts';
import type { ChannelInfo } from '../../features/channels/index.ts';
import { findMethod } from '../../features/payment-methods/index.ts';
import { eppRequestHash, type EppPlacementInput } from '../../features/epp/index.ts';
import { markCharged, queueRefund, releaseAttempt, type Attempt } from './attempts.ts';
import { confirmAttempt, type Paid } from './confirm.ts';
import { reserveOrder, type PlaceBody } from './reserve.ts';
import { fail } from './reserve-common.ts';
import type { PlaceOrder } from '../../domain/checkout-input.ts';

export type PlaceResult = { status: number; body: PlaceBody; replayed: boolean; charge?: Charge };

export const requestHash = (input: PlaceOrder) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.order_id,
        input.payment_type,
        input.token ?? null,
        input.check_number ?? null,
        input.saved_method_id ?? null,
        input.expected_total,
        input.po_number ?? null,
        input.attention ?? null,
      ]),
    )
    .digest('hex');

export const DEFAULT_LEASE_MS = 120_000;

export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  bank?: BankLinkProvider;
  logger?: Logger;
  leaseMs?: number;
};

export async function placeOrder(
  db: Db,
  provider: PaymentProvider,
  args: {
    userId: number;
    channel: ChannelInfo;
    key: string;
    input: PlaceOrder;
    locale: string;
    now?: Date;
    bank?: BankLinkProvider;
    epp?: EppPlacementInput | null;
    eppAdmin?: boolean;
    logger?: Logger;
    leaseMs?: number;
    approval?: { id: number; by: number } | null;
  },
): Promise<PlaceResult> {
  const now = args.now ?? new Date();
  const hash = requestHash(args.input) + eppRequestHash(args.epp); // EPP: its choice is part of the request
  const leaseMs = args.leaseMs ?? DEFAULT_LEASE_MS;
  const r = await reserveOrder(db, provider, { ...args, now, hash, leaseMs });
  if ('replay' in r) return { status: r.replay.status, body: r.replay.body, replayed: true };
  const deps: PaymentDeps = { db, provider, bank: args.bank, logger: args.logger, leaseMs };
  if ('resume' in r) return { status: 201, ...(await resumeAttempt(deps, r.resume)), replayed: true };
  const paid = await pay(deps, r.attempt, false);
  const done = await confirmOrRefund(deps, r.attempt, paid);
  return { status: 201, body: done.body, replayed: done.replayed, charge: paid.charge };
}

/**
 * Finishes an open attempt from where it stopped (the same key again, or recovery): a known charge
 * is confirmed; otherwise the provider is asked again under the attempt's key, then confirmed.
 */
export async function resumeAttempt(
  deps: PaymentDeps,
  a: Attempt,
): Promise<{ body: PlaceBody; replayed: boolean; charge?: Charge }> {
  const paid =
    a.status === 'charged'
      ? ({
          ref: a.providerRef,
          processor: a.kind === 'card' ? deps.provider.kind : a.kind === 'bank' ? `bank-${deps.bank?.kind}` : 'check',
          ...(a.providerInfo ?? {}),
        } as Paid & { processor: string })
      : await pay(deps, a, true);
  return confirmOrRefund(deps, a, paid);
}

/**
 * (b) The provider call, outside any transaction. A refusal releases the reservation and answers
 * 402 with the provider's words; any other failure leaves the attempt to recovery (its outcome is
 * unknown: the charge may have gone through) and answers 503.
 * `replay`: recovery asking again under the same key (the provider answers its first answer).
 */
export async function pay(
  deps: PaymentDeps,
  a: Attempt,
  replay: boolean,
): Promise<Paid & { charge?: Charge; processor: string }> {
  if (a.kind === 'none') return { ref: null, processor: 'check' };
  if (a.kind === 'card') return payByCard(deps, a, replay);
  return payByBank(deps, a, replay);
}

/** A card charge; a refusal releases the reservation (402), an unknown outcome is left to recovery (503). */
async function payByCard(
  deps: PaymentDeps,
  a: Attempt,
  replay: boolean,
): Promise<Paid & { charge?: Charge; processor: string }> {
  let charge: Charge;
  try {
    const req = a.request as { customer?: string | null };
    charge = await deps.provider.charge({
      token: a.token!,
      amountCents: a.amountCents,
      currency: a.currency,
      idempotencyKey: a.providerKey,
      description: `Order ${a.orderId}`,
      customer: req.customer ?? undefined,
    });
  } catch (e) {
    if ((e instanceof PaymentError && !e.outcomeUnknown) || (e instanceof AppError && e.status < 500)) {
      await releaseAttempt(deps.db, a.id, `${e instanceof PaymentError ? e.code : (e as AppError).code}: ${e.message}`);
      if (e instanceof PaymentError) throw fail(402, e.code, e.message, { card: e.message });
      throw e;
    }
    deps.logger?.error(
      { err: e, attemptId: a.id, orderId: a.orderId, replay },
      'card charge outcome unknown: left to payment recovery',
    );
    throw fail(
      503,
      'payment_pending',
      'We could not confirm your payment yet. Check your orders in a few minutes before trying again.',
    );
  }
  await markCharged(deps.db, a.id, charge.ref, { brand: charge.brand, last4: charge.last4 });
  return { ref: charge.ref, brand: charge.brand, last4: charge.last4, charge, processor: deps.provider.kind };
}

/** A bank debit, one per attempt key; refusals and unknown outcomes as for a card. */
async function payByBank(deps: PaymentDeps, a: Attempt, replay: boolean): Promise<Paid & { processor: string }> {
  const m = a.savedMethodId ? await findMethod(deps.db, a.savedMethodId) : undefined;
  if (!deps.bank || !m) {
    await releaseAttempt(deps.db, a.id, 'bank link unavailable');
    throw fail(422, 'payment_unavailable', 'Bank payments are not available in this shop.');
  }
  try {
    const debit = await deps.bank.debit({
      ref: a.token!,
      amountCents: a.amountCents,
      currency: a.currency,
      idempotencyKey: a.providerKey,
      description: `Order ${a.orderId}`,
      holderName: m.holderName ?? undefined,
    });
    await markCharged(deps.db, a.id, debit.ref, { status: debit.status });
    return {
      ref: debit.ref,
      bankName: m.brand,
      last4: m.last4,
      bankStatus: debit.status,
      processor: `bank-${m.provider}`,
    };
  } catch (e) {
    if (e instanceof BankLinkError || (e instanceof AppError && e.status < 500)) {
      await releaseAttempt(deps.db, a.id, e.message);
      if (e instanceof BankLinkError) throw new AppError(402, e.code, e.message, { bank: e.message });
      throw e;
    }
    deps.logger?.error(
      { err: e, attemptId: a.id, orderId: a.orderId, replay },
      'bank debit outcome unknown: left to payment recovery',
    );
    throw fail(
      503,
      'payment_pending',
      'We could not confirm your payment yet. Check your orders in a few minutes before trying again.',
    );
  }
}

/** (c) Confirm; if that fails after money moved, the refund is queued (never dropped) and the buyer told. */
export async function confirmOrRefund(deps: PaymentDeps, a: Attempt, paid: Paid & { processor: string }) {
  try {
    return await confirmAttempt(deps.db, a.id, paid, paid.processor);
  } catch (e) {
    if (a.kind === 'none') {
      await releaseAttempt(deps.db, a.id, e instanceof Error ? e.message : String(e)).catch(() => false);
      throw e;
    }
    const queued = await queueRefund(deps.db, a.id, e instanceof Error ? e.message : String(e)).catch((err) => {
      // Not even the refund could be queued (the database is gone): the attempt stays 'charged' and
      // the recovery job finds it when its lease runs out.
      deps.logger?.error({ err, attemptId: a.id }, 'refund could not be queued: left to payment recovery');
      return false;
    });
    deps.logger?.warn(
      { err: e, attemptId: a.id, orderId: a.orderId, queued },
      'order not confirmed after payment: refund queued',
    );
    if (e instanceof AppError && e.status < 500) throw e;
    throw fail(
      409,
      'payment_refunded',
      'Your order could not be completed, and your payment is being refunded. Please try again.',
    );
  }
}
