/**
 * Spending limits and approval: reads and small writes, drizzle only. An approval row
 * marks a cart sent for approval; while it is pending, the cart is locked.
 */
import { and, asc, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  memberLimits,
  orderApprovals,
  orderLineItems,
  orders,
  organisationPermissions,
  paymentAttempts,
  rolePermissions,
  userPermissions,
  users,
} from '../../db/schema/index.ts';
import { toCents } from '../../domain/money.ts';
import { ORDERS } from '../../db/queries/order-balance.ts';
import { isLimitPeriod, type LimitPeriod, type SpendingLimits } from '../../domain/spending.ts';

export const APPROVER_KEY = 'organisation.users';

/**
 * A member's limits in cents (null: none set), for the rule. `lock` holds the member's limits row
 * until the transaction ends: the purchases that spend against it queue there, so each one's
 * check sees what the one before it spent.
 */
export async function limitsOfMember(
  db: DbOrTx,
  organisationId: number,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<SpendingLimits | null> {
  const q = db
    .select()
    .from(memberLimits)
    .where(and(eq(memberLimits.organisationId, organisationId), eq(memberLimits.userId, userId)))
    .limit(1);
  const [r] = opts.lock ? await q.for('update') : await q;
  if (!r || (r.perOrderLimit === null && r.perPeriodLimit === null)) return null;
  return {
    perOrder: r.perOrderLimit === null ? null : toCents(r.perOrderLimit),
    perPeriod: r.perPeriodLimit === null ? null : toCents(r.perPeriodLimit),
    period: isLimitPeriod(r.period) ? r.period : 'month',
  };
}

/** Writes a member's limits (both null: the row goes). Returns the row before, if any. */
export async function writeLimits(
  db: DbOrTx,
  organisationId: number,
  userId: number,
  v: { perOrderLimit: string | null; perPeriodLimit: string | null; period: LimitPeriod },
) {
  const where = and(eq(memberLimits.organisationId, organisationId), eq(memberLimits.userId, userId));
  const [before] = await db.select().from(memberLimits).where(where).for('update');
  if (v.perOrderLimit === null && v.perPeriodLimit === null) await db.delete(memberLimits).where(where);
  else {
    await db
      .insert(memberLimits)
      .values({ organisationId, userId, ...v })
      .onConflictDoUpdate({
        target: [memberLimits.organisationId, memberLimits.userId],
        set: { ...v, updatedAt: new Date() },
      });
  }
  return before;
}

/**
 * What a member spent since `since` in a currency, in cents: their placed, not cancelled orders,
 * and the placements under way (an open payment attempt: its cart was checked and reserved, and
 * is placed once the payment step confirms it). Without the second part, two placements reserved
 * one after the other would each find the room the other is about to take.
 */
export async function spentSince(
  db: DbOrTx,
  userId: number,
  since: Date,
  currency: string,
  exceptOrderId?: number,
): Promise<number> {
  const placed = db
    .select({ cents: sql`coalesce(sum(${orders.total}), 0) * 100` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        notInArray(orders.status, ['cart', 'quote', 'cancelled']),
        gte(orders.submittedAt, since),
        eq(orders.orderCurrency, currency),
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  const underWay = db
    .select({ cents: sql`coalesce(sum(${paymentAttempts.totalCents}), 0)` })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.userId, userId),
        inArray(paymentAttempts.status, ['reserved', 'charged']),
        gte(paymentAttempts.createdAt, since),
        eq(paymentAttempts.currency, currency),
        exceptOrderId ? sql`${paymentAttempts.orderId} <> ${exceptOrderId}` : undefined,
      ),
    );
  const [row] = await db
    .select({ cents: sql<string>`((${placed}) + (${underWay}))::bigint::text` })
    .from(sql`(select 1) as one`);
  return Number(row?.cents ?? 0);
}

/** The pending approval of a cart, if any (the cart is locked while it exists). */
export async function pendingApprovalOf(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orderApprovals.id })
    .from(orderApprovals)
    .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.status, 'pending')))
    .limit(1);
  return row;
}

/** The members who may approve for an organisation: those who hold organisation.users (user override, else organisation's, else role's). */
export async function approversOf(
  db: DbOrTx,
  organisationId: number,
): Promise<{ id: number; email: string; locale: string }[]> {
  const own = sql`(select up.granted from ${userPermissions} up where up.user_id = ${users.id} and up.permission_key = ${APPROVER_KEY})`;
  const org = sql`(select op.granted from ${organisationPermissions} op where op.organisation_id = ${organisationId} and op.permission_key = ${APPROVER_KEY})`;
  const role = sql`exists (select 1 from ${rolePermissions} rp where rp.role = ${users.role} and rp.permission_key = ${APPROVER_KEY})`;
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), sql`coalesce(${own}, ${org}, ${role})`))
    .orderBy(users.id);
}

export type ApprovalRow = {
  id: number;
  orderId: number;
  requestedBy: number;
  status: string;
  reason: string | null;
  choice: unknown;
  createdAt: Date;
  email: string;
  firstName: string | null;
  lastName: string | null;
  total: string;
  currency: string;
};

/** An organisation's approvals, pending first then the latest decided (at most `limit`). */
export async function approvalsOfOrganisation(
  db: DbOrTx,
  organisationId: number,
  statuses: string[] = ['pending'],
  limit = 200,
): Promise<ApprovalRow[]> {
  return db
    .select({
      id: orderApprovals.id,
      orderId: orderApprovals.orderId,
      requestedBy: orderApprovals.requestedBy,
      status: orderApprovals.status,
      reason: orderApprovals.reason,
      choice: orderApprovals.choice,
      createdAt: orderApprovals.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      total: orders.total,
      currency: orders.orderCurrency,
    })
    .from(orderApprovals)
    .innerJoin(users, eq(users.id, orderApprovals.requestedBy))
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .where(and(eq(orderApprovals.organisationId, organisationId), inArray(orderApprovals.status, statuses)))
    .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
    .limit(limit);
}

/** One approval of the organisation, locked (decisions queue on it). */
export async function lockApproval(db: DbOrTx, organisationId: number, approvalId: number) {
  const [row] = await db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.id, approvalId), eq(orderApprovals.organisationId, organisationId)))
    .for('update');
  return row;
}

/** One of the member's own approvals, locked (a decision and a withdrawal queue on it); another's is not found. */
export async function lockOwnApproval(db: DbOrTx, userId: number, approvalId: number) {
  const [row] = await db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.id, approvalId), eq(orderApprovals.requestedBy, userId)))
    .for('update');
  return row;
}

export async function insertApproval(
  db: DbOrTx,
  v: { orderId: number; requestedBy: number; organisationId: number; reason: string; choice: Record<string, unknown> },
) {
  const [row] = await db
    .insert(orderApprovals)
    .values({ ...v, status: 'pending' })
    .returning({ id: orderApprovals.id });
  return row;
}

/** Decides (or, by the member, withdraws) a pending approval; false when it was no longer pending. */
export async function decideApproval(
  db: DbOrTx,
  approvalId: number,
  v: { status: 'approved' | 'rejected' | 'withdrawn'; decidedBy: number; reason?: string },
): Promise<boolean> {
  const rows = await db
    .update(orderApprovals)
    .set({
      status: v.status,
      decidedBy: v.decidedBy,
      decidedAt: new Date(),
      ...(v.reason !== undefined ? { reason: v.reason } : {}),
    })
    .where(and(eq(orderApprovals.id, approvalId), eq(orderApprovals.status, 'pending')))
    .returning({ id: orderApprovals.id });
  return rows.length === 1;
}

export async function approvalById(db: DbOrTx, approvalId: number) {
  const [row] = await db.select().from(orderApprovals).where(eq(orderApprovals.id, approvalId)).limit(1);
  return row;
}

export async function userEmail(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The member's cart, locked (placement locks it first too). */
export async function lockCartOf(db: DbOrTx, orderId: number, userId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'cart')))
    .for('update');
  return row;
}

/** The latest approval of a cart (pending, decided or withdrawn), for the cart page's notice. */
export async function latestApprovalOf(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orderApprovals.id, status: orderApprovals.status, reason: orderApprovals.reason })
    .from(orderApprovals)
    .where(eq(orderApprovals.orderId, orderId))
    .orderBy(desc(orderApprovals.id))
    .limit(1);
  return row;
}

/**
 * What an approver reads of the carts waiting: each order's stored figures and its lines,
 * in one statement (the lines as a json array per order), for the figures view (orders/figures.ts).
 */
export async function approvalOrders(db: DbOrTx, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      quote: orders.quote,
      orgDiscount: orders.orgDiscount,
      subtotal: orders.subtotal,
      shipping: orders.shipping,
      tax: orders.tax,
      discount: orders.discount,
      total: orders.total,
      orderCurrency: orders.orderCurrency,
      poNumber: orders.poNumber,
      lines: sql<
        {
          id: number;
          lineType: number;
          title: string;
          stockcode: string | null;
          unitPrice: string;
          quantity: number;
          discount: string;
          paidTotal: string;
          promotionId: number | null;
        }[]
      >`(
      select coalesce(json_agg(json_build_object('id', l.id, 'lineType', l.line_type, 'title', l.title, 'stockcode', l.stockcode, 'unitPrice', l.unit_price::text,
        'quantity', l.quantity, 'discount', l.discount::text, 'paidTotal', l.paid_total::text, 'promotionId', l.promotion_id) order by l.sort, l.id), '[]')
      from ${orderLineItems} l where l.order_id = ${ORDERS.id})`,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id));
  // numeric as text keeps its two decimals ('25.00'), as drizzle's money columns read.
  return rows.map((r) => ({
    ...r,
    lines: r.lines.map((l) => ({
      ...l,
      unitPrice: Number(l.unitPrice).toFixed(2),
      discount: Number(l.discount).toFixed(2),
      paidTotal: Number(l.paidTotal).toFixed(2),
    })),
  }));
}

/**
 * A member's own carts waiting for approval (the account's order history lists them, the
 * header offers no Checkout while one waits), newest first.
 */
export async function pendingApprovalsOfMember(db: DbOrTx, userId: number) {
  return db
    .select({
      id: orderApprovals.id,
      orderId: orderApprovals.orderId,
      reason: orderApprovals.reason,
      createdAt: orderApprovals.createdAt,
      total: orders.total,
      currency: orders.orderCurrency,
    })
    .from(orderApprovals)
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .where(and(eq(orderApprovals.requestedBy, userId), eq(orderApprovals.status, 'pending')))
    .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id));
}
