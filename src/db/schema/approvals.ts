/** Spending limits and approval: members' limits set by their organisation's admin, and carts sent for approval. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, timestamps, tstz } from './columns.ts';
import { organisations, users } from './accounts.ts';
import { orders } from './orders.ts';

/** One member's limits; null = no limit of that kind. */
export const memberLimits = pgTable(
  'member_limits',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perOrderLimit: money('per_order_limit'),
    perPeriodLimit: money('per_period_limit'),
    period: text('period').notNull().default('month'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    check('member_limits_period', sql`${t.period} in ('month', 'quarter')`),
    check(
      'member_limits_non_negative',
      sql`(${t.perOrderLimit} is null or ${t.perOrderLimit} >= 0) and (${t.perPeriodLimit} is null or ${t.perPeriodLimit} >= 0)`,
    ),
    index('member_limits_user_idx').on(t.userId),
  ],
);

/**
 * A cart sent for approval: while pending, the cart is locked. `choice` is the place-order request as chosen at checkout.
 * Decided by an approver ('approved', 'rejected') or withdrawn by the member who sent it ('withdrawn': decided_by is the member).
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** Why it needed approval ('order' | 'period'), then the approver's reason on a rejection. */
    reason: text('reason'),
    choice: jsonb('choice').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_approvals_status', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
    uniqueIndex('order_approvals_one_pending_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('order_approvals_org_status_idx').on(t.organisationId, t.status),
    index('order_approvals_requested_by_idx').on(t.requestedBy),
    index('order_approvals_decided_by_idx').on(t.decidedBy),
  ],
);
