/** EPP answers and island props: the service-data JSON (spec §3 + contract extras) and the islands' labels. */
import { DEFAULT_EPP_TEXT, EPP_DEBOUNCE_MS } from '../../domain/constants.ts';
import { planJson, type EppPlanJson } from '../../domain/epp.ts';
import type { EppLabels, EppIslandProps } from '../../domain/epp-props.ts';
import { fromCents } from '../../domain/money.ts';
import type { EppQuote } from './service.ts';
import type { CatalogNames } from '../../domain/catalog-text.ts';

type T = (key: string, vars?: Record<string, unknown>) => string;

const LABEL_KEYS = [
  'title',
  'intro',
  'percentDown',
  'percentDownAdmin',
  'months',
  'monthsAdmin',
  'percentOption',
  'monthsOption',
  'fee',
  'feeAdmin',
  'standard',
  'promo',
  'promoUnavailable',
  'price',
  'downPayment',
  'amountFinanced',
  'financeCharge',
  'financeChargeHint',
  'apr',
  'aprHint',
  'aprBadge',
  'totalOfPayments',
  'total',
  'monthly',
  'summary',
  'schedule',
  'scheduleFor',
  'due',
  'payment',
  'number',
  'loading',
  'unavailable',
  'notFinanced',
  'showCalculator',
  'hideCalculator',
  'demo',
  'pay',
  'payHint',
  'choosePlan',
  'chargedToday',
  'scheduleShow',
  'scheduleHide',
] as const;

/** Raw templates ({{…}} left for the island to fill), in the page's language. */
export function eppLabels(t: T): EppLabels {
  const out = Object.fromEntries(
    LABEL_KEYS.map((k) => [
      k,
      t(`epp.${k}`, {
        interpolation: { skipOnVariables: true },
        value: '{{value}}',
        count: '{{count}}',
        amount: '{{amount}}',
        months: '{{months}}',
        apr: '{{apr}}',
        down: '{{down}}',
        interest: '{{interest}}',
        fee: '{{fee}}',
        rate: '{{rate}}',
        items: '{{items}}',
        plan: '{{plan}}',
        monthly: '{{monthly}}',
      }),
    ]),
  ) as EppLabels;
  if (!out.title || out.title === 'epp.title') out.title = DEFAULT_EPP_TEXT;
  return out;
}

/** Props of the EPP islands: where to ask and what about; the figures always come from the server. */
export function eppIslandProps(args: {
  locale: string;
  currency: string;
  t: T;
  source: EppIslandProps['source'];
  mode?: EppIslandProps['mode'];
}): EppIslandProps {
  return {
    locale: args.locale,
    currency: args.currency,
    serviceUrl: `/${args.locale}/epp/service-data`,
    source: args.source,
    mode: args.mode ?? 'calculator',
    debounceMs: EPP_DEBOUNCE_MS,
    labels: eppLabels(args.t),
  };
}

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
