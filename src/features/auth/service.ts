/**
 * Accounts: sign in, register, password reset, bearer tokens. Never sees req;
 * returns rows or throws typed AppErrors. Multi-row writes are one transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { apiTokens, organisations, passwordResets, persons, users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { audit } from '../audit/index.ts';
import { decoyHash, hashPassword, newToken, sha256, verifyPassword } from './crypto.ts';
import { findUserByEmail, findUsableReset, loadBearerUser } from './queries.ts';
import type { Register } from './schemas.ts';
import type { CurrentUser } from '../../http/types.ts';
import { inviteUsedBy, spendInvite } from './invites.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
/** One message for every failed sign-in, so it reveals nothing about which emails exist. */
export const SIGN_IN_FAILED = 'The email or password is incorrect.';

const EMAIL_TAKEN = 'An account with this email already exists.';
const emailTaken = () => new AppError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN });

export type AuthOptions = {
  /**
   * A password that never signs anyone in: the demo password in production unless SEED=demo was
   * set, so a database that somehow holds the demo accounts still cannot be entered with it.
   */
  refusedPassword?: string;
};

/** A customer account opened by a staff member (see register). */
export type StaffRegistration = {
  by: number;
  alsoInTransaction?: (tx: Tx, ids: { userId: number; personId: number }) => Promise<void>;
};

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly opts: AuthOptions = {},
  ) {}

  /** Returns the user id, or throws the one failure message. */
  async signIn(email: string, password: string): Promise<number> {
    const user = await findUserByEmail(this.db, email);
    const refused = this.opts.refusedPassword !== undefined && password === this.opts.refusedPassword;
    const ok = (await verifyPassword(user?.passwordHash ?? (await decoyHash()), password)) && !refused;
    if (!user || !ok || user.disabled) {
      // Failed attempts on a real account are worth a trail (the answer stays the same).
      if (user)
        await audit(this.db, {
          action: 'user.login_failed',
          level: 'warn',
          entity: 'user',
          entityId: user.id,
          userId: user.id,
          message: `Failed sign-in for ${user.email}`,
        });
      throw invalid(SIGN_IN_FAILED, undefined, 'sign_in_failed');
    }
    await this.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    await audit(this.db, {
      action: 'user.login',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      message: `${user.email} signed in`,
    });
    return user.id;
  }

  /**
   * With `invite` (an organisation's invitation token): the account joins that organisation.
   * With `byStaff` ("Add customer" in the back office): the log names the staff member,
   * an organisation that already has that name is joined (membership is staff's to grant), and
   * `then` runs in the same transaction with the new ids (e.g. to add a first address).
   * Either way the account is a customer: role 'customer', no permissions of its own.
   */
  async register(input: Register, locale: string, invite?: string, byStaff?: StaffRegistration): Promise<number> {
    if (await findUserByEmail(this.db, input.email)) {
      throw emailTaken();
    }
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      let organisationId: number | null = null;
      const invited = invite ? await spendInvite(tx, invite, input.email) : undefined;
      if (invited) {
        organisationId = invited.organisationId;
        input = { ...input, accountType: 'organization' };
      } else if (input.accountType === 'organization' && input.organization) {
        const [org] = await tx
          .insert(organisations)
          .values({ name: input.organization })
          .onConflictDoNothing()
          .returning({ id: organisations.id });
        // An existing organisation of that name is not joined silently: membership is granted by staff.
        organisationId = org?.id ?? null;
        if (!org && byStaff) {
          const [existing] = await tx
            .select({ id: organisations.id })
            .from(organisations)
            .where(eq(organisations.name, input.organization));
          organisationId = existing?.id ?? null;
        }
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          role: 'customer',
          accountType: input.accountType,
          organisationId,
          locale,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw emailTaken();
      const [person] = await tx
        .insert(persons)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          email: input.email,
          userId: user.id,
          organisationId,
        })
        .returning({ id: persons.id });
      if (invited) await inviteUsedBy(tx, invited.inviteId, user.id);
      if (byStaff) {
        await byStaff.alsoInTransaction?.(tx, { userId: user.id, personId: person.id });
        await audit(tx, {
          action: 'user.create',
          entity: 'user',
          entityId: user.id,
          userId: byStaff.by,
          message: `${input.email} added by staff (${input.accountType}${organisationId ? `, organisation ${organisationId}` : ''})`,
          data: { personId: person.id, organisationId },
        });
        return user.id;
      }
      await audit(tx, {
        action: 'user.register',
        entity: 'user',
        entityId: user.id,
        userId: user.id,
        message: `${input.email} registered (${input.accountType}${invited ? `, invited into organisation ${organisationId}` : ''})`,
      });
      return user.id;
    });
  }

  /** Mails a one-time link when the account exists; silent otherwise (same answer either way). */
  async requestPasswordReset(email: string, linkBase: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || user.disabled) return;
    const token = newToken();
    await this.db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    const link = `${linkBase}?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Harrow & Drill password',
      text: `Hello ${user.firstName},\n\nSomeone (we hope you) asked to reset the password of your account.\nChoose a new password here (the link works once, for one hour):\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n`,
    });
  }

  /**
   * Tells the owner that sign-ins to their account are paused after too many wrong passwords
   * (once per pause), so a lock-out someone else causes is seen, and a guessed password is changed.
   */
  async mailLockout(email: string, pauseMinutes: number, resetLink: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || user.disabled) return;
    await this.mailer.send({
      to: user.email,
      subject: 'Sign-ins to your Harrow & Drill account are paused',
      text: `Hello ${user.firstName},\n\nThere were too many sign-in attempts with a wrong password on your account, so sign-ins are paused for ${pauseMinutes} minutes. You can still sign in after that.\n\nIf this was not you, someone may be guessing your password: choose a new one here:\n\n${resetLink}\n`,
    });
    await audit(this.db, {
      action: 'user.login_paused',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      level: 'warn',
      message: `Sign-ins paused for ${pauseMinutes} minutes after repeated wrong passwords`,
    });
  }

  async isResetTokenUsable(token: string): Promise<boolean> {
    return !!(await findUsableReset(this.db, sha256(token)));
  }

  /** Sets the new password, spends the token and every other open token of the user. */
  async resetPassword(token: string, password: string): Promise<number> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const reset = await findUsableReset(tx, sha256(token));
      if (!reset)
        throw invalid(
          'This reset link is invalid or has expired. Please ask for a new one.',
          undefined,
          'reset_invalid',
        );
      await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, reset.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      // A password change ends every bearer token issued before it.
      await tx
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.userId, reset.userId), isNull(apiTokens.revokedAt)));
      // ...and every signed-in session of the account: whoever else was in is out.
      await tx.execute(sql`delete from session where sess->>'userId' = ${String(reset.userId)}`);
      await audit(tx, {
        action: 'user.password_reset',
        entity: 'user',
        entityId: reset.userId,
        userId: reset.userId,
        message: 'Password changed with a reset link',
      });
      return reset.userId;
    });
  }

  /** Records a session's bearer token (derived by the caller, see api-token.ts): only its sha256 and expiry are stored. */
  async issueApiToken(userId: number, token: string, expiresAt: Date): Promise<number> {
    const [row] = await this.db
      .insert(apiTokens)
      .values({ userId, tokenHash: sha256(token), name: 'session', expiresAt })
      .returning({ id: apiTokens.id });
    return row.id;
  }

  async revokeApiToken(id: number): Promise<void> {
    await this.db.update(apiTokens).set({ revokedAt: sql`now()` }).where(eq(apiTokens.id, id));
  }

  /**
   * The user of an unexpired, unrevoked bearer token, read in one statement. The token's last use is recorded when it
   * is more than a minute old, so a busy API client costs no write per request.
   */
  async userForBearer(token: string): Promise<CurrentUser | undefined> {
    const found = await loadBearerUser(this.db, sha256(token));
    if (!found) return undefined;
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) {
      await this.db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, found.tokenId));
    }
    return found.user;
  }
}
