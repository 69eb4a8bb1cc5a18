/**
 * The payment jobs, run by the app's job queue (graphile-worker, webhooks/worker.ts):
 *
 * - payments_refund {attemptId}: money moved for an order that was not confirmed. Refunds the card
 *   charge (the provider's idempotency key makes a retried refund the same refund) or calls back the
 *   bank debit, then marks the attempt refunded. A failure is logged and THROWN, so graphile-worker
 *   retries it with its exponential backoff (REFUND_MAX_ATTEMPTS, about three days); after that the
 *   recovery job queues it again. A refund is never dropped.
 * - payments_recover (at start, and every minute): attempts whose lease ran out — the process that
 *   owned them died, or gave up. 'reserved': the provider is asked again under the attempt's key
 *   (it answers the first answer, or charges now: the buyer asked for this order and its stock is
 *   still held), then the order is confirmed; a decline releases the stock. 'charged': the order is
 *   confirmed. Whatever cannot be confirmed is refunded. 'refunding' with no live job: queued again.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { BankLinkProvider } from '../../providers/bank/types.ts';
import { audit } from '../../features/audit/index.ts';
import { formatMoney } from '../../domain/money.ts';
import {
  attemptById,
  markRefunded,
  noteError,
  RECOVER_TASK,
  REFUND_TASK,
  refundJob,
  staleAttempts,
  takeLease,
} from './attempts.ts';
import { DEFAULT_LEASE_MS, resumeAttempt, type PaymentDeps } from './place-order.ts';

export { RECOVER_TASK, REFUND_TASK };
/** Recovery every minute (graphile-worker crontab line). */
export const PAYMENTS_CRONTAB = `* * * * * ${RECOVER_TASK}`;

export type PaymentJobDeps = {
  db: Db;
  provider: PaymentProvider;
  bank?: BankLinkProvider;
  logger: Logger;
  leaseMs?: number;
};

export async function refundAttempt(deps: PaymentJobDeps, attemptId: number): Promise<'refunded' | 'skipped'> {
  const a = await attemptById(deps.db, attemptId);
  if (!a || a.status !== 'refunding') return 'skipped';
  let refundRef: string | null = null;
  try {
    if (a.kind === 'card')
      refundRef = (await deps.provider.refund(a.providerRef!, a.amountCents, `refund-${a.providerKey}`)).ref;
    else if (a.kind === 'bank') await deps.bank!.cancel(a.providerRef!);
  } catch (err) {
    deps.logger.error(
      {
        err,
        attemptId: a.id,
        orderId: a.orderId,
        amountCents: a.amountCents,
        currency: a.currency,
        source: 'payments',
      },
      'refund failed: will retry',
    );
    await noteError(
      deps.db,
      a.id,
      `refund failed: ${err instanceof Error ? err.message : String(err)}`,
      deps.leaseMs ?? DEFAULT_LEASE_MS,
    ).catch(() => {});
    throw err; // graphile-worker retries it
  }
  await deps.db.transaction(async (tx) => {
    await markRefunded(tx, a.id, refundRef);
    await audit(tx, {
      action: 'payment.refund',
      entity: 'order',
      entityId: a.orderId,
      userId: a.userId,
      message: `Payment for order ${a.orderId} refunded: the order was not completed (${formatMoney(a.amountCents, a.currency, 'en-US')}, ${a.kind})`,
      data: { attemptId: a.id, providerRef: a.providerRef, refundRef, reason: a.error },
    });
  });
  deps.logger.info(
    { attemptId: a.id, orderId: a.orderId, amountCents: a.amountCents, source: 'payments' },
    'payment refunded: order not completed',
  );
  return 'refunded';
}

/** One pass over the attempts whose lease ran out. Returns what became of each. */
export async function recoverAttempts(deps: PaymentJobDeps, now = new Date()): Promise<Record<string, number>> {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const seen: Record<string, number> = {};
  const count = (k: string) => void (seen[k] = (seen[k] ?? 0) + 1);
  for (const a of await staleAttempts(deps.db, now)) {
    if (!(await takeLease(deps.db, a, leaseMs, now))) continue;
    if (a.status === 'refunding') {
      await deps.db.execute(refundJob(a.id));
      count('refund_queued');
      continue;
    }
    const pdeps: PaymentDeps = { db: deps.db, provider: deps.provider, bank: deps.bank, logger: deps.logger, leaseMs };
    try {
      await resumeAttempt(pdeps, a);
      count('confirmed');
      deps.logger.warn(
        { attemptId: a.id, orderId: a.orderId, source: 'payments' },
        'payment recovery: order confirmed',
      );
    } catch (err) {
      const after = await attemptById(deps.db, a.id);
      count(after?.status ?? 'unknown');
      deps.logger.warn(
        { err, attemptId: a.id, orderId: a.orderId, status: after?.status, source: 'payments' },
        'payment recovery: order not confirmed',
      );
    }
  }
  return seen;
}

/** The job queue's payment tasks, for webhooks/worker.ts (the provider is the app's, found when a job runs). */
export function paymentTasks(depsOf: () => PaymentJobDeps | undefined) {
  const need = () => {
    const d = depsOf();
    if (!d) throw new Error('the app is not ready for payment jobs yet');
    return d;
  };
  return {
    [REFUND_TASK]: async (payload: unknown) =>
      void (await refundAttempt(need(), Number((payload as { attemptId: number }).attemptId))),
    [RECOVER_TASK]: async () => {
      const d = need();
      const seen = await recoverAttempts(d);
      if (Object.keys(seen).length) d.logger.info({ source: 'payments', ...seen }, 'payment recovery');
    },
  };
}

/** Queued once at start: attempts a dead process left are finished without waiting for the cron minute. */
export const recoverAtStart = (db: Db) =>
  db.execute(sql`select graphile_worker.add_job(${RECOVER_TASK}, '{}'::json, job_key => 'payments-recover-start')`);
