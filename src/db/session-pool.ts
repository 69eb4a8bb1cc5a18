/**
 * The pool the session store (connect-pg-simple) queries through. On a real PostgreSQL the read
 * every request with a session makes (`SELECT sess FROM "session" WHERE sid = $1 …`) is a named
 * statement, so each pool connection parses and plans it once (src/db/prepared.ts explains why
 * the embedded database keeps statements unnamed). Every other statement passes through as is.
 */
import type pg from 'pg';
import type { Database } from './client.ts';

const SESSION_READ = /^SELECT sess FROM .+ WHERE sid = \$1 AND expire >= to_timestamp\(\$2\)$/;

export function sessionStorePool(database: Pick<Database, 'pool' | 'kind'>): pg.Pool {
  if (database.kind !== 'postgres') return database.pool;
  const { pool } = database;
  const wrapper = {
    query: (text: string, values?: unknown[]) => (SESSION_READ.test(text) ? pool.query({ name: 'session_read', text, values }) : pool.query(text, values)),
  };
  return wrapper as unknown as pg.Pool;
}
