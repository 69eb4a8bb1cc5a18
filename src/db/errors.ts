/**
 * PostgreSQL errors as the app meets them: pg's own error, or drizzle's wrapping of it (the pg
 * error as `cause`). The one reading of an error's SQLSTATE.
 */
export type DbError = { code?: string; constraint?: string; table?: string; detail?: string };

/** The database error inside `err` (its SQLSTATE, constraint, table, detail), or null. */
export function dbErrorOf(err: unknown): DbError | null {
  const e = err as { cause?: DbError } & DbError;
  const db = e?.cause?.code ? e.cause : e;
  return typeof db?.code === 'string' && /^[0-9A-Z]{5}$/.test(db.code) ? db : null;
}

/** A unique violation (23505): a value already taken, e.g. by a concurrent insert. */
export const isUniqueViolation = (err: unknown): boolean => dbErrorOf(err)?.code === '23505';
