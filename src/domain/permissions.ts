/**
 * How a user's permission set is made, and who may change it. Pure: the permission query
 * (features/auth/queries.ts) and the account permissions screen both use it, so what the screen
 * says is what the guard does.
 *
 * Order of precedence: the role's keys, then the organisation's overrides, then the user's own
 * (a user's grant or deny wins over its organisation's, which wins over the role).
 */
export type PermissionSource = 'role' | 'organisation' | 'user';
export type Override = { key: string; granted: boolean };

export type EffectivePermission = {
  key: string;
  held: boolean;
  /** What decided it: the role's default, an organisation override or a user override. */
  source: PermissionSource | null;
  /** The override that decided it, when one did. */
  granted?: boolean;
};

export function effectivePermissions(
  allKeys: readonly string[],
  roleKeys: Iterable<string>,
  orgOverrides: readonly Override[],
  userOverrides: readonly Override[],
): EffectivePermission[] {
  const role = new Set(roleKeys);
  const org = new Map(orgOverrides.map((o) => [o.key, o.granted]));
  const user = new Map(userOverrides.map((o) => [o.key, o.granted]));
  return allKeys.map((key) => {
    if (user.has(key)) return { key, held: user.get(key)!, source: 'user', granted: user.get(key) };
    if (org.has(key)) return { key, held: org.get(key)!, source: 'organisation', granted: org.get(key) };
    return { key, held: role.has(key), source: role.has(key) ? 'role' : null };
  });
}

/** The set the guard checks. */
export function permissionSet(
  roleKeys: Iterable<string>,
  orgOverrides: readonly Override[],
  userOverrides: readonly Override[],
): Set<string> {
  const keys = new Set<string>(roleKeys);
  for (const o of [...orgOverrides, ...userOverrides]) keys.add(o.key);
  return new Set(
    effectivePermissions([...keys], roleKeys, orgOverrides, userOverrides)
      .filter((p) => p.held)
      .map((p) => p.key),
  );
}

/** The key that lets a user edit permissions at all. */
export const PERMISSIONS_EDIT = 'permissions.edit';

export type EditCheck = { ok: true } | { ok: false; reason: 'no_right' | 'not_held' | 'self' | 'superior' };

/**
 * May `actor` grant or deny `key` for a target? Only holders of permissions.edit edit
 * permissions; nobody hands out (or takes away) a key they do not hold themselves; nobody edits
 * their own permissions or their own organisation's (so no one grants itself more); and nobody
 * edits a user who holds a key the actor lacks (staff cannot strip an administrator).
 */
export function mayEdit(
  actor: { id: number; organisationId: number | null; permissions: ReadonlySet<string> },
  key: string,
  target: { userId?: number; organisationId?: number; permissions?: ReadonlySet<string> },
): EditCheck {
  if (!actor.permissions.has(PERMISSIONS_EDIT)) return { ok: false, reason: 'no_right' };
  if (!actor.permissions.has(key)) return { ok: false, reason: 'not_held' };
  if (target.userId !== undefined && target.userId === actor.id) return { ok: false, reason: 'self' };
  if (target.organisationId !== undefined && target.organisationId === actor.organisationId)
    return { ok: false, reason: 'self' };
  if (target.permissions && [...target.permissions].some((k) => !actor.permissions.has(k)))
    return { ok: false, reason: 'superior' };
  return { ok: true };
}
