/**
 * Domain events for webhooks, written to the outbox in the caller's transaction:
 *
 *   await emitEvent(tx, 'order.created', { orderId });
 *
 * One statement: the outbox row (webhook_events) and, when an active webhook subscribes to the
 * type, the graphile-worker job that fans it out (graphile_worker.add_job), both inside the
 * caller's transaction. The
 * change, its event and the job commit together or not at all, so nothing is lost when the app
 * stops between the change and the delivery, and nothing is sent for a change that rolled back.
 * Pass the transaction's handle: on the embedded database a query on another client would wait
 * for the transaction forever.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.updated',
  'payment.recorded',
  'inventory.changed',
  'product.changed',
  'order.approval_requested',
  'order.approval_approved',
  'order.approval_rejected',
  'order.approval_withdrawn',
  'quote.requested',
  'quote.offered',
  'quote.accepted',
  'quote.rejected',
  'return.requested',
  'return.approved',
  'return.refused',
  'return.received',
  'return.refunded',
  'return.replaced',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by the test-delivery button, to the one webhook it was pressed for. */
export const TEST_EVENT = 'webhook.test';

/** Task names of the job queue (src/features/webhooks/worker.ts). */
export const FANOUT_TASK = 'webhooks_fanout';
export const DELIVER_TASK = 'webhooks_deliver';
export const CLEANUP_TASK = 'webhooks_cleanup';
/** The order report rollup's deltas folded together (src/db/schema/reports.ts). */
export const REPORT_COMPACT_TASK = 'reports_compact';
/** graphile-worker crontab: the webhook retention clean-up at 03:17 UTC and the report compaction at 03:47 UTC, every night. */
export const CRONTAB = `17 3 * * * ${CLEANUP_TASK}\n47 3 * * * ${REPORT_COMPACT_TASK}`;
/** graphile-worker's own retries are for crashes and database errors only; HTTP retries are ours. */
export const JOB_MAX_ATTEMPTS = 10;

export async function emitEvent(tx: DbOrTx, type: WebhookEvent, payload: Record<string, unknown>): Promise<void> {
  await emitEvents(tx, [[type, payload]]);
}

/** Several events of one change, still one statement (one round trip), in the order given. */
export async function emitEvents(tx: DbOrTx, events: [WebhookEvent, Record<string, unknown>][]): Promise<void> {
  if (!events.length) return;
  const rows = sql.join(
    events.map(([type, payload]) => sql`(${type}, ${JSON.stringify(payload)}::jsonb)`),
    sql`, `,
  );
  // The fan-out job only when an active webhook subscribes to the type: a shop without webhooks
  // pays for the outbox row, not for a job per change. (A webhook receives what happens after it
  // is saved; events before it are in the outbox, not delivered.)
  await tx.execute(sql`with e as (insert into webhook_events (type, payload) values ${rows} returning id, type)
    select graphile_worker.add_job(${FANOUT_TASK}, json_build_object('eventId', e.id), max_attempts => ${JOB_MAX_ATTEMPTS}) from e
    where exists (select 1 from webhooks w where w.active and e.type = any(w.events)) order by e.id`);
}
