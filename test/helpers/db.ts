/** Tests get their database from the same helper as the benchmarks. */
export { createTestDb, dbMode, type TestDb } from '../../src/db/scratch.ts';
