/** Applies the committed drizzle-kit migrations; idempotent, run at every start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
