/**
 * Saved payment methods' demo data: customer@example.com has one saved test card, the
 * card sandbox's (and Stripe test mode's) well-known 'pm_card_visa', as the default.
 */
import { eq } from 'drizzle-orm';
import { paymentMethods, users } from '../schema/index.ts';
import type { SeedTx } from './util.ts';

export async function seedPaymentMethods(tx: SeedTx): Promise<number> {
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'customer@example.com'))
    .limit(1);
  if (!customer) return 0;
  await tx.insert(paymentMethods).values({
    id: 1,
    userId: customer.id,
    kind: 'card',
    provider: 'offline',
    providerRef: 'pm_card_visa',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    status: 'active',
    isDefault: true,
    createdBy: customer.id,
  });
  return 1;
}
