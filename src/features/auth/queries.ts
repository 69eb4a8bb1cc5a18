/** Reads for authentication: plain functions over drizzle, returning rows. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, passwordResets, users } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../http/types.ts';
import { permissionSet } from '../../domain/permissions.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** The signed-in user with the permission set of the role, adjusted by organisation and per-user grants (src/domain/permissions.ts). */
export async function loadCurrentUser(db: DbOrTx, userId: number): Promise<CurrentUser | undefined> {
  const [u] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      organisationId: users.organisationId,
      warehouseId: users.warehouseId,
      disabled: users.disabled,
      // Qualified by hand: drizzle renders a column of the outer table unqualified, which
      // inside the subquery would resolve to the inner table's column of the same name.
      rolePerms: sql<string[]>`coalesce((select array_agg(rp.permission_key) from role_permissions rp where rp.role = "users"."role"), '{}')`,
      userOverrides: sql<{ key: string; granted: boolean }[]>`coalesce((select json_agg(json_build_object('key', up.permission_key, 'granted', up.granted)) from user_permissions up where up.user_id = "users"."id"), '[]')`,
      orgOverrides: sql<{ key: string; granted: boolean }[]>`coalesce((select json_agg(json_build_object('key', op.permission_key, 'granted', op.granted)) from organisation_permissions op where op.organisation_id = "users"."organisation_id"), '[]')`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u || u.disabled) return undefined;
  const permissions = permissionSet(u.rolePerms, u.orgOverrides, u.userOverrides);
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    organisationId: u.organisationId,
    warehouseId: u.warehouseId,
    permissions,
  };
}

export async function findActiveToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`))
    .limit(1);
  return row;
}

export async function findUsableReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}
