/** What pays an order: payments, fees and how each payment is split onto what it pays. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ALLOCATION_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { createdAt, money, timestamps } from './columns.ts';
import { users } from './accounts.ts';

import { orderLineItems, orders } from './orders.ts';

const paymentTypes = Object.values(PAYMENT_TYPES).join(', ');

/** An allocation names exactly what it pays: a line, a fee, the shipping, or one authority's tax. */
export function allocationTarget(type: AnyPgColumn, line: AnyPgColumn, fee: AnyPgColumn | null, taxName: AnyPgColumn) {
  const feeNull = fee ? sql` and ${fee} is null` : sql``;
  const feeSet = fee ? sql` and ${fee} is not null` : sql` and false`;
  return sql`(${type} = ${sql.raw(String(ALLOCATION_TYPES.LINE))} and ${line} is not null${feeNull} and ${taxName} is null)
    or (${type} = ${sql.raw(String(ALLOCATION_TYPES.FEE))} and ${line} is null${feeSet} and ${taxName} is null)
    or (${type} = ${sql.raw(String(ALLOCATION_TYPES.SHIPPING))} and ${line} is null${feeNull} and ${taxName} is null)
    or (${type} = ${sql.raw(String(ALLOCATION_TYPES.TAX))} and ${line} is null${feeNull} and ${taxName} is not null)`;
}

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 card, 2 check. */
    paymentType: integer('payment_type').notNull(),
    successful: boolean('successful').notNull().default(false),
    total: money('total').notNull(),
    /** The card processor's charge id, e.g. 'pi_…' or 'offline_…'. */
    providerRef: text('provider_ref'),
    paymentMethodId: text('payment_method_id'),
    checkNumber: text('check_number'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('payments_payment_type', sql`${t.paymentType} in (${sql.raw(paymentTypes)})`),
    check('payments_total_positive', sql`${t.total} > 0`),
    index('payments_order_idx').on(t.orderId),
    index('payments_created_by_idx').on(t.createdBy),
    index('payments_provider_ref_idx').on(t.providerRef),
  ],
);

export const orderFees = pgTable(
  'order_fees',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: money('amount').notNull(),
    paid: boolean('paid').notNull().default(false),
    ...timestamps(),
  },
  (t) => [check('order_fees_amount_positive', sql`${t.amount} > 0`), index('order_fees_order_idx').on(t.orderId)],
);

/** How a payment is split: type 0 onto a line item, type 1 onto a fee. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    type: integer('type').notNull().default(0),
    lineItemId: integer('line_item_id').references(() => orderLineItems.id, { onDelete: 'cascade' }),
    feeId: integer('fee_id').references(() => orderFees.id, { onDelete: 'cascade' }),
    /** For a tax allocation (type 3): the authority's name, as on the order's tax lines. */
    taxName: text('tax_name'),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_allocations_target', allocationTarget(t.type, t.lineItemId, t.feeId, t.taxName)),
    check('payment_allocations_amount_positive', sql`${t.amount} > 0`),
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_line_item_idx').on(t.lineItemId),
    index('payment_allocations_fee_idx').on(t.feeId),
  ],
);
