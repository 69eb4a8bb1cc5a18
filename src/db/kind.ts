/**
 * What openDatabase knows of a drizzle handle that its users need: which PostgreSQL it talks to
 * ('postgres' may name its statements; the embedded database, one session shared by every
 * connection, may not: src/db/prepared.ts) and the pool behind it (the cart writes' transaction
 * takes a connection of its own: src/db/opened-transaction.ts). Registered by openDatabase; this
 * file imports nothing of the database's own, so client.ts and the files that use it import it
 * without a cycle.
 */
import type pg from 'pg';

export type DatabaseKind = 'postgres' | 'embedded';

const handles = new WeakMap<object, { kind: DatabaseKind; pool: pg.Pool }>();

/** Called by openDatabase for the drizzle handle it makes. */
export function registerDatabase(db: object, kind: DatabaseKind, pool: pg.Pool): void {
  handles.set(db, { kind, pool });
}

/** 'postgres' or 'embedded' for a handle openDatabase made (undefined otherwise). */
export function databaseKind(db: object): DatabaseKind | undefined {
  return handles.get(db)?.kind;
}

/** The pool of a handle openDatabase made. */
export function poolOf(db: object): pg.Pool {
  const handle = handles.get(db);
  if (!handle) throw new Error('a database handle that openDatabase did not make');
  return handle.pool;
}
