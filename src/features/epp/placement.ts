/**
 * Paying an order by EPP, called from checkout's reserve step (the down payment to charge) and again
 * from its confirm step (the charge happens between them, outside any transaction): the plan is
 * computed from the order's own lines and total (never from the browser), the card is charged the
 * down payment only, the payment is spread over the lines (largest remainder) and the plan with its
 * schedule is stored (order_epp_plans, order_epp_installments; orders.epp_percent_down/epp_months).
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { eppPaysWith } from '../../domain/epp.ts';
import { invalid } from '../../domain/errors.ts';
import { formatMoney } from '../../domain/money.ts';
import { prorate } from '../../domain/prorate.ts';
import { insertOrderPlan } from './queries.ts';
import type { EppPlacementInput } from './schemas.ts';
import { planForPlacement, type EppPlacement } from './service.ts';

export type { EppPlacementInput };

/** Part of the placement's idempotency hash, so the same key with another EPP choice is a different request. */
export const eppRequestHash = (e: EppPlacementInput | null | undefined) =>
  e
    ? createHash('sha256')
        .update(JSON.stringify([e.percentDown ?? null, e.months ?? null, e.eppFee ?? null, e.plan]))
        .digest('hex')
    : '';

/** The plan for this order, or null when the buyer does not pay by EPP. The down payment is paid by card. */
export async function eppAtPlacement(
  tx: DbOrTx,
  args: {
    orderId: number;
    totalCents: number;
    paymentType: number;
    input: EppPlacementInput | null | undefined;
    admin: boolean;
    now: Date;
  },
): Promise<EppPlacement | null> {
  if (!args.input) return null;
  if (!eppPaysWith(args.paymentType)) {
    const message = 'The EPP down payment is paid by card.';
    throw invalid(message, { payment_type: message });
  }
  return planForPlacement(tx, {
    orderId: args.orderId,
    totalCents: args.totalCents,
    input: args.input,
    admin: args.admin,
    now: args.now,
  });
}

/** Stores the plan and its schedule once the down payment is recorded. */
export async function recordEppPlan(
  tx: DbOrTx,
  orderId: number,
  epp: EppPlacement,
  paymentId: number | null,
): Promise<void> {
  await insertOrderPlan(tx, orderId, epp.kind, epp.promoId, epp.plan, paymentId);
}

/**
 * The down payment over the lines: the lines the program does not finance first, in full (they
 * are in the down payment whole), the rest by weight over the financed lines (largest remainder).
 */
export function eppLineShares(
  epp: EppPlacement,
  lineIds: readonly number[],
  weights: readonly number[],
  payCents: number,
): number[] {
  const shares = lineIds.map(() => 0);
  let left = payCents;
  lineIds.forEach((id, k) => {
    if (epp.ineligibleLineIds.includes(id)) {
      shares[k] = Math.min(weights[k], left);
      left -= shares[k];
    }
  });
  const financed = lineIds.map((id, k) => (epp.ineligibleLineIds.includes(id) ? -1 : k)).filter((k) => k >= 0);
  if (financed.length)
    prorate(
      financed.map((k) => weights[k]),
      left,
    ).forEach((c, j) => {
      shares[financed[j]] += c;
    });
  else if (shares.length) shares[0] += left;
  return shares;
}

/** The audit line's EPP part. */
export const eppAuditText = (epp: EppPlacement, currency: string) =>
  `EPP ${epp.kind} ${epp.plan.percentDown}% down (${formatMoney(epp.plan.downPaymentCents, currency, 'en-US')}), ${epp.plan.months} × monthly, APR ${epp.plan.apr.toFixed(2)}%`;
