/**
 * Prepared statements for hot queries: drizzle builds the SQL once (it otherwise rebuilds it on
 * every call, ~11% of a product page's CPU once measured), and on a real PostgreSQL each pool
 * connection parses and plans it once (a named statement). The embedded database is one session
 * shared by every connection, where a named statement would be prepared twice and fail
 * ("prepared statement … already exists"): there the statement stays unnamed.
 *
 *   const byId = prepared(db, 'product_by_id', (db, name) =>
 *     db.select().from(products).where(eq(products.id, sql.placeholder('id'))).prepare(name));
 *   await byId.execute({ id });
 *
 * Outside transactions only (a prepared query runs on the pool, never on a transaction's client).
 */
import type { Db } from './client.ts';
import { databaseKind } from './kind.ts';

const statements = new WeakMap<object, Map<string, unknown>>();

/** The prepared query `name` of this database, built on first use. Names are unique app-wide. */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let forDb = statements.get(db);
  if (!forDb) statements.set(db, (forDb = new Map()));
  let statement = forDb.get(name) as T | undefined;
  if (statement === undefined) {
    // drizzle sends a statement without a name unnamed (pg's default): right for the embedded session.
    statement = build(db, (databaseKind(db) === 'postgres' ? name : undefined) as unknown as string);
    forDb.set(name, statement);
  }
  return statement;
}
