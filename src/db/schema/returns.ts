/**
 * Returns (RMA, src/domain/returns.ts): a customer's request to send back lines of a placed order,
 * followed by staff (requested → approved | refused → received → refunded | replaced). The refund of
 * a return is an ordinary card refund (refunds.return_id names the return), so the ledger and the
 * balance rule read it like any refund and take the returned goods off the bill.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '../../domain/returns.ts';
import { users } from './accounts.ts';
import { createdAt, inList, money, timestamps } from './columns.ts';
import { warehouses } from './inventory.ts';
import { orderLineItems, orders } from './orders.ts';

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The customer who asked (the order's owner). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('requested').$type<(typeof RETURN_STATUSES)[number]>(),
    reason: text('reason').notNull(),
    /** What staff wrote with their last decision (approval, refusal), shown to the customer. */
    staffMessage: text('staff_message'),
    /** The warehouse that received the goods (their stock went back there). */
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    /** The zero-price line added to the order when the goods were replaced. */
    replacementLineId: integer('replacement_line_id').references(() => orderLineItems.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('returns_status', inList(t.status, RETURN_STATUSES)),
    index('returns_order_idx').on(t.orderId),
    index('returns_status_created_idx').on(t.status, t.createdAt, t.id),
    index('returns_created_idx').on(t.createdAt, t.id),
    index('returns_requested_by_idx').on(t.requestedBy),
    index('returns_warehouse_idx').on(t.warehouseId),
    index('returns_decided_by_idx').on(t.decidedBy),
    index('returns_replacement_line_idx').on(t.replacementLineId),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** What the units are worth by the order's ledger (net and tax share), fixed when asked. */
    credit: money('credit').notNull(),
  },
  (t) => [
    check('return_lines_quantity', sql`${t.quantity} > 0`),
    check('return_lines_credit', sql`${t.credit} >= 0`),
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_line_idx').on(t.lineItemId),
  ],
);

export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    /** The stored image's public path (the media upload's). */
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId)],
);
