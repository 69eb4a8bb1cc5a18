/** Warehouses, stock levels and the shipping rate table the rate engine reads. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coord, measure, money, timestamps } from './columns.ts';
import { postalAddress } from './geo.ts';
import { organisations } from './accounts.ts';
import { products } from './catalog.ts';

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    /** 'US-DSM', 'CA-SKT'. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    ...postalAddress(),
    phone: text('phone'),
    lat: coord('lat'),
    lng: coord('lng'),
    /** sha256 hex of the warehouse API key; the key itself is shown once when (re)generated. */
    apiKeyHash: text('api_key_hash').unique(),
    apiKeyLast4: text('api_key_last4'),
    /** IANA time zone of the warehouse (cut-off times, ship dates). */
    zone: text('zone').notNull().default('America/Chicago'),
    active: boolean('active').notNull().default(true),
    /** Days a back-ordered part takes to arrive here when no restock is expected (null: unknown). */
    leadTimeDays: integer('lead_time_days'),
    ...timestamps(),
  },
  (t) => [index('warehouses_organisation_idx').on(t.organisationId), index('warehouses_country_idx').on(t.countryCode)],
);

export const inventory = pgTable(
  'inventory',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /** Held by open orders; available = quantity - reserved. */
    reserved: integer('reserved').notNull().default(0),
    resupplyDate: date('resupply_date'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('inventory_warehouse_product_uq').on(t.warehouseId, t.productId),
    index('inventory_product_idx').on(t.productId),
    check('inventory_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('inventory_reserved_range', sql`${t.reserved} >= 0`),
  ],
);

/**
 * Rate table, prices in USD: price = base_price + per_kg × billable weight (+ residential_surcharge),
 * for the bracket min_weight <= weight < max_weight. zone is the destination as seen from the
 * warehouse: 'local', 'domestic' or 'international' (src/domain/shipping.ts zoneFor decides).
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    /** 'ground', 'express', 'freight'. */
    serviceType: text('service_type').notNull(),
    zone: text('zone').notNull(),
    /** Kilograms; the bracket is [min_weight, max_weight). */
    minWeight: measure('min_weight').notNull(),
    maxWeight: measure('max_weight').notNull(),
    basePrice: money('base_price').notNull(),
    perKg: money('per_kg').notNull().default('0'),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    residentialSurcharge: money('residential_surcharge').notNull().default('0'),
  },
  (t) => [
    index('shipping_rates_lookup_idx').on(t.warehouseId, t.zone, t.minWeight),
    check('shipping_rates_weights', sql`${t.minWeight} >= 0 and ${t.maxWeight} > ${t.minWeight}`),
    check('shipping_rates_days', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    check('shipping_rates_prices', sql`${t.basePrice} >= 0 and ${t.perKg} >= 0 and ${t.residentialSurcharge} >= 0`),
  ],
);
