/**
 * A database of its own (for a test run or a benchmark), in whichever mode the run is in: with
 * DATABASE_URL a fresh database is created on that server (and dropped after);
 * without it, a fresh embedded data folder in the temp directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDb = { databaseUrl?: string; dataDir: string; drop(): Promise<void> };

let counter = 0;

export async function createTestDb(label = 'app'): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hd-${label}-`));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `hd_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const dbMode = () => (process.env.DATABASE_URL ? 'postgres' : 'embedded');
