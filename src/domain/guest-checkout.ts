/**
 * Guest checkout: what a buyer without an account may choose. Shared by the server
 * (customer info and place order refuse the rest) and the checkout island (which does not offer it).
 *
 * A guest pays in full at once, with a new card or by check. Everything that lives on past the
 * order, or that an account vouches for, needs an account:
 * - a saved card or bank account (kept on the account; a bank account is verified by deposits first),
 * - pay on terms (an organisation's invoice) and buying for an organisation,
 * - the Extended Payment Program (instalments billed to the account for months),
 * - tax exemption (a declaration signed by a known buyer, kept for audit with their account).
 */
import { PAYMENT_TYPES } from './constants.ts';

export type GuestChoice =
  | 'card'
  | 'check'
  | 'saved_method'
  | 'bank'
  | 'invoice'
  | 'epp'
  | 'tax_exempt'
  | 'organisation';

/** The choices a guest may make; everything else needs an account. */
export const GUEST_CHOICES: readonly GuestChoice[] = ['card', 'check'];

export const GUEST_NEEDS_ACCOUNT = 'Create an account or sign in to use this.';

export function guestMay(choice: GuestChoice): boolean {
  return GUEST_CHOICES.includes(choice);
}

/**
 * The choices one checkout request makes (customer info or place order), for guestRefusal.
 * `paymentType` is the spec's payment type (1 card, 2 check, 3 bank, 4 invoice).
 */
export type GuestRequest = {
  paymentType?: number;
  savedMethodId?: number | null;
  epp?: boolean;
  taxExempt?: boolean;
  accountType?: 'personal' | 'organization';
};

/** The first choice of the request a guest may not make, with the field it belongs to; null when all are allowed. */
export function guestRefusal(r: GuestRequest): { choice: GuestChoice; field: string } | null {
  const made: { choice: GuestChoice; field: string; when: boolean }[] = [
    { choice: 'tax_exempt', field: 'tax-exempt', when: !!r.taxExempt },
    { choice: 'organisation', field: 'accountType', when: r.accountType === 'organization' },
    { choice: 'saved_method', field: 'saved_method_id', when: r.savedMethodId != null },
    { choice: 'bank', field: 'payment_type', when: r.paymentType === PAYMENT_TYPES.BANK },
    { choice: 'invoice', field: 'payment_type', when: r.paymentType === PAYMENT_TYPES.INVOICE },
    { choice: 'card', field: 'payment_type', when: r.paymentType === PAYMENT_TYPES.CARD },
    { choice: 'check', field: 'payment_type', when: r.paymentType === PAYMENT_TYPES.CHECK },
    { choice: 'epp', field: 'epp', when: !!r.epp },
  ];
  const refused = made.find((m) => m.when && !guestMay(m.choice));
  return refused ? { choice: refused.choice, field: refused.field } : null;
}

/** How long the mailed "create an account" link works. */
export const GUEST_ACCOUNT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
