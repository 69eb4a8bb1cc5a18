/**
 * Payment attempts (src/db/schema/payment-attempts.ts): the writes that move an
 * attempt between states. Each is one short transaction or one conditional statement.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { inventory, orders, paymentAttempts, type PaymentAttemptStatus } from '../../db/schema/index.ts';

export type Attempt = typeof paymentAttempts.$inferSelect;

export const REFUND_TASK = 'payments_refund';
export const RECOVER_TASK = 'payments_recover';
/** graphile-worker's retries of one refund job (exponential: about three days in all); recovery re-queues after that. */
export const REFUND_MAX_ATTEMPTS = 25;

export async function attemptById(db: DbOrTx, id: number): Promise<Attempt | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
  return row;
}

/** The attempt in flight for an order, if any. */
export async function openAttemptOf(db: DbOrTx, orderId: number): Promise<Attempt | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, ['reserved', 'charged'])))
    .limit(1);
  return row;
}

/** Records the provider's answer right after it charged (autocommit: visible to recovery at once). */
export async function markCharged(db: Db, id: number, ref: string, info: Record<string, unknown>): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'charged', providerRef: ref, providerInfo: info, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'reserved')));
}

/** Gives the reserved stock back and closes the attempt (declined: no money moved). Returns false when it was no longer 'reserved'. */
export function releaseAttempt(db: Db, id: number, error: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
    if (!a || a.status !== 'reserved') return false;
    await giveBackReservations(tx, a);
    await tx
      .update(paymentAttempts)
      .set({ status: 'released', error, updatedAt: new Date() })
      .where(eq(paymentAttempts.id, id));
    return true;
  });
}

/**
 * An attempt ends without an order: its stock goes back, and the cart drops the address copies the
 * reserving transaction made (a cart reads the address book; only a placed order keeps copies).
 */
export async function giveBackReservations(tx: DbOrTx, a: Attempt): Promise<void> {
  for (const r of a.reservations) {
    if (r.inventoryId === null) continue;
    await tx
      .update(inventory)
      .set({ reserved: sql`greatest(${inventory.reserved} - ${r.quantity}, 0)` })
      .where(eq(inventory.id, r.inventoryId));
  }
  await tx
    .update(orders)
    .set({ shipTo: null, billTo: null })
    .where(and(eq(orders.id, a.orderId), eq(orders.status, 'cart')));
}

/**
 * Money moved but the order will not be confirmed: the reservation goes back, the attempt becomes
 * 'refunding' and a refund job is queued in the same transaction (retried until it succeeds).
 */
export function queueRefund(db: Db, id: number, error: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
    if (!a || (a.status !== 'charged' && a.status !== 'reserved')) return false;
    await giveBackReservations(tx, a);
    await tx
      .update(paymentAttempts)
      .set({ status: 'refunding', error: error.slice(0, 500), updatedAt: new Date() })
      .where(eq(paymentAttempts.id, id));
    await tx.execute(refundJob(id));
    return true;
  });
}

export const refundJob = (attemptId: number) =>
  sql`select graphile_worker.add_job(${REFUND_TASK}, json_build_object('attemptId', ${attemptId}::int), job_key => ${`refund-${attemptId}`}, max_attempts => ${REFUND_MAX_ATTEMPTS})`;

/** Attempts whose owner's lease ran out (a process died, or a request gave up): recovery's work list. */
export function staleAttempts(db: DbOrTx, now: Date, limit = 50): Promise<Attempt[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(inArray(paymentAttempts.status, ['reserved', 'charged', 'refunding']), lt(paymentAttempts.leaseUntil, now)),
    )
    .orderBy(paymentAttempts.id)
    .limit(limit);
}

/** Takes an attempt over for `leaseMs` if its lease ran out and it is still in `status`; false when someone else has it. */
export async function takeLease(db: DbOrTx, a: Attempt, leaseMs: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(paymentAttempts.id, a.id),
        eq(paymentAttempts.status, a.status as PaymentAttemptStatus),
        lt(paymentAttempts.leaseUntil, now),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return rows.length > 0;
}

export async function markRefunded(db: DbOrTx, id: number, refundRef: string | null): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'refunded', refundRef, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'refunding')));
}

export async function noteError(db: DbOrTx, id: number, error: string, leaseMs: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ error: error.slice(0, 500), leaseUntil: new Date(Date.now() + leaseMs), updatedAt: new Date() })
    .where(eq(paymentAttempts.id, id));
}
