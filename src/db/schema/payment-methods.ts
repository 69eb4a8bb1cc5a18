/**
 * Saved payment methods: a user's cards and bank accounts. A row holds only what the
 * provider gave back (its reusable reference, brand or bank name, the last four digits): never a
 * full card or account number. Bank accounts start 'pending' and become 'verified' when the two
 * micro-deposits are confirmed, or 'locked' after MICRO_DEPOSIT_MAX_TRIES wrong tries.
 *
 * bank_sandbox_* are the offline bank-link provider's own ledger (src/providers/bank/offline.ts):
 * the state a real bank-link service would keep on its side, here in our database so that it
 * survives restarts and is shared by every app process.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MICRO_DEPOSIT_MAX_TRIES } from '../../domain/constants.ts';
import { createdAt, inList, timestamps, tstz } from './columns.ts';
import { users } from './accounts.ts';

export const PAYMENT_METHOD_KINDS = ['card', 'bank'] as const;
export const PAYMENT_METHOD_STATUSES = ['active', 'pending', 'verified', 'locked'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<(typeof PAYMENT_METHOD_KINDS)[number]>(),
    /** Which provider issued provider_ref: 'offline' | 'stripe' (cards), 'offline' | 'plaid' (banks). */
    provider: text('provider').notNull(),
    /** The provider's reusable reference (card payment method, bank account). Never sent to a browser. */
    providerRef: text('provider_ref').notNull(),
    /** The provider's customer the card is attached to (Stripe 'cus_…'), when it has one. */
    providerCustomer: text('provider_customer'),
    /** Card brand ('visa') or bank name. */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holderName: text('holder_name'),
    accountType: text('account_type'),
    status: text('status').notNull().$type<PaymentMethodStatus>(),
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    verifiedAt: tstz('verified_at'),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('payment_methods_kind', inList(t.kind, PAYMENT_METHOD_KINDS)),
    check('payment_methods_status', inList(t.status, PAYMENT_METHOD_STATUSES)),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check(
      'payment_methods_attempts',
      sql`${t.verifyAttempts} between 0 and ${sql.raw(String(MICRO_DEPOSIT_MAX_TRIES))}`,
    ),
    check(
      'payment_methods_account_type',
      sql`${t.accountType} is null or ${inList(t.accountType, BANK_ACCOUNT_TYPES)}`,
    ),
    check('payment_methods_card_status', sql`(${t.kind} = 'card') = (${t.status} = 'active')`),
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_ref_uq').on(t.userId, t.provider, t.providerRef),
  ],
);

/** Offline bank-link sandbox: link tokens it issued (30 minutes, like Plaid's). */
export const bankSandboxLinks = pgTable('bank_sandbox_links', {
  token: text('token').primaryKey(),
  clientUserId: text('client_user_id').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Offline bank-link sandbox: accounts entered through its hosted form, with the two micro-deposits it sent. */
export const bankSandboxAccounts = pgTable(
  'bank_sandbox_accounts',
  {
    ref: text('ref').primaryKey(),
    publicToken: text('public_token').notNull().unique(),
    clientUserId: text('client_user_id').notNull(),
    routingNumber: text('routing_number').notNull(),
    /** Last four of the account number: the sandbox, like us, keeps no full number. */
    mask: text('mask').notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    accountType: text('account_type').notNull(),
    deposit1Cents: integer('deposit1_cents').notNull(),
    deposit2Cents: integer('deposit2_cents').notNull(),
    exchanged: boolean('exchanged').notNull().default(false),
    verifiedAt: tstz('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bank_sandbox_deposits', sql`${t.deposit1Cents} between 1 and 99 and ${t.deposit2Cents} between 1 and 99`),
  ],
);
