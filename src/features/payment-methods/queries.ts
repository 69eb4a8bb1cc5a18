/** Reads and small writes of saved payment methods (drizzle only). */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channelPaymentMethods, paymentMethods, persons, users } from '../../db/schema/index.ts';

export type MethodRow = typeof paymentMethods.$inferSelect;

/** A user's methods: the default first, then newest. */
export function listMethods(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.id));
}

export async function findMethod(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<MethodRow | null> {
  const q = db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** The provider customer this user already has for a card provider (Stripe 'cus_…'), to attach more cards to. */
export async function providerCustomerOf(db: DbOrTx, userId: number, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ c: paymentMethods.providerCustomer })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.provider, provider),
        isNotNull(paymentMethods.providerCustomer),
      ),
    )
    .orderBy(asc(paymentMethods.id))
    .limit(1);
  return row?.c ?? null;
}

export async function hasDefault(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  return !!row;
}

/** Make `id` the user's only default (clear first: the partial unique index allows one). */
export async function makeDefault(db: DbOrTx, userId: number, id: number) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  await db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
}

/** The newest method that can pay (a card, or a verified bank account), to inherit the default. */
export async function newestUsable(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), inArray(paymentMethods.status, ['active', 'verified'])))
    .orderBy(desc(paymentMethods.id))
    .limit(1);
  return row?.id ?? null;
}

/** Does the channel take this kind of payment ('card' | 'bank')? */
export async function channelTakes(db: DbOrTx, channelId: number, method: 'card' | 'bank' | 'check'): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(channelPaymentMethods)
    .where(
      and(
        eq(channelPaymentMethods.channelId, channelId),
        eq(channelPaymentMethods.method, method),
        eq(channelPaymentMethods.enabled, true),
      ),
    )
    .limit(1);
  return !!row;
}

/** The person record of a user (the back office's customer page is keyed by person). */
export async function personIdOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: persons.id }).from(persons).where(eq(persons.userId, userId)).limit(1);
  return row?.id ?? null;
}
