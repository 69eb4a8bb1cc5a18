/**
 * Guest checkout: a buyer without a password. At customer info the guest gets a record
 * of their own (a users row with is_guest and no password hash, and its person), so carts, addresses,
 * orders, reports and order search work as for any buyer; it can never sign in. After the order a
 * single-use, expiring "create an account" link (its sha256 stored, as password resets) turns that
 * record into an account when the guest chooses a password, unless the email has an account
 * already: then the order stays the guest's (never merged silently) and the mail says to sign in.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, guestAccountTokens, persons, users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import { GUEST_ACCOUNT_LINK_TTL_MS } from '../../domain/guest-checkout.ts';
import { audit } from '../audit/index.ts';
import { hashPassword, newToken, sha256, findUserByEmail } from '../auth/index.ts';

export type GuestBuyer = { email: string; firstName: string; lastName: string; phone?: string; subscribe: boolean };

export const LINK_INVALID = 'This link is invalid or has expired.';
export const EMAIL_HAS_ACCOUNT = 'An account with this email already exists. Please sign in.';

/** A guest's record: no password, flagged guest, its person (the order's contact). Returns the user id. */
export function createGuestBuyer(db: Db, g: GuestBuyer, locale: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: g.email.trim().toLowerCase(),
        passwordHash: null,
        isGuest: true,
        firstName: g.firstName,
        lastName: g.lastName,
        phone: g.phone ?? null,
        role: 'customer',
        accountType: 'personal',
        locale,
        subscribed: g.subscribe,
      })
      .returning({ id: users.id });
    await tx.insert(persons).values({
      firstName: g.firstName,
      lastName: g.lastName,
      phone: g.phone ?? null,
      email: g.email.trim().toLowerCase(),
      userId: user.id,
    });
    await audit(tx, {
      action: 'user.guest',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      message: `Guest checkout as ${g.email}`,
    });
    return user.id;
  });
}

/** Whether an order's buyer is a guest (the back office marks the order "Guest"). */
export async function buyerIsGuest(db: Db, order: { user_id?: number | null }): Promise<boolean> {
  if (!order.user_id) return false;
  const [row] = await db.select({ isGuest: users.isGuest }).from(users).where(eq(users.id, order.user_id)).limit(1);
  return !!row?.isGuest;
}

/**
 * After a guest's order: the link to make the record an account (the plain token, to be mailed), or
 * null when the email already has an account (that person signs in instead).
 */
export async function issueAccountLink(db: Db, userId: number): Promise<{ token: string | null; email: string }> {
  const [u] = await db
    .select({ email: users.email, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u?.isGuest) return { token: null, email: u?.email ?? '' };
  if (await findUserByEmail(db, u.email)) return { token: null, email: u.email };
  const token = newToken();
  await db
    .insert(guestAccountTokens)
    .values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + GUEST_ACCOUNT_LINK_TTL_MS) });
  return { token, email: u.email };
}

/** The guest behind an unspent, unexpired link (its email and first name for the form). */
export async function accountLinkOwner(
  db: Db,
  token: string,
): Promise<{ userId: number; email: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(guestAccountTokens)
    .innerJoin(users, eq(users.id, guestAccountTokens.userId))
    .where(
      and(
        eq(guestAccountTokens.tokenHash, sha256(token)),
        isNull(guestAccountTokens.usedAt),
        gt(guestAccountTokens.expiresAt, sql`now()`),
        eq(users.isGuest, true),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The guest chooses a password: the record becomes an account (is_guest off), the link and every
 * other open link of it spent. 400 for a used or expired link; 409 when the email got an account meanwhile.
 */
export async function claimGuestAccount(db: Db, token: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: guestAccountTokens.id, userId: guestAccountTokens.userId })
      .from(guestAccountTokens)
      .innerJoin(users, eq(users.id, guestAccountTokens.userId))
      .where(
        and(
          eq(guestAccountTokens.tokenHash, sha256(token)),
          isNull(guestAccountTokens.usedAt),
          gt(guestAccountTokens.expiresAt, sql`now()`),
          eq(users.isGuest, true),
        ),
      )
      .for('update')
      .limit(1);
    if (!link) throw invalid(LINK_INVALID, undefined, 'link_invalid');
    await tx
      .update(guestAccountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(guestAccountTokens.userId, link.userId), isNull(guestAccountTokens.usedAt)));
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    if (await findUserByEmail(tx, u.email))
      throw new AppError(409, 'email_taken', EMAIL_HAS_ACCOUNT, { email: EMAIL_HAS_ACCOUNT });
    // The partial unique index (users_email_unique) settles a race with a registration of the same email.
    await tx
      .update(users)
      .set({ passwordHash, isGuest: false, updatedAt: sql`now()` })
      .where(eq(users.id, link.userId));
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, link.userId), isNull(apiTokens.revokedAt)));
    await audit(tx, {
      action: 'user.register',
      entity: 'user',
      entityId: link.userId,
      userId: link.userId,
      message: `${u.email} made an account from a guest order`,
    });
    return link.userId;
  });
}
