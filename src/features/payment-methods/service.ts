/**
 * Saved payment methods: who may act on whose methods, and the writes, each in one
 * transaction with its audit entry (payment_method.add | remove | default | verify).
 *
 * Object-level rules: a customer acts on their own methods only. Naming another user (or another
 * user's method) without customers.view answers 404 — a 403 would confirm it exists. Staff with
 * customers.view may look; changing needs customers.edit (403 without it).
 */
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../domain/errors.ts';
import { MICRO_DEPOSIT_MAX_TRIES } from '../../domain/constants.ts';
import type { MethodJson } from '../../domain/payments.ts';
import type { Db } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../../http/types.ts';
import { BankLinkError, type BankLinkProvider } from '../../providers/bank/types.ts';
import { PaymentError, type PaymentProvider } from '../../providers/payments/types.ts';
import { audit } from '../audit/index.ts';
import {
  findMethod,
  findUser,
  hasDefault,
  makeDefault,
  newestUsable,
  providerCustomerOf,
  type MethodRow,
} from './queries.ts';

export const VIEW_KEY = 'customers.view';
export const EDIT_KEY = 'customers.edit';

export const MESSAGES = {
  notFound: 'This payment method was not found.',
  locked: `This bank account is locked after ${MICRO_DEPOSIT_MAX_TRIES} wrong tries. Remove it and add it again, or call us.`,
  notVerified: 'Confirm the two deposits to this bank account before paying with it.',
  notBank: 'Only bank accounts are verified with deposits.',
  pending: 'The bank has not confirmed this account yet. Try again later.',
  notUsable: 'Confirm this bank account before making it the default.',
} as const;

export const wrongAmounts = (left: number) =>
  `Those amounts do not match the two deposits. ${left} ${left === 1 ? 'try' : 'tries'} left.`;

export type Owner = { id: number; email: string; firstName: string; lastName: string; self: boolean };

/** Whose methods the caller is acting on: themselves, or (staff) the user named. */
export async function resolveOwner(
  db: Db,
  viewer: CurrentUser | undefined,
  userId: number | undefined,
  write: boolean,
): Promise<Owner> {
  if (!viewer) throw unauthorized();
  if (userId === undefined || userId === viewer.id)
    return { id: viewer.id, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName, self: true };
  if (!viewer.permissions.has(VIEW_KEY)) throw notFound('This customer was not found.');
  const u = await findUser(db, userId);
  if (!u) throw notFound('This customer was not found.');
  if (write && !viewer.permissions.has(EDIT_KEY)) throw forbidden();
  return { ...u, self: false };
}

/** A method the caller may see (write: change): someone else's is 404 unless staff. */
export async function methodFor(
  db: Db,
  viewer: CurrentUser | undefined,
  id: number,
  write: boolean,
): Promise<MethodRow> {
  if (!viewer) throw unauthorized();
  const m = await findMethod(db, id);
  if (!m) throw notFound(MESSAGES.notFound);
  if (m.userId !== viewer.id) {
    if (!viewer.permissions.has(VIEW_KEY)) throw notFound(MESSAGES.notFound);
    if (write && !viewer.permissions.has(EDIT_KEY)) throw forbidden();
  }
  return m;
}

export const usable = (m: Pick<MethodRow, 'kind' | 'status'>) =>
  m.kind === 'card' ? m.status === 'active' : m.status === 'verified';

/** What a browser may see of a method: never the provider reference. */
export function methodJson(m: MethodRow): MethodJson {
  return {
    id: m.id,
    kind: m.kind,
    brand: m.brand,
    last4: m.last4,
    exp: m.expMonth && m.expYear ? `${String(m.expMonth).padStart(2, '0')}/${m.expYear}` : null,
    holder_name: m.holderName,
    account_type: m.accountType,
    status: m.status,
    is_default: m.isDefault,
    usable: usable(m),
    attempts_left: m.kind === 'bank' ? Math.max(0, MICRO_DEPOSIT_MAX_TRIES - m.verifyAttempts) : null,
  };
}
export type { MethodJson };

const label = (m: Pick<MethodRow, 'kind' | 'brand' | 'last4'>) =>
  `${m.kind === 'card' ? 'card' : 'bank account'} ${m.brand} ending ${m.last4}`;

/** Save a card from the provider's one-time token (the number went to the provider, never to us). */
export async function addCard(
  db: Db,
  cards: PaymentProvider,
  owner: Owner,
  actorId: number,
  token: string,
): Promise<MethodRow> {
  let saved;
  try {
    saved = await cards.saveCard(token, {
      ref: await providerCustomerOf(db, owner.id, cards.kind),
      email: owner.email,
      userId: owner.id,
    });
  } catch (e) {
    if (e instanceof PaymentError)
      throw new AppError(e.code === 'processing_error' ? 502 : 400, e.code, e.message, { card: e.message });
    throw e;
  }
  if (!/^\d{4}$/.test(saved.last4))
    throw invalid('This card could not be saved.', { card: 'This card could not be saved.' });
  return db.transaction(async (tx) => {
    const first = !(await hasDefault(tx, owner.id));
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        userId: owner.id,
        kind: 'card',
        provider: cards.kind,
        providerRef: saved.ref,
        providerCustomer: saved.customerRef,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
        status: 'active',
        isDefault: first,
        createdBy: actorId,
      })
      .returning();
    await audit(tx, {
      action: 'payment_method.add',
      entity: 'payment_method',
      entityId: row.id,
      userId: actorId,
      message: `Saved ${label(row)} for user ${owner.id}`,
      data: { ownerId: owner.id, kind: 'card', brand: row.brand, last4: row.last4 },
    });
    return row;
  });
}

/** Save a bank account from the bank link's public token; it waits for its two deposits to be confirmed. */
export async function addBank(
  db: Db,
  bank: BankLinkProvider,
  owner: Owner,
  actorId: number,
  publicToken: string,
): Promise<MethodRow> {
  let acct;
  try {
    acct = await bank.exchange(publicToken, String(owner.id));
  } catch (e) {
    if (e instanceof BankLinkError)
      throw new AppError(e.code === 'provider_error' ? 502 : 400, e.code, e.message, { public_token: e.message });
    throw e;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        userId: owner.id,
        kind: 'bank',
        provider: bank.kind,
        providerRef: acct.ref,
        brand: acct.bankName,
        last4: acct.last4,
        holderName: acct.holderName || null,
        accountType: acct.accountType,
        status: 'pending',
        createdBy: actorId,
      })
      .returning();
    await audit(tx, {
      action: 'payment_method.add',
      entity: 'payment_method',
      entityId: row.id,
      userId: actorId,
      message: `Added ${label(row)} for user ${owner.id} (awaiting deposits)`,
      data: { ownerId: owner.id, kind: 'bank', last4: row.last4 },
    });
    return row;
  });
}

export async function setDefault(db: Db, m: MethodRow, actorId: number): Promise<MethodRow> {
  if (!usable(m)) throw conflict(m.status === 'locked' ? MESSAGES.locked : MESSAGES.notUsable);
  return db.transaction(async (tx) => {
    await makeDefault(tx, m.userId, m.id);
    await audit(tx, {
      action: 'payment_method.default',
      entity: 'payment_method',
      entityId: m.id,
      userId: actorId,
      message: `Made ${label(m)} the default for user ${m.userId}`,
      data: { ownerId: m.userId },
    });
    return { ...m, isDefault: true };
  });
}

export async function removeMethod(db: Db, m: MethodRow, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(paymentMethods)
      .where(eq(paymentMethods.id, m.id))
      .returning({ id: paymentMethods.id });
    if (!gone.length) throw notFound(MESSAGES.notFound);
    if (m.isDefault) {
      const next = await newestUsable(tx, m.userId);
      if (next) await makeDefault(tx, m.userId, next);
    }
    await audit(tx, {
      action: 'payment_method.remove',
      entity: 'payment_method',
      entityId: m.id,
      userId: actorId,
      message: `Removed ${label(m)} of user ${m.userId}`,
      data: { ownerId: m.userId, kind: m.kind, last4: m.last4 },
    });
  });
}

/**
 * Confirm the two micro-deposits. A wrong pair uses one of MICRO_DEPOSIT_MAX_TRIES tries; the last
 * wrong one locks the account. The row is locked while the outcome is written, so concurrent tries
 * never get more than their share.
 */
export async function verifyBank(
  db: Db,
  bank: BankLinkProvider,
  m: MethodRow,
  actorId: number,
  amounts: [number, number],
): Promise<MethodRow> {
  if (m.kind !== 'bank') throw invalid(MESSAGES.notBank);
  if (m.status === 'verified') return m;
  if (m.status === 'locked') throw new AppError(409, 'locked', MESSAGES.locked);
  let outcome;
  try {
    outcome = await bank.verify(m.providerRef, amounts);
  } catch (e) {
    if (e instanceof BankLinkError) throw new AppError(e.code === 'provider_error' ? 502 : 409, e.code, e.message);
    throw e;
  }
  if (outcome === 'pending') throw new AppError(409, 'pending', MESSAGES.pending);
  const result = await db.transaction(async (tx) => {
    const row = await findMethod(tx, m.id, { lock: true });
    if (!row) throw notFound(MESSAGES.notFound);
    if (row.status === 'locked') return { row, error: new AppError(409, 'locked', MESSAGES.locked) };
    if (row.status === 'verified') return { row };
    if (outcome === 'verified') {
      const first = !(await hasDefault(tx, row.userId));
      const [v] = await tx
        .update(paymentMethods)
        .set({ status: 'verified', verifiedAt: new Date(), isDefault: first })
        .where(eq(paymentMethods.id, row.id))
        .returning();
      await audit(tx, {
        action: 'payment_method.verify',
        entity: 'payment_method',
        entityId: row.id,
        userId: actorId,
        message: `Verified ${label(row)} of user ${row.userId}`,
        data: { ownerId: row.userId, outcome: 'verified' },
      });
      return { row: v };
    }
    const attempts = row.verifyAttempts + 1;
    const locked = attempts >= MICRO_DEPOSIT_MAX_TRIES;
    const [w] = await tx
      .update(paymentMethods)
      .set({ verifyAttempts: attempts, status: locked ? 'locked' : 'pending' })
      .where(and(eq(paymentMethods.id, row.id), eq(paymentMethods.status, 'pending')))
      .returning();
    await audit(tx, {
      action: 'payment_method.verify',
      entity: 'payment_method',
      entityId: row.id,
      userId: actorId,
      level: 'warn',
      message: `Wrong deposits for ${label(row)} of user ${row.userId} (try ${attempts} of ${MICRO_DEPOSIT_MAX_TRIES})${locked ? ': locked' : ''}`,
      data: { ownerId: row.userId, outcome: locked ? 'locked' : 'mismatch', attempts },
    });
    const left = MICRO_DEPOSIT_MAX_TRIES - attempts;
    return {
      row: w,
      error: locked
        ? new AppError(409, 'locked', MESSAGES.locked)
        : invalid(wrongAmounts(left), { amount_1: wrongAmounts(left), amount_2: wrongAmounts(left) }, 'wrong_amounts'),
    };
  });
  if (result.error) throw result.error;
  return result.row;
}
