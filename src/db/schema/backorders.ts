/**
 * Back orders: the restocks staff expect (a purchase order's quantity of a part arriving at a
 * warehouse on a day). The earliest one still to come dates a back-ordered line
 * (src/domain/back-order.ts); the back-ordered units themselves are kept on the order line.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { warehouses } from './inventory.ts';

export const restockExpectations = pgTable(
  'restock_expectations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('restock_expectations_product_idx').on(t.productId, t.expectedOn),
    index('restock_expectations_warehouse_idx').on(t.warehouseId),
    check('restock_expectations_quantity', sql`${t.quantity} > 0`),
  ],
);
