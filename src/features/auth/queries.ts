/** Reads for authentication: plain functions over drizzle, returning rows. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, passwordResets, users, warehouses } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../http/types.ts';
import { permissionSet } from '../../domain/permissions.ts';

/** The account with this email; a guest buyer's record is never an account. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.isGuest, false)))
    .limit(1);
  return row;
}

/** The user's columns and permission sources, for one select (a user by id, or by bearer token). */
function userFields() {
  return {
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
    rolePerms: sql<
      string[]
    >`coalesce((select array_agg(rp.permission_key) from role_permissions rp where rp.role = "users"."role"), '{}')`,
    userOverrides: sql<
      { key: string; granted: boolean }[]
    >`coalesce((select json_agg(json_build_object('key', up.permission_key, 'granted', up.granted)) from user_permissions up where up.user_id = "users"."id"), '[]')`,
    orgOverrides: sql<
      { key: string; granted: boolean }[]
    >`coalesce((select json_agg(json_build_object('key', op.permission_key, 'granted', op.granted)) from organisation_permissions op where op.organisation_id = "users"."organisation_id"), '[]')`,
  };
}
const userById = (db: DbOrTx, userId: number) =>
  db.select(userFields()).from(users).where(eq(users.id, userId)).limit(1);
type UserRow = Awaited<ReturnType<typeof userById>>[number];

function currentUser(u: UserRow | undefined): CurrentUser | undefined {
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

/** The signed-in user with the permission set of the role, adjusted by organisation and per-user grants (src/domain/permissions.ts). */
export async function loadCurrentUser(db: DbOrTx, userId: number): Promise<CurrentUser | undefined> {
  const [u] = await userById(db, userId);
  return currentUser(u);
}

/**
 * The user of an active bearer token (by its hash; unrevoked, and before its expiry: a token without
 * one is never valid) in one statement, with the token's id and when
 * it was last used (the caller records use at most once a minute: an API read writes nothing else).
 */
export async function loadBearerUser(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ user: CurrentUser; tokenId: number; lastUsedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ ...userFields(), tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(users)
    .innerJoin(apiTokens, eq(apiTokens.userId, users.id))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)))
    .limit(1);
  const user = currentUser(row);
  return user && row ? { user, tokenId: row.tokenId, lastUsedAt: row.lastUsedAt } : undefined;
}

export async function findUsableReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** An active warehouse with its key's hash, for the warehouse API key check (warehouse-key.ts). */
export async function activeWarehouseKey(db: DbOrTx, warehouseId: number) {
  const [row] = await db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      organisationId: warehouses.organisationId,
      keyHash: warehouses.apiKeyHash,
    })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.active, true)))
    .limit(1);
  return row;
}
