/** Which of a channel's payment methods a placement uses: every payment type is checked against the channel. */
import { PAYMENT_TYPES } from './constants.ts';

export type ChannelMethod = 'card' | 'check' | 'bank';

/** Card and saved card and the EPP down payment: 'card'; check: 'check'; bank account: 'bank'. */
export function channelMethodFor(paymentType: number): ChannelMethod | null {
  if (paymentType === PAYMENT_TYPES.CARD) return 'card';
  if (paymentType === PAYMENT_TYPES.CHECK) return 'check';
  if (paymentType === PAYMENT_TYPES.BANK) return 'bank';
  return null;
}

/** The message a refused method gets (the same words for a method the store never had and one it turned off). */
export const METHOD_NOT_OFFERED = 'This store does not take this payment method. Choose another.';

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/**
 * A card payment as a person names it: "Visa •••• 4242", never the processor's token
 * ('pm_demo_visa_4242', 'pm_offline_ok_visa_4242_12_2034_…'). `known` is the card the order
 * recorded at checkout, for a token that does not say which card it is. Null when nothing
 * tells the card (the caller shows the payment's number).
 */
export function cardLabel(methodId: string | null, known?: { brand?: unknown; last4?: unknown } | null): string | null {
  if (methodId?.includes('••••')) return methodId; // staff payments store the label itself
  const m = methodId
    ? /(?:^|_)(visa|mc|mastercard|amex|discover|jcb|diners|unionpay)(?:_(\d{4}))?(?:_|$)/i.exec(methodId)
    : null;
  const brand = m?.[1] ?? (typeof known?.brand === 'string' ? known.brand : '');
  const last4 = m?.[2] ?? (!m && typeof known?.last4 === 'string' ? known.last4 : '');
  if (!brand) return null;
  const name = CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
  return last4 ? `${name} •••• ${last4}` : name;
}

/** cardLabel for one of an order's payments: the order's `third_party_info.card` names a checkout token's card. */
export function orderCardLabel(thirdPartyInfo: unknown, methodId: string | null): string | null {
  const card = (thirdPartyInfo as { card?: { brand?: unknown; last4?: unknown } } | null)?.card;
  return cardLabel(methodId, card);
}

/** A saved payment method as the server sends it to the payment-methods island and scripts. */
export type MethodJson = {
  id: number;
  kind: 'card' | 'bank';
  brand: string;
  last4: string;
  exp: string | null;
  holder_name: string | null;
  account_type: string | null;
  status: string;
  is_default: boolean;
  usable: boolean;
  attempts_left: number | null;
};
