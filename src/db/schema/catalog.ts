/** Catalogue: categories, products, options, distributors, channel prices, parts diagrams. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AVAILABILITIES, INVENTORY_TYPES } from './constants.ts';
import { createdAt, inList, measure, money, timestamps } from './columns.ts';
import { channels, currencies } from './geo.ts';
import { organisations, users } from './accounts.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId),
    check('categories_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    stockcode: text('stockcode').notNull().unique(),
    sku: text('sku').unique(),
    gtin: text('gtin'),
    brand: text('brand'),
    tariffCode: text('tariff_code'),
    shippingLabel: text('shipping_label'),
    isKit: boolean('is_kit').notNull().default(false),
    description: text('description').notNull().default(''),
    /** 0 active (listed), 1 draft / hidden, 2 discontinued. */
    status: integer('status').notNull().default(0),
    notes: text('notes'),
    inventoryType: text('inventory_type').notNull().default('stocked'),
    availability: text('availability').notNull().default('in_stock').$type<(typeof AVAILABILITIES)[number]>(),
    /** Shown when stock is 0 but more is coming: the add-to-cart stays enabled. */
    resupplyDate: date('resupply_date'),
    /** Out of stock everywhere, it can still be ordered: the missing units are back-ordered with an expected ship date. */
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    /** Base price in USD (channel_prices override per channel). */
    price: money('price').notNull(),
    /** Core deposit on a remanufactured part, in the base currency (null: no core); refunded when the old part comes back. */
    coreCharge: money('core_charge'),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    primaryImage: text('primary_image'),
    /** Gallery image paths, primary first: ['/images/products/x.svg', ...]. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    imageHash: text('image_hash'),
    boxMethod: text('box_method'),
    /** Freight class, e.g. '85'. */
    class: text('class'),
    nmfc: text('nmfc'),
    /** Centimetres and kilograms. */
    length: measure('length'),
    width: measure('width'),
    height: measure('height'),
    weight: measure('weight'),
    isPhysical: boolean('is_physical').notNull().default(true),
    isStackable: boolean('is_stackable').notNull().default(false),
    stackableQuantity: integer('stackable_quantity'),
    stackableLength: measure('stackable_length'),
    stackableWidth: measure('stackable_width'),
    stackableHeight: measure('stackable_height'),
    isNonStock: boolean('is_non_stock').notNull().default(false),
    nonStockLabel: text('non_stock_label'),
    /** Country of origin, ISO alpha-2. */
    coo: text('coo'),
    taxonomyTerms: jsonb('taxonomy_terms').$type<string[]>().notNull().default([]),
    /** Higher sells more; drives "popular products". */
    popularity: integer('popularity').notNull().default(0),
    /** Whether a customer may ask to return it, and within how many days (null: the default, domain/returns.ts). */
    returnable: boolean('returnable').notNull().default(true),
    returnWindowDays: integer('return_window_days'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('products_status', sql`${t.status} in (0, 1, 2)`),
    check('products_availability', inList(t.availability, AVAILABILITIES)),
    check('products_inventory_type', inList(t.inventoryType, INVENTORY_TYPES)),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_core_charge_positive', sql`${t.coreCharge} is null or ${t.coreCharge} > 0`),
    check(
      'products_dimensions_nonnegative',
      sql`coalesce(${t.length}, 0) >= 0 and coalesce(${t.width}, 0) >= 0 and coalesce(${t.height}, 0) >= 0 and coalesce(${t.weight}, 0) >= 0`,
    ),
    check('products_return_window', sql`${t.returnWindowDays} is null or ${t.returnWindowDays} >= 0`),
    check('products_stackable_quantity', sql`${t.stackableQuantity} is null or ${t.stackableQuantity} > 0`),
    // Case-insensitive prefix search (`lower(title) like 'abc%'`) and exact title lookups.
    index('products_title_lower_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('products_stockcode_lower_idx').on(sql`lower(${t.stockcode}) text_pattern_ops`),
    index('products_gtin_idx').on(t.gtin),
    index('products_status_popularity_idx').on(t.status, t.popularity),
    index('products_currency_idx').on(t.currencyId),
    index('products_created_by_idx').on(t.createdBy),
    index('products_updated_by_idx').on(t.updatedBy),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

/** Snapshots the product editor works on (product_audit_id in the editor's URLs). */
export const productAudits = pgTable(
  'product_audits',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_audits_product_idx').on(t.productId, t.createdAt),
    index('product_audits_created_by_idx').on(t.createdBy),
  ],
);

/**
 * An option of a product. Top-level options have parent_choice_id null; a child option is shown
 * only while its parent choice is selected (nesting may go deeper the same way).
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentChoiceId: integer('parent_choice_id').references((): AnyPgColumn => optionChoices.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    /** 0 = pick one choice; 1 = every choice takes a quantity 0..35. */
    optionType: integer('option_type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    required: boolean('required').notNull().default(false),
    /** Order of this option's segment in the configured stock code (1-based). */
    stockCodePosition: integer('stock_code_position').notNull().default(1),
  },
  (t) => [
    check('product_options_type', sql`${t.optionType} in (0, 1)`),
    check('product_options_position', sql`${t.stockCodePosition} >= 1`),
    index('product_options_product_idx').on(t.productId, t.sort),
    index('product_options_parent_choice_idx').on(t.parentChoiceId),
  ],
);

export const optionChoices = pgTable(
  'option_choices',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Segment added to the stock code; padded to 3 by the stock-code rule. */
    stockCodeValue: text('stock_code_value').notNull(),
    /** Added price in USD (per unit of quantity for option type 1). */
    price: money('price').notNull().default('0'),
    discountPrice: money('discount_price'),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('option_choices_option_idx').on(t.optionId, t.sort),
    check(
      'option_choices_price_nonnegative',
      sql`${t.price} >= 0 and (${t.discountPrice} is null or ${t.discountPrice} >= 0)`,
    ),
  ],
);

export const distributors = pgTable(
  'distributors',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    name: text('name').notNull().unique(),
    ...timestamps(),
  },
  (t) => [index('distributors_organisation_idx').on(t.organisationId)],
);

export const productDistributors = pgTable(
  'product_distributors',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_distributors_pair_uq').on(t.productId, t.distributorId),
    index('product_distributors_distributor_idx').on(t.distributorId),
    check('product_distributors_values', sql`${t.price} >= 0 and ${t.quantity} >= 0`),
  ],
);

/** The product's price in a channel, in that channel's currency. */
export const channelPrices = pgTable(
  'channel_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    /** The core deposit in this channel's currency (null: the product's, converted). */
    coreCharge: money('core_charge'),
    priceCategory: text('price_category').notNull().default('retail'),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('channel_prices_product_channel_uq').on(t.productId, t.channelId),
    index('channel_prices_channel_idx').on(t.channelId),
    index('channel_prices_currency_idx').on(t.currencyId),
    check('channel_prices_price_nonnegative', sql`${t.price} >= 0`),
    check('channel_prices_core_charge_positive', sql`${t.coreCharge} is null or ${t.coreCharge} > 0`),
  ],
);

export const partsDiagrams = pgTable(
  'parts_diagrams',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Public path of the diagram image, e.g. '/images/diagrams/row-unit.svg'. */
    image: text('image').notNull(),
    /** Image size in pixels; component rectangles use this coordinate space (origin top-left). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('parts_diagrams_size', sql`${t.width} > 0 and ${t.height} > 0`),
    index('parts_diagrams_product_idx').on(t.productId),
  ],
);

/** One purchasable part under a callout; several rows may share a callout label. */
export const diagramComponents = pgTable(
  'diagram_components',
  {
    id: serial('id').primaryKey(),
    diagramId: integer('diagram_id')
      .notNull()
      .references(() => partsDiagrams.id, { onDelete: 'cascade' }),
    callout: text('callout').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    x1: measure('x1').notNull(),
    y1: measure('y1').notNull(),
    x2: measure('x2').notNull(),
    y2: measure('y2').notNull(),
    /** How many of this part one assembly uses ("add all parts of this callout" pre-fills it). */
    quantity: integer('quantity').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('diagram_components_quantity', sql`${t.quantity} between 1 and 999`),
    uniqueIndex('diagram_components_callout_product_uq').on(t.diagramId, t.callout, t.productId),
    index('diagram_components_product_idx').on(t.productId),
    check('diagram_components_rect', sql`${t.x2} > ${t.x1} and ${t.y2} > ${t.y1}`),
  ],
);
