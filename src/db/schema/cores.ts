/**
 * Core deposits: whether a ship-to taxes a core deposit (core_tax_rules: a region's rule beats
 * its country's; no rule means not taxed), what each order line was charged as a deposit and
 * whether it was taxed (order_line_cores), and the cores customers sent back (core_returns: staff
 * mark one received and inspected with a full or partial credit, a reason for a partial one).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { money, timestamps, tstz } from './columns.ts';
import { orderLineItems, orders } from './orders.ts';
import { refunds } from './refunds.ts';

export const coreTaxRules = pgTable(
  'core_tax_rules',
  {
    id: serial('id').primaryKey(),
    /** ISO alpha-2. */
    country: text('country').notNull(),
    /** A region code of that country; '' for the whole country. */
    region: text('region').notNull().default(''),
    taxable: boolean('taxable').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('core_tax_rules_place_uq').on(t.country, t.region)],
);

export const orderLineCores = pgTable(
  'order_line_cores',
  {
    lineItemId: integer('line_item_id')
      .primaryKey()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The deposit per unit, in the order's currency. */
    unitDeposit: money('unit_deposit').notNull(),
    /** The deposit for the line's quantity. */
    deposit: money('deposit').notNull(),
    taxed: boolean('taxed').notNull().default(false),
    /** The tax charged on the deposit (0 when not taxed). */
    tax: money('tax').notNull().default('0'),
  },
  (t) => [
    check('order_line_cores_amounts', sql`${t.unitDeposit} > 0 and ${t.deposit} > 0 and ${t.tax} >= 0`),
    index('order_line_cores_order_idx').on(t.orderId),
  ],
);

export const coreReturns = pgTable(
  'core_returns',
  {
    id: serial('id').primaryKey(),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    receivedAt: tstz('received_at').notNull(),
    inspected: boolean('inspected').notNull().default(true),
    /** What the deposit is credited (tax apart). */
    credit: money('credit').notNull(),
    /** The tax refunded with the credit, in proportion to the tax charged on the deposit. */
    taxCredit: money('tax_credit').notNull().default('0'),
    reason: text('reason'),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('core_returns_quantity', sql`${t.quantity} > 0`),
    check('core_returns_credit', sql`${t.credit} >= 0 and ${t.taxCredit} >= 0`),
    index('core_returns_line_idx').on(t.lineItemId),
    index('core_returns_refund_idx').on(t.refundId),
    index('core_returns_staff_idx').on(t.staffId),
  ],
);
