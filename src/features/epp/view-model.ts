/** EPP answers and island props: the service-data JSON (spec §3 + contract extras) and the islands' labels. */
import { planJson, type EppPlanJson } from '../../domain/epp.ts';
import type { EppLabels } from '../../domain/epp-props.ts';
import { fromCents } from '../../domain/money.ts';
import type { EppQuote } from './service.ts';
import type { CatalogNames } from '../../domain/catalog-text.ts';

export type ServiceDataJson = ReturnType<typeof serviceDataJson>;

/** GET /{locale}/epp/service-data: terms (the chosen plan, spec §3 fields + downPayment, total, schedule), both plans, rules, translations. */
/** `names` gives the EPP promotion's name in the visitor's language (catalogue text, English fallback). */
export function serviceDataJson(q: EppQuote, translations: EppLabels, names?: Pick<CatalogNames, 'financing'>) {
  const promoName = (p: { id: number; name: string }) => (names ? names.financing(p.id, p.name) : p.name);
  const standard = planJson('standard', translations.standard, q.standard);
  const promo: EppPlanJson | null = q.promo ? planJson('promo', promoName(q.promo.promo), q.promo.plan) : null;
  const chosen = q.chosen === 'promo' && promo ? promo : standard;
  const feePercent = q.chosen === 'promo' && q.promo ? q.promo.promo.feePercent : q.rules.feePercent;
  const item = (i: EppQuote['items'][number]) => ({
    id: i.id,
    product_id: i.productId,
    title: i.title,
    amount: fromCents(i.amountCents),
    epp_promo: i.promo
      ? {
          id: i.promo.id,
          code: i.promo.code,
          name: promoName(i.promo),
          months: i.promo.months,
          interest_rate: i.promo.ratePercent,
          fee_percent: i.promo.feePercent,
        }
      : null,
  });
  return {
    terms: {
      ...chosen,
      plan: chosen.kind,
      eppFeePercent: feePercent,
      hasPromos: q.hasPromos,
      customEppFee: q.customFee,
      eligibleItems: q.items.filter((i) => i.eligible).map(item),
      ineligibleItems: q.items.filter((i) => !i.eligible).map(item),
      price: fromCents(q.baseCents),
    },
    plans: { standard, promo },
    rules: {
      percent_down: q.rules.percentDown,
      months: q.rules.months,
      default_percent_down: q.rules.defaultPercentDown,
      default_months: q.rules.defaultMonths,
      fee_percent: q.rules.feePercent,
      interest_rate: q.rules.ratePercent,
    },
    admin: q.admin,
    currency: q.currency,
    source: q.source,
    translations,
  };
}
