/**
 * Spending limits: an organisation's admin gives a member a limit per order and/or per
 * period (a calendar month or quarter, in UTC). A cart that would pass either goes to the
 * organisation's approvers instead of being placed. Pure: `now` comes in.
 */

export const LIMIT_PERIODS = ['month', 'quarter'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const isLimitPeriod = (v: unknown): v is LimitPeriod =>
  typeof v === 'string' && (LIMIT_PERIODS as readonly string[]).includes(v);

/** A member's limits in cents; null = no limit of that kind. */
export type SpendingLimits = { perOrder: number | null; perPeriod: number | null; period: LimitPeriod };

export type ApprovalReason = 'order' | 'period';

/**
 * Does this order need approval? Over the per-order limit first, then over the period's limit
 * (what was spent this period plus this order). Equal to a limit is allowed.
 */
export function needsApproval(
  limits: SpendingLimits | null | undefined,
  spentThisPeriodCents: number,
  orderTotalCents: number,
): null | { reason: ApprovalReason } {
  if (!limits) return null;
  const total = Math.max(0, orderTotalCents);
  if (limits.perOrder !== null && total > limits.perOrder) return { reason: 'order' };
  if (limits.perPeriod !== null && Math.max(0, spentThisPeriodCents) + total > limits.perPeriod)
    return { reason: 'period' };
  return null;
}

/** The first moment (UTC) of the month or quarter `now` falls in. */
export function periodStart(now: Date, period: LimitPeriod): Date {
  const month = now.getUTCMonth();
  return new Date(Date.UTC(now.getUTCFullYear(), period === 'quarter' ? month - (month % 3) : month, 1));
}

/** The words the buyer reads (English; src/i18n/text/errors-b2b.ts has fr/es). */
export const SPENDING_MESSAGES = {
  locked: 'This cart is waiting for approval.',
  method: 'Choose check or invoice to send this order for approval.',
  noApprover:
    'Nobody in your organisation can approve this order yet: ask your organisation’s administrator to name an approver.',
} as const;
