/**
 * Pay on terms: the server's decisions. Checkout asks `invoiceTerms` twice for an order
 * paid by invoice: when it reserves (a refusal writes nothing) and again when it confirms, with the
 * organisation's row locked, so two members placing at once cannot both pass the credit limit.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { termsAvailable, TERMS_MESSAGES, type NetTermsDays } from '../../domain/terms.ts';
import { audit } from '../audit/index.ts';
import { openBalanceCents, termsOfUser, writeOrgTerms } from './queries.ts';
import type { TermsForm } from './schemas.ts';

/** May this buyer pay this order by invoice? The net days, or a 422 naming why not. */
export async function invoiceTerms(
  tx: DbOrTx,
  args: { userId: number; currency: string; totalCents: number; orderId: number },
): Promise<{ netDays: NetTermsDays; organisationId: number }> {
  const org = await termsOfUser(tx, args.userId, { lock: true });
  const open = org ? await openBalanceCents(tx, org.id, args.currency, args.orderId) : 0;
  const d = termsAvailable(
    org ? { netTermsDays: org.netTermsDays, creditLimitCents: toCents(org.creditLimit) } : null,
    open,
    args.totalCents,
  );
  if (!d.ok) {
    const message = d.reason === 'no_terms' ? TERMS_MESSAGES.noTerms : TERMS_MESSAGES.overLimit;
    throw new AppError(422, d.reason === 'no_terms' ? 'terms_unavailable' : 'credit_limit', message, {
      payment_type: message,
    });
  }
  return { netDays: d.netDays, organisationId: org!.id };
}

/** Staff give (or take away) an organisation's terms and credit limit; audited in the same transaction. */
export async function setOrganisationTerms(db: Db, organisationId: number, form: TermsForm, staffId: number) {
  return db.transaction(async (tx) => {
    const creditLimit = fromCents(form.creditLimitCents);
    const before = await writeOrgTerms(tx, organisationId, { netTermsDays: form.netTermsDays, creditLimit });
    if (!before) throw notFound('Organisation not found.');
    const words = (days: number | null, limit: string) => `${days ? `net ${days}` : 'no terms'}, credit limit ${limit}`;
    const summary = `Payment terms of ${before.name}: ${words(before.netTermsDays, before.creditLimit)} → ${words(form.netTermsDays, creditLimit)}`;
    await audit(tx, {
      action: 'organisation.terms',
      entity: 'organisation',
      entityId: organisationId,
      userId: staffId,
      message: summary,
      data: {
        before: { netTermsDays: before.netTermsDays, creditLimit: before.creditLimit },
        after: { netTermsDays: form.netTermsDays, creditLimit },
      },
    });
  });
}
