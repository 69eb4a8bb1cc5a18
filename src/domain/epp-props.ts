/** The EPP islands' props and the service-data reply they read (built by src/domain/epp-labels.ts and src/features/epp/view-model.ts). */
import type { EppPlanJson } from './epp.ts';

export type EppLabels = Record<
  | 'title'
  | 'intro'
  | 'percentDown'
  | 'percentDownAdmin'
  | 'months'
  | 'monthsAdmin'
  | 'percentOption'
  | 'monthsOption'
  | 'fee'
  | 'feeAdmin'
  | 'standard'
  | 'promo'
  | 'promoUnavailable'
  | 'price'
  | 'downPayment'
  | 'amountFinanced'
  | 'financeCharge'
  | 'financeChargeHint'
  | 'apr'
  | 'aprHint'
  | 'aprBadge'
  | 'totalOfPayments'
  | 'total'
  | 'monthly'
  | 'summary'
  | 'schedule'
  | 'scheduleFor'
  | 'due'
  | 'payment'
  | 'number'
  | 'loading'
  | 'unavailable'
  | 'notFinanced'
  | 'showCalculator'
  | 'hideCalculator'
  | 'demo'
  | 'pay'
  | 'payHint'
  | 'choosePlan'
  | 'chargedToday'
  | 'scheduleShow'
  | 'scheduleHide',
  string
>;

/** What the figures are about: an order (cart or checkout), a product, or a demo total. */
/** A product's source may name its configuration ("choiceId:quantity,…"): the product page's configurator's. */
export type EppSource =
  | { orderId: number; subtotalOnly?: boolean }
  | { productId: number; selections?: string }
  | { demoTotal: string };

export type EppIslandProps = {
  locale: string;
  currency: string;
  serviceUrl: string;
  source: EppSource;
  /** 'preview': one line and a button that opens the calculator; 'calculator': open from the start. */
  mode: 'preview' | 'calculator';
  debounceMs: number;
  labels: EppLabels;
};

export type EppItemJson = {
  id: number;
  product_id: number | null;
  title: string;
  amount: string;
  epp_promo: {
    id: number;
    code: string;
    name: string;
    months: number;
    interest_rate: string;
    fee_percent: string;
  } | null;
};

export type EppServiceData = {
  terms: EppPlanJson & {
    plan: 'standard' | 'promo';
    eppFeePercent: string;
    hasPromos: boolean;
    customEppFee: boolean;
    eligibleItems: EppItemJson[];
    ineligibleItems: EppItemJson[];
    price: string;
  };
  plans: { standard: EppPlanJson; promo: EppPlanJson | null };
  rules: {
    percent_down: number[];
    months: number[];
    default_percent_down: number;
    default_months: number;
    fee_percent: string;
    interest_rate: string;
  };
  admin: boolean;
  currency: string;
  source: 'order' | 'product' | 'demo';
  translations: EppLabels;
};
