/**
 * Paying an order with a saved method, checked by checkout's reserve step inside its
 * transaction (the debit itself runs outside any transaction: checkout/place-order.ts). A method id that is not the buyer's is 404 (the same answer as one that does not
 * exist); a bank account pays only once verified, and only in a store that takes bank payments.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import { channelTakes, type MethodRow } from './queries.ts';
import { MESSAGES } from './service.ts';

/** The saved method an order names (`saved_method_id`), checked for this buyer, payment type and store; null when none is named. */
export async function savedMethodForOrder(
  tx: DbOrTx,
  args: { userId: number; channelId: number; paymentType: number; savedMethodId?: number },
): Promise<MethodRow | null> {
  if (args.savedMethodId === undefined) return null;
  const [m] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, args.savedMethodId), eq(paymentMethods.userId, args.userId)))
    .limit(1);
  if (!m) throw notFound(MESSAGES.notFound);
  const kind = args.paymentType === PAYMENT_TYPES.BANK ? 'bank' : 'card';
  if (m.kind !== kind)
    throw invalid('This saved payment method does not match the payment type.', {
      saved_method_id: 'Choose a saved method of this type.',
    });
  if (m.kind === 'bank') {
    if (m.status === 'locked') throw new AppError(409, 'locked', MESSAGES.locked, { saved_method_id: MESSAGES.locked });
    if (m.status !== 'verified')
      throw new AppError(409, 'not_verified', MESSAGES.notVerified, { saved_method_id: MESSAGES.notVerified });
    if (!(await channelTakes(tx, args.channelId, 'bank')))
      throw invalid('This store does not take bank payments.', {
        payment_type: 'This store does not take bank payments.',
      });
  }
  return m;
}

/** What the order and its payment row record of a saved bank account (never the provider's reference). */
export const bankLabel = (m: MethodRow) => `bank:${m.id}`;
