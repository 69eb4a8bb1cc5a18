/**
 * Pay on terms: an organisation given net terms (15, 30 or 60 days) and a credit limit
 * by staff lets its members pay by invoice. These are the rules, pure (no clock: `now` comes in),
 * shared by checkout, the back office and the reminder job. Dates are calendar days in UTC, as
 * every date the shop shows (src/http/context.ts formatDate).
 */

/** The terms staff may give, in days; `null` on the organisation means none. */
export const NET_TERMS_DAYS = [15, 30, 60] as const;
export type NetTermsDays = (typeof NET_TERMS_DAYS)[number];

export const isNetTermsDays = (v: unknown): v is NetTermsDays =>
  typeof v === 'number' && (NET_TERMS_DAYS as readonly number[]).includes(v);

/** The organisation as the rule sees it: its terms and its credit limit in cents. */
export type TermsOrg = { netTermsDays: number | null; creditLimitCents: number };

export type TermsDecision =
  | { ok: true; netDays: NetTermsDays; availableCents: number }
  | { ok: false; reason: 'no_terms' }
  | { ok: false; reason: 'over_limit'; availableCents: number };

/** The words the buyer reads when an invoice is refused (English; src/i18n/text/errors-b2b.ts has fr/es). */
export const TERMS_MESSAGES = {
  noTerms: 'Your organisation cannot pay by invoice. Choose another payment method.',
  overLimit:
    'This order would take your organisation past its credit limit. Choose another payment method, or pay open invoices first.',
} as const;

/**
 * May this order be paid by invoice? Only with terms on the organisation, and only when what the
 * organisation already owes on open invoices plus this order stays within its credit limit
 * (equal to the limit is allowed). `availableCents` is what is left of the limit before this order.
 */
export function termsAvailable(
  org: TermsOrg | null | undefined,
  openBalanceCents: number,
  orderTotalCents: number,
): TermsDecision {
  if (!org || !isNetTermsDays(org.netTermsDays)) return { ok: false, reason: 'no_terms' };
  const availableCents = Math.max(0, org.creditLimitCents - Math.max(0, openBalanceCents));
  if (Math.max(0, openBalanceCents) + Math.max(0, orderTotalCents) > org.creditLimitCents)
    return { ok: false, reason: 'over_limit', availableCents };
  return { ok: true, netDays: org.netTermsDays, availableCents };
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a moment, in UTC. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day an invoice placed at `placedAt` is due: the placing day (UTC) plus `netDays` calendar days. */
export function dueDate(placedAt: Date, netDays: number): string {
  if (!Number.isInteger(netDays) || netDays < 0) throw new RangeError('netDays must be a whole number of days');
  const day = Date.UTC(placedAt.getUTCFullYear(), placedAt.getUTCMonth(), placedAt.getUTCDate());
  return isoDay(new Date(day + netDays * DAY_MS));
}

/** Whole days an invoice due on `dueOn` ('YYYY-MM-DD') is overdue at `now`: 0 on the due day and before. */
export function daysOverdue(dueOn: string, now: Date): number {
  const due = Date.parse(`${dueOn}T00:00:00Z`);
  if (Number.isNaN(due)) return 0;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((today - due) / DAY_MS));
}

/** The reminder job mails an overdue invoice at most once a day: not again within 24 hours of the last. */
export function reminderDue(dueOn: string, lastRemindedAt: Date | null, now: Date): boolean {
  if (daysOverdue(dueOn, now) < 1) return false;
  return !lastRemindedAt || now.getTime() - lastRemindedAt.getTime() >= DAY_MS;
}
