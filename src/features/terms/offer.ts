/** Pay on terms: the "Invoice (net N)" choice checkout offers a member of an organisation with terms. */
import type { DbOrTx } from '../../db/client.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import type { CheckoutMethod } from '../../domain/checkout-props.ts';
import { isNetTermsDays, type NetTermsDays } from '../../domain/terms.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { openBalanceCents, termsOfUser } from './queries.ts';

/**
 * The buyer's organisation's net days and what is left of its credit limit in the store's currency,
 * or null (no organisation, or no terms). Shown to help the buyer; placement decides again.
 */
export async function invoiceOffer(db: DbOrTx, userId: number, currency: string): Promise<InvoiceOffer | null> {
  const org = await termsOfUser(db, userId);
  if (!org || !isNetTermsDays(org.netTermsDays)) return null;
  const open = await openBalanceCents(db, org.id, currency);
  return { netDays: org.netTermsDays, availableCents: Math.max(0, toCents(org.creditLimit) - open) };
}
export type InvoiceOffer = { netDays: NetTermsDays; availableCents: number };

export const invoiceMethod = (
  offer: InvoiceOffer,
  t: (key: 'checkout.invoice', vars: { days: number }) => string,
): CheckoutMethod => ({
  method: 'invoice',
  label: t('checkout.invoice', { days: offer.netDays }),
  paymentType: PAYMENT_TYPES.INVOICE,
  netDays: offer.netDays,
  available: fromCents(offer.availableCents),
});
