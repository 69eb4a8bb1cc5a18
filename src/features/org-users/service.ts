/**
 * An organisation administrator's work on its own organisation (organisation.users): invite a
 * user by mail, remove a user, set who may buy tax exempt. Every function is given the
 * administrator's organisation and touches nothing outside it: a user of another organisation
 * is simply not found (404). Each change is audited in the same transaction.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { organisationInvites, organisations, persons, userPermissions, users } from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound, tooMany } from '../../domain/errors.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { CurrentUser } from '../../http/types.ts';
import { audit } from '../audit/index.ts';
import { newToken, sha256, findUserByEmail } from '../auth/index.ts';
import { memberOf } from './queries.ts';
import type { InviteInput } from './schemas.ts';

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
/** Invitations an organisation may send per hour: an administrator's account cannot be turned into a mail cannon. */
export const INVITES_PER_HOUR = 20;
export const ORG_ADMIN_KEY = 'organisation.users';

type Admin = Pick<CurrentUser, 'id' | 'email' | 'organisationId'>;

/** The refusals of a change to one's own account (English; fr/es in src/i18n/text/errors-account.ts). */
export const SELF_MESSAGES = {
  taxExempt: 'You cannot change your own tax exemption: ask another administrator.',
  limits: 'You cannot change your own spending limits: ask another administrator.',
} as const;
export type SelfChange = keyof typeof SELF_MESSAGES;

/**
 * Nobody changes their own spending limits or tax exemption, whatever their role: an administrator
 * who could would lift the very checks set on them (as nobody approves their own order, and the
 * permission screens refuse one's own rights). 403, before anything is read or written.
 */
export function refuseOwnAccount(admin: Pick<Admin, 'id'>, userId: number, what: SelfChange): void {
  if (userId === admin.id) throw forbidden(SELF_MESSAGES[what]);
}

/** The administrator's organisation; an account with the key but no organisation has nothing to manage. */
export async function organisationOfAdmin(db: DbOrTx, admin: Admin) {
  if (!admin.organisationId) throw notFound('Your account does not belong to an organisation.');
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, admin.organisationId))
    .limit(1);
  if (!org) throw notFound('Your account does not belong to an organisation.');
  return org;
}

/** Mails a single-use link (`${registerUrl}?invite=…`) that lands on register with the organisation attached. */
export async function inviteUser(
  db: Db,
  mailer: Mailer,
  admin: Admin,
  input: InviteInput,
  registerUrl: string,
): Promise<void> {
  const org = await organisationOfAdmin(db, admin);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    const message =
      existing.organisationId === org.id
        ? 'This person already belongs to your organisation.'
        : 'An account with this email already exists: ask us to add it to your organisation.';
    throw conflict(message, { email: message });
  }
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organisationInvites)
    .where(
      and(
        eq(organisationInvites.organisationId, org.id),
        gt(organisationInvites.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if (n >= INVITES_PER_HOUR) throw tooMany('Too many invitations in the last hour. Please try again later.');
  const token = newToken();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organisationInvites)
      .values({
        organisationId: org.id,
        email: input.email,
        tokenHash: sha256(token),
        invitedBy: admin.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      })
      .returning({ id: organisationInvites.id });
    await audit(tx, {
      action: 'organisation.invite',
      entity: 'organisation',
      entityId: org.id,
      userId: admin.id,
      message: `${admin.email} invited ${input.email} to ${org.name}`,
      data: { invite: row.id, email: input.email },
    });
  });
  const link = `${registerUrl}?invite=${encodeURIComponent(token)}`;
  await mailer.send({
    to: input.email,
    subject: `You are invited to buy for ${org.name} at Harrow & Drill`,
    text: `Hello,\n\n${admin.email} invited you to order for ${org.name} at Harrow & Drill.\nCreate your account here (the link works once, for 7 days):\n\n${link}\n\nIf you did not expect this, ignore this message.\n`,
  });
}

/** Takes a user out of the organisation (the account stays, as a personal one); never the administrator itself. */
export async function removeUser(db: Db, admin: Admin, userId: number): Promise<{ email: string }> {
  const org = await organisationOfAdmin(db, admin);
  if (userId === admin.id) throw invalid('You cannot remove yourself from your organisation.', undefined, 'self');
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, org.id, userId);
    if (!member) throw notFound();
    await tx
      .update(users)
      .set({ organisationId: null, accountType: 'personal', taxExemptAllowed: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx
      .update(persons)
      .set({ organisationId: null, updatedAt: sql`now()` })
      .where(and(eq(persons.userId, userId), eq(persons.organisationId, org.id)));
    // Administering an organisation one has left makes no sense.
    await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionKey, ORG_ADMIN_KEY)));
    await audit(tx, {
      action: 'organisation.remove_user',
      entity: 'user',
      entityId: userId,
      userId: admin.id,
      message: `${admin.email} removed ${member.email} from ${org.name}`,
      data: { organisation: org.id },
    });
    return { email: member.email };
  });
}

export async function setTaxExempt(db: Db, admin: Admin, userId: number, allowed: boolean): Promise<void> {
  refuseOwnAccount(admin, userId, 'taxExempt');
  const org = await organisationOfAdmin(db, admin);
  await db.transaction(async (tx) => {
    const member = await memberOf(tx, org.id, userId);
    if (!member) throw notFound();
    await tx.update(users).set({ taxExemptAllowed: allowed, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await audit(tx, {
      action: 'organisation.tax_exempt',
      entity: 'user',
      entityId: userId,
      userId: admin.id,
      message: `${admin.email} ${allowed ? 'allowed' : 'stopped'} tax exempt purchases for ${member.email}`,
      data: { organisation: org.id, allowed },
    });
  });
}
