/** Tests get their database from the same helper as the benchmarks. */
import { dbMode } from '../../src/db/scratch.ts';
export { createTestDb, dbMode, type TestDb } from '../../src/db/scratch.ts';

/**
 * Skips a race test on the embedded database, saying why: there every request shares one
 * connection, so requests run one after another and the race the test provokes cannot happen
 * (the test would pass whatever the locking). It runs on PostgreSQL (DATABASE_URL).
 */
export function postgresOnly(ctx: Mocha.Context): void {
  if (dbMode() === 'postgres') return;
  console.log(
    '      (skipped on the embedded database: every request shares one connection, so this race cannot happen there; it runs on PostgreSQL)',
  );
  ctx.skip();
}
