/**
 * The Extended Payment Program (EPP): a down payment now plus monthly instalments. Pure rules
 * shared by the server (GET /{locale}/epp/service-data, order placement) and the EPP islands.
 *
 * Vocabulary (US Regulation Z, 12 CFR 1026.18) and how each figure is made, in integer cents:
 *   downPayment      ineligible items in full + percentDown % of the eligible rest (rounded once)
 *   amountFinanced   total − downPayment (the credit provided)
 *   eppFee           feePercent % of the amount financed (rounded once), or an EPP admin's custom fee
 *   interest         the plan's yearly interest rate (the note rate) on the amount financed,
 *                    amortised monthly: the level payment is rounded to the cent once, interest is
 *                    n × payment − amount financed
 *   financeCharge    interest + eppFee (the fee is imposed as an incident to the credit, so it is
 *                    a finance charge, not part of the amount financed)
 *   totalOfPayments  amountFinanced + financeCharge, split over the months by largest remainder
 *                    (src/domain/prorate.ts), so the schedule adds up to it to the cent
 *   total            downPayment + totalOfPayments (the contract's "financed total, fees included")
 *   apr              the Annual Percentage Rate: the yearly rate (monthly unit period × 12) at which
 *                    the schedule's payments, discounted to the start, equal the amount financed
 *                    (the actuarial method of Regulation Z Appendix J). It is higher than the
 *                    note rate whenever a fee is charged; a 0 % plan without fee has an APR of 0.
 *
 * The standard plan uses the store's rules (epp_rules: apr_percent is its note rate). A
 * promotional plan (epp_promotions, e.g. 0 % over 12 months) is offered beside it when every
 * eligible item carries that promotion.
 */
import { convert, fromCents, round2, sumCents, toCents } from './money.ts';
import { prorate } from './prorate.ts';
import type { FieldErrors } from './errors.ts';
import { PAYMENT_TYPES } from './constants.ts';

/**
 * Why: the down payment is charged to a card, a new one or one the buyer saved (a saved
 * card was never offered the program); a check, a bank account or an invoice pays the order in full.
 * The server refuses EPP with any other payment type, and checkout offers EPP exactly when this holds.
 */
export const eppPaysWith = (paymentType: number): boolean => paymentType === PAYMENT_TYPES.CARD;

/** The rules in force (epp_rules), as the server sends them and the islands read them. */
export type EppRules = {
  percentDown: number[];
  months: number[];
  defaultPercentDown: number;
  defaultMonths: number;
  /** Fee as a percent of the amount financed, 2 decimals ('3.50'). */
  feePercent: string;
  /** The standard plan's yearly interest (note) rate in percent, 2 decimals ('9.90'). */
  ratePercent: string;
};

/** A promotional plan (epp_promotions). */
export type EppPromo = {
  id: number;
  code: string;
  name: string;
  months: number;
  ratePercent: string;
  feePercent: string;
};

/** One item of what is financed: an order line or a product. */
export type EppItem = {
  id: number;
  productId: number | null;
  title: string;
  amountCents: number;
  eligible: boolean;
  promo: EppPromo | null;
};

/** What an EPP admin may choose beyond the lists (spec §6); anyone else must pick from the lists (§5). */
export const EPP_ADMIN_LIMITS = { percentDown: { min: 1, max: 99 }, months: { min: 1, max: 120 } } as const;

export type EppChoice = { percentDown: number; months: number };

export const EPP_MESSAGES = {
  percentDown: (list: readonly number[]) => `Choose a down payment of ${list.join(', ')} percent.`,
  months: (list: readonly number[]) => `Choose a term of ${list.join(', ')} months.`,
  adminPercentDown: `The down payment must be a whole percent from ${EPP_ADMIN_LIMITS.percentDown.min} to ${EPP_ADMIN_LIMITS.percentDown.max}.`,
  adminMonths: `The term must be ${EPP_ADMIN_LIMITS.months.min} to ${EPP_ADMIN_LIMITS.months.max} months.`,
  eppFee: 'Only an EPP administrator may set the EPP fee.',
} as const;

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Why: the server refuses, and the islands never send, a non-admin choice outside the lists; an
 * EPP admin may pick any whole value within EPP_ADMIN_LIMITS. Returns the field errors (empty = ok).
 */
export function checkChoice(
  choice: Partial<EppChoice>,
  rules: Pick<EppRules, 'percentDown' | 'months'>,
  admin: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const { percentDown: p, months: m } = choice;
  if (p !== undefined) {
    if (admin) {
      if (!isWhole(p) || p < EPP_ADMIN_LIMITS.percentDown.min || p > EPP_ADMIN_LIMITS.percentDown.max)
        errors.percentDown = EPP_MESSAGES.adminPercentDown;
    } else if (!rules.percentDown.includes(p as number))
      errors.percentDown = EPP_MESSAGES.percentDown(rules.percentDown);
  }
  if (m !== undefined) {
    if (admin) {
      if (!isWhole(m) || m < EPP_ADMIN_LIMITS.months.min || m > EPP_ADMIN_LIMITS.months.max)
        errors.months = EPP_MESSAGES.adminMonths;
    } else if (!rules.months.includes(m as number)) errors.months = EPP_MESSAGES.months(rules.months);
  }
  return errors;
}

/**
 * Why (spec §4): a non-admin selection outside the allowed lists resets to the defaults, field by
 * field; an admin's stays as typed when it is within the limits. Missing values take the defaults.
 */
export function normaliseChoice(choice: Partial<EppChoice>, rules: EppRules, admin: boolean): EppChoice {
  const errors = checkChoice(choice, rules, admin);
  return {
    percentDown: choice.percentDown === undefined || errors.percentDown ? rules.defaultPercentDown : choice.percentDown,
    months: choice.months === undefined || errors.months ? rules.defaultMonths : choice.months,
  };
}

/** Why: the refresh cycle compares what is selected with what was last requested (spec §4). */
export function selectionHash(s: {
  percentDown: number;
  months: number;
  eppFee?: string | null;
  context?: string;
}): string {
  return `${s.context ?? ''}|${s.percentDown}|${s.months}|${s.eppFee ?? ''}`;
}

/** Why: instalments fall on the same day each month; a short month takes its last day (Jan 31 → Feb 28). */
export function addMonths(isoDate: string, n: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError(`Not a date: ${isoDate}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + n;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A percent string ('3.50') as the rate convert() multiplies by (0.035), exactly. */
const percentRate = (p: string | number) => `${p}e-2`;

/**
 * Why: the APR disclosed is the actuarial rate of the actual schedule (payments k = 1..n months
 * after the start), found by bisection on the monthly rate; percent, 2 decimals. 0 when the
 * payments do not exceed the amount financed.
 */
export function aprOf(amountFinancedCents: number, paymentsCents: readonly number[]): number {
  const paid = sumCents(paymentsCents);
  if (amountFinancedCents <= 0 || paid <= amountFinancedCents) return 0;
  const pv = (i: number) => paymentsCents.reduce((s, a, k) => s + a / (1 + i) ** (k + 1), 0);
  let lo = 0;
  let hi = 1;
  while (pv(hi) > amountFinancedCents && hi < 1e6) hi *= 2;
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (pv(mid) > amountFinancedCents) lo = mid;
    else hi = mid;
  }
  return round2(((lo + hi) / 2) * 12 * 100);
}

export type EppPlanInput = {
  totalCents: number;
  /** Part of the total that is not financed (ineligible items): paid in full with the down payment. */
  ineligibleCents?: number;
  percentDown: number;
  months: number;
  ratePercent: string;
  feePercent: string;
  /** An EPP admin's fee in cents, instead of feePercent of the amount financed. */
  customFeeCents?: number | null;
  /** The day the plan starts (YYYY-MM-DD); instalment k falls k months later. */
  start: string;
};

export type EppPlan = {
  percentDown: number;
  months: number;
  downPaymentCents: number;
  amountFinancedCents: number;
  feeCents: number;
  /** The fee as a percent of the amount financed, 2 decimals. */
  feePercentCalculated: number;
  interestCents: number;
  financeChargeCents: number;
  totalOfPaymentsCents: number;
  /** downPayment + totalOfPayments. */
  totalCents: number;
  ratePercent: number;
  apr: number;
  schedule: { date: string; amountCents: number }[];
};

/** Why: every EPP figure from one set of inputs, in cents; downPayment + Σ schedule = total exactly. */
export function computePlan(input: EppPlanInput): EppPlan {
  const { totalCents, percentDown, months, start } = input;
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Total must be non-negative cents: ${totalCents}`);
  if (!isWhole(months) || months < 1) throw new RangeError(`Months must be a positive whole number: ${months}`);
  if (!(percentDown >= 0 && percentDown <= 100)) throw new RangeError(`Percent down out of range: ${percentDown}`);
  const ineligible = Math.min(totalCents, Math.max(0, input.ineligibleCents ?? 0));
  const eligible = totalCents - ineligible;
  const downPaymentCents = ineligible + convert(eligible, percentRate(percentDown));
  const amountFinancedCents = totalCents - downPaymentCents;
  const feeCents = input.customFeeCents ?? convert(amountFinancedCents, percentRate(input.feePercent));
  const rate = Number(input.ratePercent);
  let interestCents = 0;
  if (rate > 0 && amountFinancedCents > 0) {
    const i = rate / 1200;
    const level = (amountFinancedCents * i) / (1 - (1 + i) ** -months);
    interestCents = Math.max(0, toCents(level / 100) * months - amountFinancedCents);
  }
  const financeChargeCents = interestCents + feeCents;
  const totalOfPaymentsCents = amountFinancedCents + financeChargeCents;
  const amounts = prorate(new Array<number>(months).fill(1), totalOfPaymentsCents);
  return {
    percentDown,
    months,
    downPaymentCents,
    amountFinancedCents,
    feeCents,
    feePercentCalculated:
      amountFinancedCents > 0 ? round2((feeCents * 100) / amountFinancedCents) : Number(input.feePercent),
    interestCents,
    financeChargeCents,
    totalOfPaymentsCents,
    totalCents: downPaymentCents + totalOfPaymentsCents,
    ratePercent: rate,
    apr: aprOf(amountFinancedCents, amounts),
    schedule: amounts.map((amountCents, k) => ({ date: addMonths(start, k + 1), amountCents })),
  };
}

/** Why: the promotional plan applies only when every eligible item carries the same promotion. */
export function promoFor(items: readonly EppItem[]): EppPromo | null {
  const eligible = items.filter((i) => i.eligible);
  if (!eligible.length) return null;
  const first = eligible[0].promo;
  if (!first) return null;
  return eligible.every((i) => i.promo?.id === first.id) ? first : null;
}

/** The ineligible items' part of the total: paid with the down payment, never financed. */
export function ineligibleCents(items: readonly EppItem[], totalCents: number): number {
  return Math.min(totalCents, sumCents(items.filter((i) => !i.eligible).map((i) => Math.max(0, i.amountCents))));
}

/** A plan as JSON (decimal strings for money), the shape the service and the islands share. */
export type EppPlanJson = {
  kind: 'standard' | 'promo';
  name: string;
  downPaymentPercent: number;
  installmentCount: number;
  downPayment: string;
  amountFinanced: string;
  eppFee: string;
  eppFeePercentCalculated: string;
  interest: string;
  financeCharge: string;
  totalOfPayments: string;
  total: string;
  interestRate: string;
  apr: string;
  monthlyPayment: string;
  schedule: { date: string; amount: string }[];
};

export function planJson(kind: EppPlanJson['kind'], name: string, p: EppPlan): EppPlanJson {
  return {
    kind,
    name,
    downPaymentPercent: p.percentDown,
    installmentCount: p.months,
    downPayment: fromCents(p.downPaymentCents),
    amountFinanced: fromCents(p.amountFinancedCents),
    eppFee: fromCents(p.feeCents),
    eppFeePercentCalculated: p.feePercentCalculated.toFixed(2),
    interest: fromCents(p.interestCents),
    financeCharge: fromCents(p.financeChargeCents),
    totalOfPayments: fromCents(p.totalOfPaymentsCents),
    total: fromCents(p.totalCents),
    interestRate: p.ratePercent.toFixed(2),
    apr: p.apr.toFixed(2),
    // The largest instalment (the first ones carry the leftover cents).
    monthlyPayment: fromCents(p.schedule[0]?.amountCents ?? 0),
    schedule: p.schedule.map((s) => ({ date: s.date, amount: fromCents(s.amountCents) })),
  };
}
