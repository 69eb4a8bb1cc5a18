/**
 * Granting and denying permission keys, for a user or an organisation. Never sees req: takes the
 * acting user, checks the rules of src/domain/permissions.ts (mayEdit), writes the override and
 * its audit entry in one transaction, and throws typed errors.
 *
 * The change reaches every app process by itself: user_permissions and organisation_permissions
 * carry the data_change trigger, so each process drops its cached signed-in users when the
 * transaction commits (src/db/read-model.ts). The caller also tells its own process at once
 * (`changed`), so the user's very next request here cannot beat the notification.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisationPermissions, userPermissions } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import { mayEdit, permissionSet, type EditCheck } from '../../domain/permissions.ts';
import type { CurrentUser } from '../../http/types.ts';
import { audit } from '../audit/index.ts';
import { findOrganisationById, userWithOverrides } from './queries.ts';
import type { OverrideInput, RemoveInput } from './schemas.ts';

const REFUSALS: Record<Exclude<EditCheck, { ok: true }>['reason'], string> = {
  no_right: 'You do not have permission to edit permissions.',
  not_held: 'You cannot grant or deny a permission you do not hold yourself.',
  self: 'You cannot change your own permissions or those of your own organisation.',
  superior: 'This user holds permissions you do not hold: ask an administrator.',
};

function check(result: EditCheck) {
  if (!result.ok) throw forbidden(REFUSALS[result.reason]);
}

type Actor = Pick<CurrentUser, 'id' | 'email' | 'organisationId' | 'permissions'>;

async function userTarget(db: Db, userId: number) {
  const found = await userWithOverrides(db, userId);
  if (!found) throw notFound('No such user.');
  return { ...found, permissions: permissionSet(found.roleKeys, found.org, found.own) };
}

export async function setUserOverride(db: Db, actor: Actor, userId: number, input: OverrideInput): Promise<void> {
  const target = await userTarget(db, userId);
  check(mayEdit(actor, input.key, { userId, permissions: target.permissions }));
  const granted = input.effect === 'grant';
  await db.transaction(async (tx) => {
    await tx
      .insert(userPermissions)
      .values({ userId, permissionKey: input.key, granted, reason: input.reason, grantedBy: actor.id })
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionKey],
        set: { granted, reason: input.reason, grantedBy: actor.id, createdAt: new Date() },
      });
    await audit(tx, {
      action: `permission.${input.effect}`,
      entity: 'user',
      entityId: userId,
      userId: actor.id,
      message: `${actor.email} ${granted ? 'granted' : 'denied'} ${input.key} ${granted ? 'to' : 'for'} ${target.user.email}: ${input.reason}`,
      data: { key: input.key, effect: input.effect, reason: input.reason, target: { user: userId } },
    });
  });
}

export async function removeUserOverride(db: Db, actor: Actor, userId: number, input: RemoveInput): Promise<void> {
  const target = await userTarget(db, userId);
  check(mayEdit(actor, input.key, { userId, permissions: target.permissions }));
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionKey, input.key)))
      .returning({ key: userPermissions.permissionKey });
    if (!gone.length) throw notFound('This user has no grant or deny of that permission.');
    await audit(tx, {
      action: 'permission.remove',
      entity: 'user',
      entityId: userId,
      userId: actor.id,
      message: `${actor.email} removed the ${input.key} override of ${target.user.email}: ${input.reason}`,
      data: { key: input.key, reason: input.reason, target: { user: userId } },
    });
  });
}

export async function setOrganisationOverride(
  db: Db,
  actor: Actor,
  organisationId: number,
  input: OverrideInput,
): Promise<void> {
  const org = await findOrganisationById(db, organisationId);
  if (!org) throw notFound('No such organisation.');
  check(mayEdit(actor, input.key, { organisationId }));
  const granted = input.effect === 'grant';
  await db.transaction(async (tx) => {
    await tx
      .insert(organisationPermissions)
      .values({ organisationId, permissionKey: input.key, granted, reason: input.reason, grantedBy: actor.id })
      .onConflictDoUpdate({
        target: [organisationPermissions.organisationId, organisationPermissions.permissionKey],
        set: { granted, reason: input.reason, grantedBy: actor.id, createdAt: new Date() },
      });
    await audit(tx, {
      action: `permission.${input.effect}`,
      entity: 'organisation',
      entityId: organisationId,
      userId: actor.id,
      message: `${actor.email} ${granted ? 'granted' : 'denied'} ${input.key} ${granted ? 'to' : 'for'} organisation ${org.name}: ${input.reason}`,
      data: { key: input.key, effect: input.effect, reason: input.reason, target: { organisation: organisationId } },
    });
  });
}

export async function removeOrganisationOverride(
  db: Db,
  actor: Actor,
  organisationId: number,
  input: RemoveInput,
): Promise<void> {
  const org = await findOrganisationById(db, organisationId);
  if (!org) throw notFound('No such organisation.');
  check(mayEdit(actor, input.key, { organisationId }));
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(organisationPermissions)
      .where(
        and(
          eq(organisationPermissions.organisationId, organisationId),
          eq(organisationPermissions.permissionKey, input.key),
        ),
      )
      .returning({ key: organisationPermissions.permissionKey });
    if (!gone.length) throw notFound('This organisation has no grant or deny of that permission.');
    await audit(tx, {
      action: 'permission.remove',
      entity: 'organisation',
      entityId: organisationId,
      userId: actor.id,
      message: `${actor.email} removed the ${input.key} override of organisation ${org.name}: ${input.reason}`,
      data: { key: input.key, reason: input.reason, target: { organisation: organisationId } },
    });
  });
}
