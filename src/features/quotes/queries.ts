/**
 * Quotes: reads and small writes, drizzle only. A quote is an order in status 'quote'
 * (orders.quote = true) plus its quotes row and its messages.
 */
import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  orderLineItems,
  orders,
  organisationPermissions,
  quoteMessages,
  quotes,
  rolePermissions,
  userPermissions,
  users,
} from '../../db/schema/index.ts';
import { addressCopySql } from '../orders/index.ts';
import { utcDay, type QuoteAuthor, type QuoteState } from '../../domain/quotes.ts';

export const QUOTES_KEY = 'quotes.manage';
export const QUOTES_PAGE_SIZE = 25;

export type QuoteRow = typeof quotes.$inferSelect;

/** The SQL of a shown state (an 'offered' quote past its day reads 'expired'). */
function stateWhere(state: QuoteState, now: Date): SQL | undefined {
  const today = utcDay(now);
  if (state === 'offered') return and(eq(quotes.status, 'offered'), gte(quotes.expiresOn, today));
  if (state === 'expired') return and(eq(quotes.status, 'offered'), lt(quotes.expiresOn, today));
  return eq(quotes.status, state);
}

const listColumns = {
  id: quotes.id,
  orderId: quotes.orderId,
  requestedBy: quotes.requestedBy,
  status: quotes.status,
  expiresOn: quotes.expiresOn,
  createdAt: quotes.createdAt,
  offeredAt: quotes.offeredAt,
  total: orders.total,
  currency: orders.orderCurrency,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  lines: sql<number>`(select count(*)::int from ${orderLineItems} l where l.order_id = ${orders.id} and l.product_id is not null)`,
};

/** The back office's index: newest first, optionally one shown state, a page of QUOTES_PAGE_SIZE. */
export async function listQuotes(db: DbOrTx, q: { state?: QuoteState; page: number }, now: Date) {
  const where = q.state ? stateWhere(q.state, now) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(quotes)
      .innerJoin(orders, eq(orders.id, quotes.orderId))
      .innerJoin(users, eq(users.id, quotes.requestedBy))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(QUOTES_PAGE_SIZE)
      .offset((q.page - 1) * QUOTES_PAGE_SIZE),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** A buyer's own quotes, and for an organisation's approver its members' too, newest first. */
export function quotesOfBuyer(db: DbOrTx, userId: number, approverOf: number | null) {
  const whose =
    approverOf === null
      ? eq(quotes.requestedBy, userId)
      : or(eq(quotes.requestedBy, userId), eq(quotes.organisationId, approverOf));
  return db
    .select(listColumns)
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .innerJoin(users, eq(users.id, quotes.requestedBy))
    .where(whose)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
}

export async function quoteById(db: DbOrTx, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return row;
}

/** The quote row locked for a decision. */
export async function lockQuote(db: DbOrTx, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  return row;
}

/** What the spending check needs of the quoted order. */
export async function orderTotal(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ total: orders.total, currency: orders.orderCurrency })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** The order of a quote with what the pages show. */
export async function quoteOrder(db: DbOrTx, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      version: orders.version,
      currency: orders.orderCurrency,
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shipping,
      tax: orders.tax,
      total: orders.total,
      submittedAt: orders.submittedAt,
      orgDiscount: orders.orgDiscount,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const lines = await db
    .select({
      id: orderLineItems.id,
      lineType: orderLineItems.lineType,
      productId: orderLineItems.productId,
      title: orderLineItems.title,
      stockcode: orderLineItems.stockcode,
      quantity: orderLineItems.quantity,
      unitPrice: orderLineItems.unitPrice,
      total: orderLineItems.total,
      discount: orderLineItems.discount,
      paidTotal: orderLineItems.paidTotal,
      promotionId: orderLineItems.promotionId,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return order ? { ...order, lines } : undefined;
}

/** The conversation, oldest first, with each author's name. */
export function messagesOf(db: DbOrTx, quoteId: number) {
  return db
    .select({
      id: quoteMessages.id,
      author: quoteMessages.author,
      kind: quoteMessages.kind,
      body: quoteMessages.body,
      createdAt: quoteMessages.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(quoteMessages)
    .leftJoin(users, eq(users.id, quoteMessages.authorId))
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.id));
}

export async function insertQuote(
  db: DbOrTx,
  v: { orderId: number; requestedBy: number; organisationId: number | null },
) {
  const [row] = await db
    .insert(quotes)
    .values({ ...v, status: 'requested' })
    .returning({ id: quotes.id });
  return row;
}

export async function addMessage(
  db: DbOrTx,
  v: {
    quoteId: number;
    authorId: number;
    author: QuoteAuthor;
    kind: 'request' | 'offer' | 'accept' | 'reject';
    body: string;
  },
) {
  await db.insert(quoteMessages).values(v);
}

export async function setQuote(db: DbOrTx, quoteId: number, v: Partial<typeof quotes.$inferInsert>) {
  await db
    .update(quotes)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(quotes.id, quoteId));
}

/** The buyer's cart turns into the quote: out of the cart paths (status 'quote'), marked as a quote. */
export async function cartBecomesQuote(db: DbOrTx, orderId: number, locale: string) {
  await db
    .update(orders)
    .set({ status: 'quote', quote: true, locale, updatedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(eq(orders.id, orderId));
}

/** Product lines on an order (a quote needs at least one). */
export async function productLineCount(db: DbOrTx, orderId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), sql`${orderLineItems.productId} is not null`));
  return Number(r?.n ?? 0);
}

/**
 * The accepted quote is placed as it stands: no line is touched (the quoted prices stay), the
 * status becomes 'pending' and the quote flag is cleared (owed: staff take payment as for any order) and the ship-to and
 * bill-to are copied from the address book as at checkout, when the cart had them.
 */
export async function placeQuotedOrder(db: DbOrTx, orderId: number, now: Date) {
  const [row] = await db
    .update(orders)
    .set({
      // An order now, owed like any other (order-balance.ts): the quote flag goes.
      status: 'pending',
      quote: false,
      submittedAt: now,
      updatedAt: now,
      version: sql`${orders.version} + 1`,
      shipTo: sql`coalesce(${orders.shipTo}, ${addressCopySql(orders.shipToAddressId)})`,
      billTo: sql`coalesce(${orders.billTo}, ${addressCopySql(orders.billToAddressId)})`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'quote')))
    .returning({ id: orders.id, total: orders.total, currency: orders.orderCurrency, locale: orders.locale });
  return row;
}

/** Whom to mail about quotes: every user holding quotes.manage (own override, else organisation's, else role's). */
export function quoteStaff(db: DbOrTx): Promise<{ id: number; email: string; locale: string }[]> {
  const own = sql`(select up.granted from ${userPermissions} up where up.user_id = ${users.id} and up.permission_key = ${QUOTES_KEY})`;
  const org = sql`(select op.granted from ${organisationPermissions} op where op.organisation_id = ${users.organisationId} and op.permission_key = ${QUOTES_KEY})`;
  const role = sql`exists (select 1 from ${rolePermissions} rp where rp.role = ${users.role} and rp.permission_key = ${QUOTES_KEY})`;
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(sql`coalesce(${own}, ${org}, ${role})`)
    .orderBy(users.id)
    .limit(50);
}

export async function userOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      locale: users.locale,
      organisationId: users.organisationId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The lines' stored prices and quantities (the counter-offer compares against them). */
export function linesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLineItems.id,
      unitPrice: orderLineItems.unitPrice,
      quantity: orderLineItems.quantity,
      productId: orderLineItems.productId,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId));
}

export async function setLine(db: DbOrTx, lineId: number, v: { unitPrice: string; quantity: number }) {
  await db.update(orderLineItems).set(v).where(eq(orderLineItems.id, lineId));
}
