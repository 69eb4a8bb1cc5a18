/** Packing an order (containers and what goes in them), the EPP rules and surveys. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, percent, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { warehouses } from './inventory.ts';

import { orderLineItems, orders } from './orders.ts';

/** Extended payment program rules; the active row (at most one) is the one in force. */
export const eppRules = pgTable(
  'epp_rules',
  {
    id: serial('id').primaryKey(),
    percentDown: jsonb('percent_down').$type<number[]>().notNull(),
    months: jsonb('months').$type<number[]>().notNull(),
    defaultPercentDown: integer('default_percent_down').notNull(),
    defaultMonths: integer('default_months').notNull(),
    feePercent: percent('fee_percent').notNull().default('0'),
    /**
     * The standard plan's yearly interest (note) rate in percent. Not the disclosed APR: that is
     * computed from the schedule with the fee included (src/domain/epp.ts).
     */
    interestRatePercent: percent('interest_rate_percent').notNull().default('0'),
    /** Products without an epp_products row are eligible when true (a row decides otherwise). */
    productsEligibleByDefault: boolean('products_eligible_by_default').notNull().default(true),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('epp_rules_rate', sql`${t.interestRatePercent} >= 0`),
    check('epp_rules_lists', sql`jsonb_typeof(${t.percentDown}) = 'array' and jsonb_typeof(${t.months}) = 'array'`),
    check('epp_rules_defaults', sql`${t.defaultPercentDown} between 1 and 100 and ${t.defaultMonths} > 0`),
    check(
      'epp_rules_defaults_listed',
      sql`${t.percentDown} @> jsonb_build_array(${t.defaultPercentDown}) and ${t.months} @> jsonb_build_array(${t.defaultMonths})`,
    ),
    check('epp_rules_fee', sql`${t.feePercent} >= 0`),
    uniqueIndex('epp_rules_one_active_uq').on(t.active).where(sql`${t.active}`),
  ],
);

export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('surveys_order_idx').on(t.orderId)],
);

/** Shipping containers (pallets, crates, boxes) an order's lines are packed into, one warehouse each (the containers screen). */
export const orderContainers = pgTable(
  'order_containers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('order_containers_order_idx').on(t.orderId),
    index('order_containers_warehouse_idx').on(t.warehouseId),
    index('order_containers_created_by_idx').on(t.createdBy),
  ],
);

/** How many units of a line go into a container; a line's units over all containers never exceed its quantity (checked by the service). */
export const orderContainerItems = pgTable(
  'order_container_items',
  {
    containerId: integer('container_id')
      .notNull()
      .references(() => orderContainers.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.containerId, t.lineItemId] }),
    index('order_container_items_line_idx').on(t.lineItemId),
    check('order_container_items_quantity', sql`${t.quantity} > 0`),
  ],
);
