/**
 * Webhook delivery: the outbox of domain events, one delivery per (webhook, event), and
 * every attempt. An event row is written in the SAME transaction as the change it describes
 * (src/features/webhooks/events.ts), together with the graphile-worker job that fans it out, so a
 * committed change always has its event and an event never exists without its change.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz } from './columns.ts';
import { webhooks } from './integrations.ts';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The outbox: what changed, in the order it committed. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'order.created', 'order.updated', 'payment.recorded', 'inventory.changed', 'product.changed', 'webhook.test'. */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Set when the fan-out job has created this event's deliveries. */
    dispatchedAt: tstz('dispatched_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/** One message to one webhook; its id (`msg_…`) is the webhook-id header, the same on every retry. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull().unique(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).references(() => webhookEvents.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed). */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts this delivery may make before it is marked failed (replay adds a new series). */
    maxAttempts: integer('max_attempts').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at'),
    deliveredAt: tstz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status', inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
    // A fan-out job that runs twice (crash after commit, before completion) creates nothing new.
    uniqueIndex('webhook_deliveries_event_uidx').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every HTTP attempt: status code (null when no answer), duration, error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull().default(false),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
