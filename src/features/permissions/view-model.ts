/** Rows of the account permissions screen: each key, whether it is held and what decided it (never a role's name). */
import { effectivePermissions, type Override } from '../../domain/permissions.ts';
import type { CurrentUser } from '../../http/types.ts';

type Registry = { key: string; description: string }[];
type Translate = (k: string, o?: Record<string, unknown>) => string;
type OverrideRow = Override & { reason: string | null; by: string | null; createdAt: Date | string };
export type PermissionRow = {
  key: string;
  description: string;
  held: boolean;
  source: string;
  override?: OverrideRow;
  removable: boolean;
};

export function userRows(
  registry: Registry,
  found: { roleKeys: string[]; org: OverrideRow[]; own: OverrideRow[] },
  t: Translate,
): PermissionRow[] {
  const own = new Map(found.own.map((o) => [o.key, o]));
  const org = new Map(found.org.map((o) => [o.key, o]));
  const desc = new Map(registry.map((p) => [p.key, p.description]));
  return effectivePermissions(
    registry.map((p) => p.key),
    found.roleKeys,
    found.org,
    found.own,
  ).map((p) => ({
    key: p.key,
    description: desc.get(p.key) ?? '',
    held: p.held,
    source: sourceLabel(p.source, p.granted, t),
    override: p.source === 'user' ? own.get(p.key) : p.source === 'organisation' ? org.get(p.key) : undefined,
    removable: p.source === 'user',
  }));
}

/** An organisation's screen lists its overrides only: what each member gets on top of (or instead of) their own defaults. */
export function organisationRows(registry: Registry, overrides: OverrideRow[], t: Translate): PermissionRow[] {
  const desc = new Map(registry.map((p) => [p.key, p.description]));
  return overrides.map((o) => ({
    key: o.key,
    description: desc.get(o.key) ?? '',
    held: o.granted,
    source: sourceLabel('organisation', o.granted, t),
    override: o,
    removable: true,
  }));
}

function sourceLabel(source: string | null, granted: boolean | undefined, t: Translate): string {
  if (source === 'role') return t('perm.source.default');
  if (source === 'organisation') return t(granted ? 'perm.source.orgGrant' : 'perm.source.orgDeny');
  if (source === 'user') return t(granted ? 'perm.source.userGrant' : 'perm.source.userDeny');
  return t('perm.source.none');
}

/** The permission adder offers only the keys the editor holds (the server refuses the others anyway). */
export function adderKeys(registry: Registry, actor: Pick<CurrentUser, 'permissions'>): Registry {
  return registry.filter((p) => actor.permissions.has(p.key));
}
