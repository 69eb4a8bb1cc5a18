/** Content: interface translations, instructionals and tools, media, calendar, dealers, leads. */
import { sql } from 'drizzle-orm';
import {
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
import { LEAD_STATUSES } from './constants.ts';
import { coord, createdAt, inList, timestamps, tstz } from './columns.ts';
import { countries, postalAddress } from './geo.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * One translatable text in one language (and optionally one country: '' = every country).
 * field is the key with its namespace marker, e.g. 'ui:nav.products'.
 */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    field: text('field').notNull(),
    /** Lower-case language code: 'en', 'fr', 'es'. */
    language: text('language').notNull(),
    /** Upper-case country code or '' (stored trimmed). */
    country: text('country').notNull().default(''),
    value: text('value').notNull(),
    /** Current version; translation_versions holds every version including this one. */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('translations_field_language_country_uq').on(t.field, t.language, t.country),
    index('translations_language_country_idx').on(t.language, t.country),
    index('translations_updated_by_idx').on(t.updatedBy),
    check('translations_version', sql`${t.version} >= 1`),
    check('translations_language', sql`${t.language} ~ '^[a-z]{2,3}$' and ${t.language} <> 'xx'`),
    check('translations_country', sql`${t.country} = '' or ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** Append-only history: one row per saved version (version 1 included). */
export const translationVersions = pgTable(
  'translation_versions',
  {
    id: serial('id').primaryKey(),
    translationId: integer('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    version: integer('version').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('translation_versions_translation_version_uq').on(t.translationId, t.version),
    index('translation_versions_created_by_idx').on(t.createdBy),
    check('translation_versions_version', sql`${t.version} >= 1`),
  ],
);

export const instructionals = pgTable(
  'instructionals',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    body: text('body').notNull().default(''),
    videoUrl: text('video_url'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('instructionals_product_idx').on(t.productId),
    index('instructionals_created_by_idx').on(t.createdBy),
    index('instructionals_published_idx').on(t.published),
  ],
);

/** The ordered steps of an instructional, each with its own text and optional image. */
export const instructionalSteps = pgTable(
  'instructional_steps',
  {
    id: serial('id').primaryKey(),
    instructionalId: integer('instructional_id')
      .notNull()
      .references(() => instructionals.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    /** HTML (sanitised before it reaches a page). */
    body: text('body').notNull().default(''),
    /** Public path or https URL of the step's image. */
    imageUrl: text('image_url'),
    imageAlt: text('image_alt').notNull().default(''),
  },
  (t) => [
    index('instructional_steps_instructional_sort_idx').on(t.instructionalId, t.sort),
    check('instructional_steps_sort', sql`${t.sort} >= 0`),
  ],
);

export const tools = pgTable('tools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  ...timestamps(),
});

export const instructionalTools = pgTable(
  'instructional_tools',
  {
    instructionalId: integer('instructional_id')
      .notNull()
      .references(() => instructionals.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.instructionalId, t.toolId] }), index('instructional_tools_tool_idx').on(t.toolId)],
);

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    /** Public path, e.g. '/media/uploads/abc.png' or '/images/products/x.svg'. */
    path: text('path').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    alt: text('alt').notNull().default(''),
    /** sha256 of the uploaded bytes (image_hash): the same image uploaded twice is stored once. */
    hash: text('hash').unique(),
    /** Web sizes made from an upload: [{width, height, path, mime}], smallest first. */
    variants: jsonb('variants')
      .$type<{ width: number; height: number; path: string; mime: string }[]>()
      .notNull()
      .default([]),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_size', sql`${t.size} >= 0`),
    index('media_uploaded_by_idx').on(t.uploadedBy),
    index('media_created_idx').on(t.createdAt),
  ],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at'),
    allDay: boolean('all_day').notNull().default(false),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('calendar_events_window', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
    index('calendar_events_starts_idx').on(t.startsAt),
    index('calendar_events_created_by_idx').on(t.createdBy),
  ],
);

export const dealers = pgTable(
  'dealers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...postalAddress(),
    lat: coord('lat').notNull(),
    lng: coord('lng').notNull(),
    phone: text('phone'),
    website: text('website'),
    /** IANA zone the opening hours are in ('open now' is judged in the dealer's own time). */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /** Weekly hours: days 0 (Sunday) … 6 with 'HH:MM' open and close; [] = by appointment. */
    hours: jsonb('hours').$type<{ days: number[]; open: string; close: string }[]>().notNull().default([]),
    /** What the dealer offers: 'parts', 'service', 'planters', 'epp' (DEALER_SERVICES). */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    check('dealers_coordinates', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    index('dealers_country_idx').on(t.countryCode),
    index('dealers_lat_lng_idx').on(t.lat, t.lng),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    countryCode: text('country_code').references(() => countries.code, { onDelete: 'set null', onUpdate: 'cascade' }),
    regionCode: text('region_code'),
    message: text('message'),
    /** The day the prospect would like a visit or a call (the form's date picker). */
    visitOn: date('visit_on'),
    status: text('status').notNull().default('new'),
    /** The staff member or sales rep who entered the lead (null for seeded or imported ones). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The dealer the visitor chose in the dealer finder ("Contact this dealer"); null = our own team. */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('leads_created_by_idx').on(t.createdBy),
    index('leads_dealer_created_idx').on(t.dealerId, t.createdAt),
    check('leads_status', inList(t.status, LEAD_STATUSES)),
    index('leads_email_idx').on(sql`lower(${t.email})`),
    index('leads_country_idx').on(t.countryCode),
    index('leads_status_created_idx').on(t.status, t.createdAt),
  ],
);
