/** Outbound webhooks and the audit log. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { LOG_LEVELS } from './constants.ts';
import { createdAt, inList, timestamps } from './columns.ts';
import { organisations, users } from './accounts.ts';

export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    /** The event types it receives (WEBHOOK_EVENTS in src/features/webhooks/events.ts). */
    events: text('events').array().notNull(),
    /**
     * The Standard Webhooks signing secret ('whsec_' + base64 of 24 random bytes). Kept as is, not
     * hashed: an HMAC is made WITH the secret, so the server must be able to read it back. It is
     * shown once (at creation), never rendered again, logged, audited or put in a job payload.
     */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('webhooks_url', sql`${t.url} ~ '^https?://'`),
    index('webhooks_active_idx').on(t.active),
    index('webhooks_organisation_idx').on(t.organisationId),
    index('webhooks_created_by_idx').on(t.createdBy),
  ],
);

/** Audit log: who did what to which entity. An order's log_count = rows with entity 'order' and its id. */
export const logs = pgTable(
  'logs',
  {
    id: serial('id').primaryKey(),
    level: text('level').notNull().default('info'),
    /** Verb-ish: 'order.update', 'payment.create', 'user.login'. */
    action: text('action').notNull(),
    /** Table-ish: 'order', 'product', 'user', 'translation'. */
    entity: text('entity'),
    entityId: integer('entity_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('logs_level', inList(t.level, LOG_LEVELS)),
    index('logs_entity_idx').on(t.entity, t.entityId),
    index('logs_user_idx').on(t.userId),
    index('logs_created_idx').on(t.createdAt),
  ],
);
