/**
 * Order placement charges the provider with no transaction open. Each placement is a
 * payment attempt, written with the stock it reserved BEFORE the provider is called, so a process
 * that dies mid-payment leaves a row the recovery job (src/workflows/checkout/payment-jobs.ts)
 * finishes: confirm the order, or give the money back, never neither.
 *
 *   reserved  stock held (inventory.reserved), order re-priced; the provider may be charging now
 *   charged   the provider took the money (provider_ref); the order is not confirmed yet
 *   confirmed the order is placed (payments, allocations, stock taken from reserved)
 *   released  declined / failed before any money moved: the reservation is given back
 *   refunding money moved but the order could not be confirmed: a refund job runs until it succeeds
 *   refunded  the refund went through
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

export const PAYMENT_ATTEMPT_STATUSES = [
  'reserved',
  'charged',
  'confirmed',
  'released',
  'refunding',
  'refunded',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** One reserved quantity: the inventory row, and the line and warehouse it goes to on confirm. */
export type AttemptReservation = {
  inventoryId: number | null;
  warehouseId: number;
  productId: number;
  lineId: number;
  quantity: number;
};

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The placement's Idempotency-Key and request fingerprint (the answer goes to idempotency_keys on confirm). */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Passed to the provider: the same attempt never charges twice, and recovery can ask again. */
    providerKey: text('provider_key').notNull(),
    /** 'card' | 'bank' | 'none' (check, or nothing to pay now). */
    kind: text('kind').notNull(),
    status: text('status').notNull().$type<PaymentAttemptStatus>(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The order total the attempt was priced at (the confirm step checks the order still says so). */
    totalCents: integer('total_cents').notNull(),
    /** The card token or saved method reference charged (a provider reference, never a card number). */
    token: text('token'),
    savedMethodId: integer('saved_method_id'),
    /** The provider's charge or debit id, written as soon as the provider answers. */
    providerRef: text('provider_ref'),
    providerInfo: jsonb('provider_info').$type<Record<string, unknown>>(),
    reservations: jsonb('reservations').$type<AttemptReservation[]>().notNull(),
    /** What confirm needs of the request: payment type, check number, PO, attention, locale, EPP choice. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** Nobody else finishes the attempt before this (the placing request owns it until then). */
    leaseUntil: tstz('lease_until').notNull(),
    refundRef: text('refund_ref'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_attempts_status',
      sql`${t.status} in ('reserved', 'charged', 'confirmed', 'released', 'refunding', 'refunded')`,
    ),
    check('payment_attempts_kind', sql`${t.kind} in ('card', 'bank', 'none')`),
    // One payment in flight per order: a second placement of the same cart waits for the first.
    uniqueIndex('payment_attempts_one_open_idx').on(t.orderId).where(sql`${t.status} in ('reserved', 'charged')`),
    index('payment_attempts_open_idx').on(t.leaseUntil).where(sql`${t.status} in ('reserved', 'charged', 'refunding')`),
    index('payment_attempts_key_idx').on(t.userId, t.idempotencyKey),
  ],
);
