/** Countries, regions, currencies and the country channels (currency, rate, payment methods). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rate, timestamps } from './columns.ts';
import { warehouses } from './inventory.ts';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    /** ISO 3166-1 alpha-2, upper case. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The spec's order is US, CA, then by name: US = 1, CA = 2, everyone else 100 (then name). */
    sort: integer('sort').notNull().default(100),
  },
  (t) => [
    check('countries_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`),
    index('countries_sort_name_idx').on(t.sort, t.name),
  ],
);

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    /** Subdivision code without the country prefix: 'IA', 'SK', 'JAL'. */
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('regions_country_code_uq').on(t.countryId, t.code),
    index('regions_country_name_idx').on(t.countryId, t.name),
  ],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    /** ISO 4217: 'USD'. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: smallint('decimals').notNull().default(2),
  },
  (t) => [
    check('currencies_code_format', sql`${t.code} ~ '^[A-Z]{3}$'`),
    check('currencies_decimals_range', sql`${t.decimals} between 0 and 4`),
  ],
);

export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    /** 'US', 'CA', 'MX'. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    /** Units of the channel currency per 1 USD (the catalogue's base currency). */
    midMarketRate: rate('mid_market_rate').notNull(),
    /** IANA time zone the channel's dates are shown in, e.g. 'America/Chicago'. */
    zoneLocation: text('zone_location').notNull(),
    taxExemptAvailable: boolean('tax_exempt_available').notNull().default(false),
    /** Locale prefix used when a visitor is switched to this channel: 'en-us', 'en-ca', 'es-mx'. */
    defaultLocale: text('default_locale').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('channels_rate_positive', sql`${t.midMarketRate} > 0`),
    index('channels_currency_idx').on(t.currencyId),
  ],
);

/** Which countries a channel serves (a country belongs to at most one channel). */
export const channelCountries = pgTable(
  'channel_countries',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.countryId] }),
    uniqueIndex('channel_countries_country_uq').on(t.countryId),
  ],
);

export const channelPaymentMethods = pgTable(
  'channel_payment_methods',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** 'card' (payment type 1), 'check' (payment type 2), 'bank' (bank account, micro-deposits). */
    method: text('method').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('channel_payment_methods_channel_method_uq').on(t.channelId, t.method),
    check('channel_payment_methods_method', sql`${t.method} in ('card', 'check', 'bank')`),
  ],
);

/** Warehouses a channel ships from, in order of preference (the product editor's selectedWarehouses). */
export const channelWarehouses = pgTable(
  'channel_warehouses',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.warehouseId] }),
    index('channel_warehouses_warehouse_idx').on(t.warehouseId),
  ],
);

/**
 * The street address of a place (a dealer, a warehouse); people's addresses live in `addresses`.
 * A function declaration, not a const: geo.ts and inventory.ts import each other, and only a
 * hoisted declaration is ready when the other module first runs.
 */
export function postalAddress() {
  return {
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    regionCode: text('region_code').notNull(),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
  };
}
