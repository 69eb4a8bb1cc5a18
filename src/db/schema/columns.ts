/** Column helpers shared by every schema file (not tables: drizzle-kit ignores this file's exports). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money: numeric(12,2). drizzle returns it as a string ('12.50'); never a float column. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** Exchange rates and other fine-grained ratios. */
export const rate = (name: string) => numeric(name, { precision: 14, scale: 6 });
/** Percentages such as 5.00 or 3.50. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
/** Latitude / longitude in degrees. */
export const coord = (name: string) => numeric(name, { precision: 9, scale: 6 });
/** Physical measures: cm and kg. */
export const measure = (name: string) => numeric(name, { precision: 10, scale: 3 });

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const timestamps = () => ({
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** `col IN ('a','b')` for a CHECK constraint, from one of the closed lists in constants.ts. */
export function inList(column: AnyColumn, values: readonly (string | number)[]): SQL {
  const list = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
