/** Reads for the permission screens: plain drizzle, returning rows. */
import { and, asc, desc, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  logs,
  organisationPermissions,
  organisations,
  permissions,
  rolePermissions,
  userPermissions,
  users,
} from '../../db/schema/index.ts';

/** The permission registry, in key order. */
export function permissionRegistry(db: DbOrTx) {
  return db.select().from(permissions).orderBy(asc(permissions.key));
}

/** Users by email or name (prefix), at most 50. */
export function findUsers(db: DbOrTx, q: string | undefined) {
  const base = db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      organisation: organisations.name,
      disabled: users.disabled,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId));
  const like = q ? `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return (
    like ? base.where(or(ilike(users.email, like), ilike(users.lastName, like), ilike(users.firstName, like))) : base
  )
    .orderBy(asc(users.email))
    .limit(50);
}

export function listOrganisations(db: DbOrTx) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      // Qualified by hand: drizzle renders the outer column unqualified, which inside the subquery would be u.id.
      members: sql<number>`(select count(*)::int from users u where u.organisation_id = "organisations"."id")`,
    })
    .from(organisations)
    .orderBy(asc(organisations.name));
}

/** A user with what its permission set is made of (the role's keys, organisation and user overrides). */
export async function userWithOverrides(db: DbOrTx, userId: number) {
  const [u] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      organisationId: users.organisationId,
      organisation: organisations.name,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return null;
  const [roleKeys, own, org] = await Promise.all([
    db.select({ key: rolePermissions.permissionKey }).from(rolePermissions).where(eq(rolePermissions.role, u.role)),
    overridesOfUser(db, userId),
    u.organisationId ? overridesOfOrganisation(db, u.organisationId) : Promise.resolve([]),
  ]);
  return { user: u, roleKeys: roleKeys.map((r) => r.key), own, org };
}

export function overridesOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      key: userPermissions.permissionKey,
      granted: userPermissions.granted,
      reason: userPermissions.reason,
      createdAt: userPermissions.createdAt,
      by: users.email,
    })
    .from(userPermissions)
    .leftJoin(users, eq(users.id, userPermissions.grantedBy))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(userPermissions.permissionKey));
}

export function overridesOfOrganisation(db: DbOrTx, organisationId: number) {
  return db
    .select({
      key: organisationPermissions.permissionKey,
      granted: organisationPermissions.granted,
      reason: organisationPermissions.reason,
      createdAt: organisationPermissions.createdAt,
      by: users.email,
    })
    .from(organisationPermissions)
    .leftJoin(users, eq(users.id, organisationPermissions.grantedBy))
    .where(eq(organisationPermissions.organisationId, organisationId))
    .orderBy(asc(organisationPermissions.permissionKey));
}

export async function findOrganisationById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1);
  return row ?? null;
}

/** The latest permission changes of a user or an organisation, from the audit log. */
export function permissionHistory(db: DbOrTx, entity: 'user' | 'organisation', id: number, limit = 20) {
  return db
    .select({ id: logs.id, action: logs.action, message: logs.message, createdAt: logs.createdAt, by: users.email })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(and(eq(logs.entity, entity), eq(logs.entityId, id), like(logs.action, 'permission.%')))
    .orderBy(desc(logs.id))
    .limit(limit);
}

/** An organisation's members, for links to their account permissions. */
export function membersOf(db: DbOrTx, organisationId: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.organisationId, organisationId))
    .orderBy(asc(users.email))
    .limit(200);
}
