/** Reads for an organisation's users and its invitations. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberLimits, organisationInvites, users } from '../../db/schema/index.ts';
import { isLimitPeriod, type LimitPeriod } from '../../domain/spending.ts';

export function organisationUsers(db: DbOrTx, organisationId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      taxExemptAllowed: users.taxExemptAllowed,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.organisationId, organisationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** One member of the organisation, or undefined (another organisation's user is not there). */
export async function memberOf(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      taxExemptAllowed: users.taxExemptAllowed,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
    .limit(1);
  return row;
}

export function pendingInvites(db: DbOrTx, organisationId: number) {
  return db
    .select({ id: organisationInvites.id, email: organisationInvites.email, expiresAt: organisationInvites.expiresAt })
    .from(organisationInvites)
    .where(
      and(
        eq(organisationInvites.organisationId, organisationId),
        isNull(organisationInvites.usedAt),
        gt(organisationInvites.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(organisationInvites.createdAt));
}

export type LimitsRow = {
  userId: number;
  perOrderLimit: string | null;
  perPeriodLimit: string | null;
  period: LimitPeriod;
};

/**
 * The limits of every member of an organisation who has some: the users list shows them on each
 * row. Read here rather than in approvals because approvals (above org-users) reads org-users.
 */
export async function limitsOfOrganisation(db: DbOrTx, organisationId: number): Promise<LimitsRow[]> {
  const rows = await db
    .select({
      userId: memberLimits.userId,
      perOrderLimit: memberLimits.perOrderLimit,
      perPeriodLimit: memberLimits.perPeriodLimit,
      period: memberLimits.period,
    })
    .from(memberLimits)
    .where(eq(memberLimits.organisationId, organisationId));
  return rows.map((r) => ({ ...r, period: isLimitPeriod(r.period) ? r.period : 'month' }));
}
