/**
 * The registration's side of an organisation invitation: what the register page shows for a
 * link, spending it inside the registration's transaction and recording the account it made.
 * Sending and listing invitations is org-users' work; redeeming one is auth's, so org-users
 * (which reads auth's users) stays above auth.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organisationInvites, organisations } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import { sha256 } from './crypto.ts';

/** An unused, unexpired invitation by the hash of its token (locked when `lock`, to spend it once). */
export async function usableInvite(db: DbOrTx, tokenHash: string, lock = false) {
  const q = db
    .select({
      id: organisationInvites.id,
      organisationId: organisationInvites.organisationId,
      email: organisationInvites.email,
    })
    .from(organisationInvites)
    .where(
      and(
        eq(organisationInvites.tokenHash, tokenHash),
        isNull(organisationInvites.usedAt),
        gt(organisationInvites.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** What the register page shows for an invitation link: the organisation and the invited address. */
export async function inviteForRegister(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ email: organisationInvites.email, organisation: organisations.name })
    .from(organisationInvites)
    .innerJoin(organisations, eq(organisations.id, organisationInvites.organisationId))
    .where(
      and(
        eq(organisationInvites.tokenHash, tokenHash),
        isNull(organisationInvites.usedAt),
        gt(organisationInvites.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inside the registration's transaction: spends the invitation (locked, so it works once) and
 * returns the organisation to attach. The account must use the invited address.
 */
export async function spendInvite(
  tx: DbOrTx,
  token: string,
  email: string,
): Promise<{ inviteId: number; organisationId: number }> {
  const invite = await usableInvite(tx, sha256(token), true);
  if (!invite)
    throw new AppError(
      400,
      'invite_invalid',
      'This invitation link is invalid, used or expired. Ask your organisation for a new one.',
    );
  if (invite.email !== email.trim().toLowerCase()) {
    throw invalid(
      'Register with the email address the invitation was sent to.',
      { email: 'Use the address the invitation was sent to.' },
      'invite_email',
    );
  }
  await tx.update(organisationInvites).set({ usedAt: sql`now()` }).where(eq(organisationInvites.id, invite.id));
  return { inviteId: invite.id, organisationId: invite.organisationId };
}

/** Records which account an invitation made (after the account's row exists). */
export async function inviteUsedBy(tx: DbOrTx, inviteId: number, userId: number): Promise<void> {
  await tx.update(organisationInvites).set({ usedBy: userId }).where(eq(organisationInvites.id, inviteId));
}
