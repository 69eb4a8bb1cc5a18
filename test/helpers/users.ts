/**
 * Throwaway accounts for tests that change permissions or organisations (the demo accounts are
 * shared by every suite). Each gets the demo password (the demo hash is copied: hashing is slow)
 * and a unique email, so the per-account sign-in limit never bites.
 */
import { randomUUID } from 'node:crypto';
import { sqlRows } from './server.ts';
import { agent, signIn, type Agent } from './http.ts';

export type TestUser = { id: number; email: string };

export async function makeUser(
  opts: {
    role?: 'customer' | 'staff' | 'admin' | 'distributor' | 'warehouse';
    organisationId?: number | null;
    prefix?: string;
  } = {},
): Promise<TestUser> {
  const email = `${opts.prefix ?? 'u'}-${randomUUID().slice(0, 8)}@test.example`;
  const [u] = await sqlRows<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, role, organisation_id, account_type)
     select $1, password_hash, 'Test', initcap($2), $2, $3::int, case when $3::int is null then 'personal' else 'organization' end from users where email = 'customer@example.com' and not is_guest returning id`,
    [email, opts.role ?? 'customer', opts.organisationId ?? null],
  );
  await sqlRows(
    `insert into persons (first_name, last_name, email, user_id, organisation_id) values ('Test', 'User', $1, $2, $3)`,
    [email, u.id, opts.organisationId ?? null],
  );
  return { id: u.id, email };
}

/** A new organisation (unique name). */
export async function makeOrganisation(name = 'Test Org'): Promise<number> {
  const [o] = await sqlRows<{ id: number }>(`insert into organisations (name) values ($1) returning id`, [
    `${name} ${randomUUID().slice(0, 8)}`,
  ]);
  return o.id;
}

export async function signedInAs(email: string): Promise<Agent> {
  const a = await agent();
  await signIn(a, email);
  return a;
}
