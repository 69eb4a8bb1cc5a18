/**
 * Quotes: a buyer's cart sent for a quote becomes an order in status 'quote' (orders.quote
 * = true); this row follows the negotiation (requested → offered → accepted | rejected) and
 * quote_messages keeps what both sides wrote. Expiry is a date: an offer holds through that day (UTC).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUOTE_AUTHORS, QUOTE_STATUSES } from '../../domain/quotes.ts';
import { createdAt, inList, timestamps, tstz } from './columns.ts';
import { organisations, users } from './accounts.ts';
import { orders } from './orders.ts';

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's organisation when they asked (null for a personal account). */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('requested').$type<(typeof QUOTE_STATUSES)[number]>(),
    /** The last counter-offer holds through this day (UTC); null before staff sent one. */
    expiresOn: date('expires_on', { mode: 'string' }),
    offeredBy: integer('offered_by').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: tstz('offered_at'),
    decidedAt: tstz('decided_at'),
    ...timestamps(),
  },
  (t) => [
    check('quotes_status', inList(t.status, QUOTE_STATUSES)),
    check('quotes_offer_has_expiry', sql`${t.status} = 'requested' or ${t.expiresOn} is not null`),
    uniqueIndex('quotes_order_uq').on(t.orderId),
    index('quotes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_requested_by_idx').on(t.requestedBy),
    index('quotes_organisation_idx').on(t.organisationId),
    index('quotes_offered_by_idx').on(t.offeredBy),
  ],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which side wrote it: the buyer or staff. */
    author: text('author').notNull().$type<(typeof QUOTE_AUTHORS)[number]>(),
    /** The step it came with: request, offer, accept, reject. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('quote_messages_author', inList(t.author, QUOTE_AUTHORS)),
    check('quote_messages_kind', sql`${t.kind} in ('request', 'offer', 'accept', 'reject')`),
    check('quote_messages_body', sql`length(${t.body}) between 1 and 2000`),
    index('quote_messages_quote_idx').on(t.quoteId, t.id),
    index('quote_messages_author_idx').on(t.authorId),
  ],
);
