/** Pay on terms (issue 25): the "Invoice (net N)" choice checkout offers a member of an organisation with terms. */
import type { DbOrTx } from '../../db/client.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import type { CheckoutMethod } from '../../domain/checkout-props.ts';
import { isNetTermsDays, type NetTermsDays } from '../../domain/terms.ts';
import { termsOfUser } from './queries.ts';

/** The buyer's organisation's net days, or null (no organisation, or no terms). Placement decides again. */
export async function invoiceOffer(db: DbOrTx, userId: number): Promise<{ netDays: NetTermsDays } | null> {
  const org = await termsOfUser(db, userId);
  return org && isNetTermsDays(org.netTermsDays) ? { netDays: org.netTermsDays } : null;
}

export const invoiceMethod = (offer: { netDays: number }, t: (key: 'checkout.invoice', vars: { days: number }) => string): CheckoutMethod => ({
  method: 'invoice', label: t('checkout.invoice', { days: offer.netDays }), paymentType: PAYMENT_TYPES.INVOICE, netDays: offer.netDays,
});
