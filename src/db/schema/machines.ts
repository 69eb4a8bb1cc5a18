/**
 * Machines and fitment: the catalogue's machine models (each a serial mask and the serial range
 * built so far, so a serial alone can name its model), the machines customers own, and fitment
 * rows saying which models and serial ranges a part, a diagram or one callout of a diagram fits.
 * Serials are stored normalized (src/domain/fitment.ts normalizeSerial).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { partsDiagrams, products } from './catalog.ts';

export const machineModels = pgTable(
  'machine_models',
  {
    id: serial('id').primaryKey(),
    /** What people and the fitment CSV call it, e.g. 'PL-4RV' (the machine's stock code). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The machine as sold in the catalogue, when it is. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Mask: '#' a digit, '@' a letter, any other character itself. */
    serialFormat: text('serial_format').notNull(),
    /** First and last serial built so far (null: unknown), for finding a model by serial. */
    serialFrom: text('serial_from'),
    serialTo: text('serial_to'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('machine_models_code_uq').on(t.code), index('machine_models_product_idx').on(t.productId)],
);

export const customerMachines = pgTable(
  'customer_machines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'restrict' }),
    serial: text('serial').notNull(),
    year: integer('year').notNull(),
    /** The customer's own name for it ("North planter"). */
    name: text('name').notNull(),
    hours: integer('hours'),
    acres: integer('acres'),
    ...timestamps(),
  },
  (t) => [
    // One machine is one row: the same model and serial twice in one list is a typing slip.
    uniqueIndex('customer_machines_serial_uq').on(t.userId, t.modelId, t.serial),
    index('customer_machines_user_idx').on(t.userId, t.id),
    check('customer_machines_year', sql`${t.year} between 1950 and 2200`),
    check('customer_machines_hours', sql`${t.hours} is null or ${t.hours} between 0 and 1000000`),
    check('customer_machines_acres', sql`${t.acres} is null or ${t.acres} between 0 and 100000000`),
  ],
);

/**
 * One fitment row of exactly one target: a product (a part), a diagram, or a callout of a diagram
 * (diagram and callout label). No rows for a target: it fits every machine.
 */
export const fitments = pgTable(
  'fitments',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'cascade' }),
    serialFrom: text('serial_from'),
    serialTo: text('serial_to'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    diagramId: integer('diagram_id').references(() => partsDiagrams.id, { onDelete: 'cascade' }),
    callout: text('callout'),
    ...timestamps(),
  },
  (t) => [
    check(
      'fitments_one_target',
      sql`(${t.productId} is not null and ${t.diagramId} is null and ${t.callout} is null) or (${t.productId} is null and ${t.diagramId} is not null)`,
    ),
    index('fitments_product_idx').on(t.productId),
    index('fitments_diagram_idx').on(t.diagramId, t.callout),
    index('fitments_model_idx').on(t.modelId),
  ],
);
