/**
 * Refunds of card payments: each refund goes back through the card provider and is
 * spread over the lines the payment paid, newest allocation first (refund_allocations), so a
 * line's paid_total is always Σ its payment allocations − Σ its refund allocations.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, money } from './columns.ts';
import { allocationTarget, payments } from './order-payments.ts';
import { orderLineItems } from './orders.ts';
import { returns } from './returns.ts';

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    /** The card processor's refund id ('re_…' or 'offline_re_…'). */
    providerRef: text('provider_ref').notNull(),
    reason: text('reason'),
    /** The return whose goods this refund pays back: those goods leave the bill (order-balance.ts). */
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_return_idx').on(t.returnId),
  ],
);

export const refundAllocations = pgTable(
  'refund_allocations',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    /** What the refund takes back (ALLOCATION_TYPES): a line (0), shipping (2) or one authority's tax (3). */
    type: integer('type').notNull().default(0),
    lineItemId: integer('line_item_id').references(() => orderLineItems.id, { onDelete: 'cascade' }),
    taxName: text('tax_name'),
    amount: money('amount').notNull(),
  },
  (t) => [
    check('refund_allocations_target', allocationTarget(t.type, t.lineItemId, null, t.taxName)),
    check('refund_allocations_amount_positive', sql`${t.amount} > 0`),
    index('refund_allocations_refund_idx').on(t.refundId),
    index('refund_allocations_line_idx').on(t.lineItemId),
  ],
);
