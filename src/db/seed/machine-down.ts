/**
 * Machine-down demo data: the newest open order's buyer has a stopped machine, so the staff's
 * order list starts with one "Machine down" order (already on the list's first page: nothing else
 * moves off it).
 */
import { sql } from 'drizzle-orm';
import type { SeedTx } from './util.ts';

export async function seedMachineDown(tx: SeedTx): Promise<void> {
  await tx.execute(sql`
    update orders set machine_down = true, machine_down_at = coalesce(submitted_at, created_at)
    where id = (select id from orders where status in ('pending', 'processing') and not draft and not quote
                order by created_at desc, id desc limit 1)`);
}
