/**
 * What checkout adds to the order tables: sales-tax rates by destination, the tax-exemption
 * declaration signed at checkout, the stock each line took from each warehouse, and the
 * Idempotency-Key ledger of order placement.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { orderLineItems, orders } from './orders.ts';
import { warehouses } from './inventory.ts';

/** Sales tax by ship-to country and region; region '' is the country's rate for regions not listed. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code').notNull().default(''),
    name: text('name').notNull(),
    /** A fraction: 0.0625 is 6.25 %. */
    rate: numeric('rate', { precision: 7, scale: 5 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('tax_rates_lookup_idx').on(t.countryCode, t.regionCode),
    check('tax_rates_rate_range', sql`${t.rate} >= 0 and ${t.rate} < 1`),
  ],
);

/** The tax-exemption declaration a buyer signs at checkout (spec §3 Tax exemption data), one per order. */
export const orderTaxExemptions = pgTable('order_tax_exemptions', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  bizType: text('biz_type').notNull(),
  signature: text('signature').notNull(),
  positionTitle: text('position_title').notNull(),
  organizationName: text('organization_name'),
  createdAt: createdAt(),
});

/** Stock taken for a line, per warehouse (a line may be split when one warehouse cannot fill it). */
export const stockAllocations = pgTable(
  'stock_allocations',
  {
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lineItemId, t.warehouseId] }),
    index('stock_allocations_warehouse_idx').on(t.warehouseId),
    check('stock_allocations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * One row per (user, Idempotency-Key) of POST /order/place: the request's fingerprint and the
 * answer given, so the same key again gets the first answer and a changed body gets 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_order_idx').on(t.orderId),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
