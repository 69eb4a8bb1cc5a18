/** Lead reads and writes, the account-exists lookup, and the country/region lists of the form. */
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dealers, leads, persons, users } from '../../db/schema/index.ts';
import { escapeLike } from '../catalog/index.ts';
import type { LeadListQuery } from './schemas.ts';

export const LEADS_PAGE_SIZE = 25;

// The dealer a lead names, and the dealers of the list's filter, come from the dealers area.
export { dealerNames, dealerSummary } from '../dealers/index.ts';

// Countries and regions come from the channels area (one query each for every address form).
export { listCountries as countryList, listRegionsByCountryCode as regionsOfCountry } from '../channels/index.ts';

/** The signed-up account with this email, with the person's name when there is one. */
export async function accountByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      personFirst: persons.firstName,
      personLast: persons.lastName,
    })
    .from(users)
    .leftJoin(persons, eq(persons.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email}) and not ${users.isGuest}`)
    .limit(1);
  return rows[0];
}

export async function insertLead(db: DbOrTx, row: typeof leads.$inferInsert) {
  const [r] = await db.insert(leads).values(row).returning({ id: leads.id });
  return r.id;
}

function filter(q: LeadListQuery) {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  return and(
    q.status ? eq(leads.status, q.status) : undefined,
    q.dealer ? eq(leads.dealerId, q.dealer) : undefined,
    term
      ? or(
          ilike(leads.firstName, term),
          ilike(leads.lastName, term),
          ilike(leads.email, term),
          ilike(leads.company, term),
        )
      : undefined,
  );
}

export async function listLeads(db: DbOrTx, q: LeadListQuery) {
  const page = q.page ?? 1;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: leads.id,
        firstName: leads.firstName,
        lastName: leads.lastName,
        email: leads.email,
        phone: leads.phone,
        company: leads.company,
        countryCode: leads.countryCode,
        regionCode: leads.regionCode,
        message: leads.message,
        status: leads.status,
        createdAt: leads.createdAt,
        createdByName: sql<
          string | null
        >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${leads.createdBy})`,
        dealerId: leads.dealerId,
        dealerName: dealers.name,
      })
      .from(leads)
      .leftJoin(dealers, eq(dealers.id, leads.dealerId))
      .where(filter(q))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(LEADS_PAGE_SIZE)
      .offset((page - 1) * LEADS_PAGE_SIZE),
    db.select({ n: count() }).from(leads).where(filter(q)),
  ]);
  return { rows, total: Number(n), page };
}

export async function setLeadStatus(db: DbOrTx, id: number, status: string) {
  return db.update(leads).set({ status }).where(eq(leads.id, id)).returning({ id: leads.id });
}
