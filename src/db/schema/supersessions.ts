/**
 * Supersession: a part replaced by another (the rubber closing wheel by the spiked one). A part may
 * have several successors, one of which fits a given machine; a successor may itself be replaced,
 * so the parts explorer follows the chain to the first part that fits.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './catalog.ts';

export const partSupersessions = pgTable(
  'part_supersessions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    replacedById: integer('replaced_by_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.replacedById] }),
    index('part_supersessions_replaced_by_idx').on(t.replacedById),
    check('part_supersessions_not_itself', sql`${t.productId} <> ${t.replacedById}`),
  ],
);
