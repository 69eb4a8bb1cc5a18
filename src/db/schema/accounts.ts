/** People and access: organisations, users, persons, permissions, tokens, addresses, sessions. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, USER_ROLES } from './constants.ts';
import { createdAt, inList, money, percent, timestamps, tstz } from './columns.ts';
import { NET_TERMS_DAYS } from '../../domain/terms.ts';
import { channels, countries } from './geo.ts';
import { warehouses } from './inventory.ts';

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Tax exemption certificate id on file; an order is tax exempt when its own copy is non-empty and not '0'. */
    taxExemptId: text('tax_exempt_id'),
    bizType: text('biz_type'),
    /** Percent taken off list prices for the organisation's members. */
    orgDiscount: percent('org_discount').notNull().default('0'),
    /** The product editor's distributorAmount: how many distributors a product may list. */
    distributorAmount: integer('distributor_amount').notNull().default(3),
    /** Pay on terms: members may pay by invoice due this many days after placing; null: no terms. */
    netTermsDays: integer('net_terms_days'),
    /** The most the organisation may owe on open invoices at once (in the currency of the orders). */
    creditLimit: money('credit_limit').notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    check('organisations_net_terms', sql`${t.netTermsDays} is null or ${inList(t.netTermsDays, NET_TERMS_DAYS)}`),
    check('organisations_credit_limit', sql`${t.creditLimit} >= 0`),
    uniqueIndex('organisations_name_uq').on(t.name),
    check('organisations_discount_range', sql`${t.orgDiscount} >= 0 and ${t.orgDiscount} < 100`),
    check('organisations_distributor_amount', sql`${t.distributorAmount} >= 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /**
     * Stored lower-cased (CHECK); compare with lower(input). Unique among accounts (users_email_unique,
     * partial): guest buyers (is_guest) keep the email they gave, which may also be an account's.
     */
    email: text('email').notNull(),
    /** Null only for a guest buyer (checkout without a password), who can never sign in. */
    passwordHash: text('password_hash'),
    /** A guest buyer's record (no password); it becomes an account when they set a password with the mailed link. */
    isGuest: boolean('is_guest').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role').notNull().default('customer').$type<(typeof USER_ROLES)[number]>(),
    accountType: text('account_type').notNull().default('personal').$type<(typeof ACCOUNT_TYPES)[number]>(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** For warehouse operators: the warehouse they run. */
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('en-us'),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    subscribed: boolean('subscribed').notNull().default(true),
    /** For organisation members: whether the organisation lets this user buy tax exempt (set by its administrator). */
    taxExemptAllowed: boolean('tax_exempt_allowed').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: tstz('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_email_unique').on(t.email).where(sql`not ${t.isGuest}`),
    check('users_password_unless_guest', sql`${t.isGuest} or ${t.passwordHash} is not null`),
    index('users_guest_email_idx').on(t.email).where(sql`${t.isGuest}`),
    check('users_role', inList(t.role, USER_ROLES)),
    check('users_account_type', inList(t.accountType, ACCOUNT_TYPES)),
    index('users_organisation_idx').on(t.organisationId),
    index('users_warehouse_idx').on(t.warehouseId),
    index('users_channel_idx').on(t.channelId),
    index('users_role_idx').on(t.role),
    index('users_last_name_idx').on(sql`lower(${t.lastName})`),
  ],
);

/** The person behind customers and orders; a guest checkout has a person but no user. */
export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('persons_user_uq').on(t.userId),
    index('persons_organisation_idx').on(t.organisationId),
    // Customer and order search match names and emails by prefix (LIKE 'q%'): text_pattern_ops
    // lets a btree serve that whatever the database collation.
    index('persons_email_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('persons_last_name_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('persons_first_name_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('persons_phone_idx').on(t.phone),
  ],
);

/** The permission registry (keys listed in constants.ts PERMISSION_KEYS). */
export const permissions = pgTable('permissions', {
  key: text('key').primaryKey(),
  description: text('description').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.role, t.permissionKey] }),
    check('role_permissions_role', inList(t.role, USER_ROLES)),
    index('role_permissions_permission_idx').on(t.permissionKey),
  ],
);

/**
 * Per-user overrides: granted = true adds a key to the role's set, false removes it. A user's
 * override wins over its organisation's (organisation_permissions), which wins over the role.
 */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull().default(true),
    /** Why (required by the permission adder; null for seeded rows). */
    reason: text('reason'),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionKey] }),
    index('user_permissions_permission_idx').on(t.permissionKey),
    index('user_permissions_granted_by_idx').on(t.grantedBy),
  ],
);

/** Per-organisation overrides, applied to every member (a member's own override wins). */
export const organisationPermissions = pgTable(
  'organisation_permissions',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull().default(true),
    reason: text('reason'),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.permissionKey] }),
    index('organisation_permissions_permission_idx').on(t.permissionKey),
    index('organisation_permissions_granted_by_idx').on(t.grantedBy),
  ],
);

/**
 * An organisation administrator's invitation: a single-use link mailed to `email` that lands on
 * register with the organisation attached. Only the sha256 of the token is stored.
 */
export const organisationInvites = pgTable(
  'organisation_invites',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; the registration must use this address. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    /** The account that registered with it. */
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('organisation_invites_email_lower', sql`${t.email} = lower(${t.email})`),
    index('organisation_invites_organisation_idx').on(t.organisationId),
    index('organisation_invites_invited_by_idx').on(t.invitedBy),
    index('organisation_invites_used_by_idx').on(t.usedBy),
    index('organisation_invites_expires_idx').on(t.expiresAt),
  ],
);

/** Bearer tokens; only the sha256 hex of the token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull().default('session'),
    lastUsedAt: tstz('last_used_at'),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * The "create an account" link mailed to a guest buyer after the order: single use,
 * expiring, only its sha256 stored (as password_resets).
 */
export const guestAccountTokens = pgTable(
  'guest_account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('guest_account_tokens_user_idx').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    /** regions.code within country_code (may be empty for countries without regions). */
    regionCode: text('region_code').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('addresses_person_idx').on(t.personId),
    index('addresses_user_idx').on(t.userId),
    index('addresses_country_idx').on(t.countryCode),
  ],
);

/** connect-pg-simple's table, exactly as its table.sql defines it (created here so no runtime DDL is needed). */
export const session = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);
