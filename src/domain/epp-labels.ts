/**
 * The EPP islands' labels and props: pure, so the cart and product pages (features below epp)
 * build them without importing the epp feature.
 */
import { DEFAULT_EPP_TEXT, EPP_DEBOUNCE_MS } from './constants.ts';
import type { EppIslandProps, EppLabels } from './epp-props.ts';

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
