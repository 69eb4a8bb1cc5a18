/**
 * Rows that come back inside JSON (a `json_agg(t)` subquery) decoded to exactly what a drizzle
 * select of the same table returns: keys by TypeScript name, each value through its column's own
 * decoder. One statement can then carry an order and all its parts (one round trip, not twelve).
 *
 * PostgreSQL writes numeric values into JSON as number literals ('12.50' becomes 12.5 once
 * parsed); every numeric column here has a scale, so the string is rebuilt with it ('12.50'),
 * exact for the precisions in use (at most 14 digits).
 */
import { getTableColumns, type Column, type InferSelectModel, type Table } from 'drizzle-orm';

type Json = Record<string, unknown>;

function decodeValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.columnType === 'PgNumeric' && typeof value === 'number') {
    const scale = (column as unknown as { scale?: number }).scale;
    return scale === undefined ? String(value) : value.toFixed(scale);
  }
  return column.mapFromDriverValue(value);
}

/** A table's row from its `to_json(t)` object (keys are column names). */
export function decodeRow<T extends Table>(table: T, json: Json): InferSelectModel<T> {
  const out: Json = {};
  for (const [key, column] of Object.entries(getTableColumns(table)))
    out[key] = decodeValue(column as Column, json[(column as Column).name]);
  return out as InferSelectModel<T>;
}

/** A hand-built `json_build_object('key', t.col, …)`: each key decoded by the column given for it. */
export function decodeFields<C extends Record<string, Column>>(
  columns: C,
  json: Json,
): { [K in keyof C]: C[K]['_']['data'] | (C[K]['_']['notNull'] extends true ? never : null) } {
  const out: Json = {};
  for (const [key, column] of Object.entries(columns)) out[key] = decodeValue(column, json[key]);
  return out as never;
}
