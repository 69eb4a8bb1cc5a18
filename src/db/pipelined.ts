/**
 * Reads that go together in one round trip: `fn` gets a drizzle handle on ONE pool connection, and
 * the statements it starts before awaiting any (a Promise.all) travel in the same round trip, the
 * pool pipelining (src/db/client.ts: pg's `pipeline` option); the server answers them in order.
 * Each statement is its own parameterised query, outside any transaction, each under its own
 * snapshot (as the same reads spread over the pool's connections would be). A statement that
 * waits for another's answer is a round trip of its own, as anywhere.
 *
 * Promise.all on the pool instead sends each statement on a connection of its own: as many round
 * trips, and as many connections held, as statements.
 *
 * The handle has no relational query API (`db.query.*`): the query builder and `execute` only.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './client.ts';
import { poolOf } from './kind.ts';

export async function pipelined<T>(db: Db, fn: (one: Db) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  let value: T;
  try {
    value = await fn(drizzle(client) as unknown as Db);
  } catch (err) {
    // A statement failed while others of the round trip may still be unanswered: the connection
    // is closed rather than handed on with answers owed to nobody.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  client.release();
  return value;
}
