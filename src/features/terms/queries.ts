/**
 * Pay on terms: reads and small writes, drizzle only. An order belongs to the
 * organisation of its buyer's account (else of its person), as webhooks' eventOrganisationSql.
 * What an invoice still owes is the balance rule's (order-balance.ts, SQL twin in db/queries) (staff record the
 * customer's payment against the order later, by check or card, in the order editor).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ORDERS, owedStatusSql, unpaidSql } from '../../db/queries/order-balance.ts';
import { orders, organisations, persons, users } from '../../db/schema/index.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { encodeCursor, keysetPage, keysetPlan, type SortDir } from '../../domain/keyset.ts';
import { toCents } from '../../domain/money.ts';

/** The organisation an order belongs to (SQL, for `o` = the orders table). */
const orderOrganisation = sql`coalesce((select u.organisation_id from ${users} u where u.id = ${orders.userId}), (select p.organisation_id from ${persons} p where p.id = ${orders.personId}))`;

/** What an order still owes, by the one rule (order-balance.ts): total + fees − successful payments + refunds, ≥ 0; 0 unless owed. */
export const owedSql = unpaidSql(ORDERS);

/** Placed orders that are owed (OWED_STATUSES, not a quote) paid by invoice that still owe something. */
const openInvoice: SQL = sql`${orders.paymentType} = ${PAYMENT_TYPES.INVOICE} and ${owedStatusSql(ORDERS)} and ${orders.paymentDueOn} is not null and ${owedSql} > 0`;

export type OrgTerms = { id: number; name: string; netTermsDays: number | null; creditLimit: string };

/** The terms of a user's organisation; `lock` holds the organisation's row (placements by invoice queue on it). */
export async function termsOfUser(
  db: DbOrTx,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<OrgTerms | undefined> {
  // The user's organisation in one statement (locked, `of` it alone, when asked).
  const q = db
    .select({
      id: organisations.id,
      name: organisations.name,
      netTermsDays: organisations.netTermsDays,
      creditLimit: organisations.creditLimit,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = opts.lock ? await q.for('update', { of: organisations }) : await q;
  return row;
}

/** What an organisation owes on open invoices in a currency, in cents (an order being placed excluded). */
export async function openBalanceCents(
  db: DbOrTx,
  organisationId: number,
  currency: string,
  exceptOrderId?: number,
): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string>`coalesce(sum(${owedSql}), 0)::text` })
    .from(orders)
    .where(
      and(
        openInvoice,
        sql`${orderOrganisation} = ${organisationId}`,
        eq(orders.orderCurrency, currency),
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  return toCents(row?.owed ?? '0');
}

/** Staff set an organisation's terms (the caller audits, in the same transaction). Returns the row before. */
export async function writeOrgTerms(
  db: DbOrTx,
  organisationId: number,
  terms: { netTermsDays: number | null; creditLimit: string },
) {
  const [before] = await db
    .select({
      netTermsDays: organisations.netTermsDays,
      creditLimit: organisations.creditLimit,
      name: organisations.name,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  if (!before) return undefined;
  await db
    .update(organisations)
    .set({ netTermsDays: terms.netTermsDays, creditLimit: terms.creditLimit, updatedAt: new Date() })
    .where(eq(organisations.id, organisationId));
  return before;
}

export type DueInvoice = {
  id: number;
  dueOn: string;
  submittedAt: Date | null;
  total: string;
  owed: string;
  currency: string;
  personId: number | null;
  customer: string;
  email: string | null;
  organisation: string | null;
  lastRemindedAt: Date | null;
};

/** A position in the invoices-due order: the due date ('YYYY-MM-DD') and the order id of a row. */
export type DueCursor = { dueOn: string; id: number };

/** Rows of the invoices-due index on one page of the back office. */
export const INVOICES_PAGE_SIZE = 50;

const dueFilter = (overdueBefore?: string): SQL | undefined =>
  overdueBefore ? sql`${orders.paymentDueOn} < ${overdueBefore}::date` : undefined;

/** Open invoices matching `where`, in (due date, id) order ascending or descending, at most `limit`. */
async function selectDue(
  db: DbOrTx,
  where: (SQL | undefined)[],
  fetchDir: SortDir,
  limit: number,
): Promise<DueInvoice[]> {
  const dir = sql.raw(fetchDir);
  const rows = await db
    .select({
      id: orders.id,
      dueOn: orders.paymentDueOn,
      submittedAt: orders.submittedAt,
      total: orders.total,
      owed: sql<string>`(${owedSql})::text`,
      currency: orders.orderCurrency,
      personId: orders.personId,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      organisation: sql<string | null>`(select og.name from ${organisations} og where og.id = ${orderOrganisation})`,
      lastRemindedAt: orders.lastRemindedAt,
    })
    .from(orders)
    .leftJoin(persons, eq(persons.id, orders.personId))
    .where(and(openInvoice, ...where))
    .orderBy(sql`${orders.paymentDueOn} ${dir}`, sql`${orders.id} ${dir}`)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    dueOn: r.dueOn!,
    submittedAt: r.submittedAt,
    total: r.total,
    owed: r.owed,
    currency: r.currency,
    personId: r.personId,
    customer: [r.firstName, r.lastName].filter(Boolean).join(' '),
    email: r.email,
    organisation: r.organisation,
    lastRemindedAt: r.lastRemindedAt,
  }));
}

/** The keyset condition "after" (`>`) or "before" (`<`) a cursor in (due date, id) order. */
const pastCursor = (op: '<' | '>', c: DueCursor): SQL =>
  sql`(${orders.paymentDueOn}, ${orders.id}) ${sql.raw(op)} (${c.dueOn}::date, ${c.id}::int)`;

/**
 * Open invoices by due date then id (oldest first), `limit` of them (the reminder job walks them in
 * batches); `overdueBefore`: only those due before that day ('YYYY-MM-DD'); `after`: those past a
 * row already seen.
 */
export async function dueInvoices(
  db: DbOrTx,
  opts: { overdueBefore?: string; after?: DueCursor; limit: number },
): Promise<DueInvoice[]> {
  return selectDue(
    db,
    [dueFilter(opts.overdueBefore), opts.after ? pastCursor('>', opts.after) : undefined],
    'asc',
    opts.limit,
  );
}

/**
 * One page of the back office's invoices due (keyset, src/domain/keyset.ts): `after` or `before` a
 * cursor row, `next`/`prev` the cursors of the neighbouring pages (null at either end).
 */
export async function dueInvoicesPage(
  db: DbOrTx,
  opts: { overdueBefore?: string; after?: DueCursor; before?: DueCursor; size?: number } = {},
) {
  const size = opts.size ?? INVOICES_PAGE_SIZE;
  const mode = opts.before ? 'before' : 'after';
  const cursor = opts.before ?? opts.after;
  const plan = keysetPlan('asc', mode);
  const rows = await selectDue(
    db,
    [dueFilter(opts.overdueBefore), cursor ? pastCursor(plan.op, cursor) : undefined],
    plan.fetchDir,
    size + 1,
  );
  return keysetPage(rows, size, mode, !!cursor, plan.reverse, (r) => encodeCursor({ v: r.dueOn, id: r.id }));
}

/** Records a reminder as sent, unless another run recorded one since `notSince` (so two runs never both mail). */
export async function claimReminder(db: DbOrTx, orderId: number, now: Date, notSince: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ lastRemindedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        sql`(${orders.lastRemindedAt} is null or ${orders.lastRemindedAt} <= ${notSince.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** The locale the buyer placed the order in (the reminder is written in it). */
export async function orderLocale(db: DbOrTx, orderId: number): Promise<string> {
  const [row] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.locale ?? 'en-us';
}

/** Gives a claim back (the mail failed): last_reminded_at returns to what it was, if still ours. */
export async function releaseReminder(
  db: DbOrTx,
  orderId: number,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(orders)
    .set({ lastRemindedAt: previous })
    .where(and(eq(orders.id, orderId), sql`${orders.lastRemindedAt} = ${claimedAt.toISOString()}::timestamptz`));
}
