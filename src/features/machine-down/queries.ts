/** The machine-down flag of an order: read, set on the buyer's cart, and counted for the dashboard. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

export type MachineDownFlag = { machineDown: boolean; machineDownAt: Date | null };

/** An order's flag (false for an order that does not exist). */
export async function machineDownOf(db: DbOrTx, orderId: number): Promise<MachineDownFlag> {
  const [row] = await db
    .select({ machineDown: orders.machineDown, machineDownAt: orders.machineDownAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? { machineDown: false, machineDownAt: null };
}

/** Writes the flag; when it is ticked again the moment is kept from the first tick. */
export async function writeMachineDown(tx: DbOrTx, orderId: number, on: boolean, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({
      machineDown: on,
      machineDownAt: on ? sql`coalesce(${orders.machineDownAt}, ${now.toISOString()}::timestamptz)` : null,
    })
    .where(eq(orders.id, orderId));
}

/** Statuses of an order still to be shipped: the ones a stopped machine waits on. */
export const OPEN_STATUSES = ['pending', 'processing', 'on_hold'] as const;

/** How many open orders are machine down (orders_machine_down_idx). */
export async function openMachineDownCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.machineDown, true), inArray(orders.status, [...OPEN_STATUSES])));
  return row?.n ?? 0;
}
