/** Which of a channel's payment methods a placement uses (issue 20): every payment type is checked against the channel. */
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
