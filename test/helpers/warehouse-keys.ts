/** Puts the seeded warehouse API keys back (tests that regenerate keys share the app with tests that use the seeded ones). */
import { createHash } from 'node:crypto';
import { DEMO_WAREHOUSE_KEYS } from '../../src/db/seed/index.ts';
import { testServer } from './server.ts';

export async function restoreDemoWarehouseKeys() {
  const pool = (await testServer()).database.pool;
  for (const [code, key] of Object.entries(DEMO_WAREHOUSE_KEYS)) {
    await pool.query('update warehouses set api_key_hash = $1, api_key_last4 = $2 where code = $3', [
      createHash('sha256').update(key).digest('hex'),
      key.slice(-4),
      code,
    ]);
  }
}
