/** The buyer's EPP choice and the lists a non-admin must choose within (spec §4). */
import { normaliseChoice } from '../../src/domain/epp.ts';
import type { EppServiceData } from '../../src/domain/epp-props.ts';

export type EppSelection = {
  percentDown: number | null;
  months: number | null;
  eppFee: string | null;
  plan: 'standard' | 'promo';
};

export type EppRulesJson = EppServiceData['rules'];

const rulesOf = (r: EppRulesJson) => ({
  percentDown: r.percent_down,
  months: r.months,
  defaultPercentDown: r.default_percent_down,
  defaultMonths: r.default_months,
  feePercent: r.fee_percent,
  ratePercent: r.interest_rate,
});

/** A non-admin selection inside the lists (spec §4): anything else becomes the default. */
export function withinLists(s: EppSelection, rules: EppRulesJson | null, admin: boolean): EppSelection {
  if (!rules || admin) return s;
  const n = normaliseChoice(
    { percentDown: s.percentDown ?? undefined, months: s.months ?? undefined },
    rulesOf(rules),
    false,
  );
  return n.percentDown === s.percentDown && n.months === s.months
    ? s
    : { ...s, percentDown: n.percentDown, months: n.months };
}

/** The choice that follows the server's terms: the standard plan's percent down and months. */
export function termsOf(reply: EppServiceData, plan: EppSelection['plan']): EppSelection {
  const std = reply.plans.standard;
  return {
    percentDown: std.downPaymentPercent,
    months: std.installmentCount,
    eppFee: reply.terms.customEppFee ? reply.terms.eppFee : null,
    plan: reply.plans.promo ? plan : 'standard',
  };
}
