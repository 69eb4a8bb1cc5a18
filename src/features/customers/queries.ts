/**
 * Customer search and the customer page. A customer is a person (a guest checkout has a person
 * but no user account); names, email and phone match by prefix through the persons indexes.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, countries, orders, organisations, payments, persons, users } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, keysetPage, keysetPlan, type SortDir } from '../../domain/keyset.ts';
import { personMatch, prefixPattern } from '../order-admin/index.ts';
import { ORDERS, unpaidSql } from '../../db/queries/order-balance.ts';
import { orderDisplayNumber } from '../../domain/order-number.ts';
import { toCents } from '../../domain/money.ts';

export const CUSTOMER_PAGE_SIZE = 25;
export const CUSTOMER_SORTS = ['name', 'email', 'since'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const SORT: Record<CustomerSort, { expr: SQL; cast: string; defaultDir: SortDir }> = {
  name: { expr: sql`lower(${persons.lastName} || ' ' || ${persons.firstName})`, cast: 'text', defaultDir: 'asc' },
  email: { expr: sql`coalesce(lower(${persons.email}), '')`, cast: 'text', defaultDir: 'asc' },
  since: { expr: sql`${persons.createdAt}`, cast: 'timestamptz', defaultDir: 'desc' },
};
export const customerDefaultDir = (s: CustomerSort) => SORT[s].defaultDir;

export type CustomerQuery = { q?: string; sort?: CustomerSort; dir?: SortDir; after?: string; before?: string };

export async function searchCustomers(db: DbOrTx, q: CustomerQuery) {
  const sort = q.sort ?? 'name';
  const dir = q.dir ?? SORT[sort].defaultDir;
  const { expr, cast } = SORT[sort];
  const mode = q.before ? 'before' : 'after';
  const cursor = decodeCursor(q.before ?? q.after);
  const plan = keysetPlan(dir, mode);
  // The shop's own people (admin, staff, warehouse operators) are not customers: they have no place
  // in this list. Distributors buy, so they stay; a guest (no account) is a customer.
  const where: SQL[] = [
    sql`not exists (select 1 from ${users} u where u.id = ${persons.userId} and u.role in ('admin', 'staff', 'warehouse'))`,
  ];
  if (q.q) {
    const digits = q.q.replace(/\D/g, '');
    const alternatives: SQL[] = [
      sql`${persons.id} in (${personMatch(q.q)})`,
      sql`${persons.organisationId} in (select id from ${organisations} where lower(${organisations.name}) like ${prefixPattern(q.q.trim())})`,
    ];
    if (digits.length >= 3)
      alternatives.push(sql`regexp_replace(coalesce(${persons.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
    where.push(or(...alternatives)!);
  }
  if (cursor)
    where.push(sql`(${expr}, ${persons.id}) ${sql.raw(plan.op)} (${cursor.v}::${sql.raw(cast)}, ${cursor.id})`);
  const fetchDir = sql.raw(plan.fetchDir);
  const rows = await db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      phone: persons.phone,
      createdAt: persons.createdAt,
      hasAccount: sql<boolean>`${persons.userId} is not null`,
      organisation: organisations.name,
      orderCount: sql<number>`(select count(*)::int from ${orders} o where o.person_id = ${persons.id} and o.status <> 'cart')`,
      sortKey: sql<string>`(${expr})::text`,
    })
    .from(persons)
    .leftJoin(organisations, eq(organisations.id, persons.organisationId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`${expr} ${fetchDir}`, sql`${persons.id} ${fetchDir}`)
    .limit(CUSTOMER_PAGE_SIZE + 1);
  const page = keysetPage(rows, CUSTOMER_PAGE_SIZE, mode, !!cursor, plan.reverse, (r) =>
    encodeCursor({ v: r.sortKey, id: r.id }),
  );
  return { ...page, sort, dir };
}

/** Everything the customer page shows, in one round of parallel reads. */
export async function getCustomer(db: DbOrTx, personId: number) {
  const [person] = await db
    .select({
      person: persons,
      organisation: organisations,
      userEmail: users.email,
      userRole: users.role,
      lastLoginAt: users.lastLoginAt,
    })
    .from(persons)
    .leftJoin(organisations, eq(organisations.id, persons.organisationId))
    .leftJoin(users, eq(users.id, persons.userId))
    .where(eq(persons.id, personId))
    .limit(1);
  if (!person) return undefined;
  const p = person.person;
  const ownsAddress = p.userId
    ? or(eq(addresses.personId, p.id), eq(addresses.userId, p.userId))!
    : eq(addresses.personId, p.id);
  const [addressRows, orderRows, paymentRows] = await Promise.all([
    db.select().from(addresses).where(ownsAddress).orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select({
        id: orders.id,
        status: orders.status,
        draft: orders.draft,
        total: orders.total,
        currency: orders.orderCurrency,
        createdAt: orders.createdAt,
        poNumber: orders.poNumber,
        // What it owes by the one rule, and a quote's own number (the buyer's "Quote #N").
        quote: orders.quote,
        quoteId: sql<number | null>`(select max(qu.id) from quotes qu where qu.order_id = ${ORDERS.id})`,
        unpaid: sql<string>`(${unpaidSql(ORDERS)})::text`,
      })
      .from(orders)
      .where(and(eq(orders.personId, p.id), sql`${orders.status} <> 'cart'`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(50),
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        type: payments.paymentType,
        successful: payments.successful,
        total: payments.total,
        currency: orders.orderCurrency,
        createdAt: payments.createdAt,
        checkNumber: payments.checkNumber,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.personId, p.id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(50),
  ]);
  return {
    ...p,
    organisation: person.organisation,
    userEmail: person.userEmail,
    lastLoginAt: person.lastLoginAt,
    addresses: addressRows,
    orders: orderRows.map((r) => ({ ...r, display: orderDisplayNumber(r), hasUnpaid: toCents(r.unpaid) > 0 })),
    payments: paymentRows,
  };
}
export type CustomerDetail = NonNullable<Awaited<ReturnType<typeof getCustomer>>>;

export function listCountries(db: DbOrTx) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.sort), asc(countries.name));
}

export { listRegionsByCountryCode as listRegionsOf } from '../channels/index.ts';
