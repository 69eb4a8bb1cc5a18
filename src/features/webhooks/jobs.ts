/**
 * The job queue's two tasks (graphile-worker runs them; src/features/webhooks/worker.ts):
 *
 * - fan-out: one committed outbox event → one delivery per active webhook subscribed to its type
 *   (and, for a webhook of an organisation, only when the event concerns that organisation),
 *   each with its own deliver job, in one statement (so a fan-out that runs twice makes nothing new).
 * - deliver: one signed POST; the attempt is recorded with its status and duration, and in the same
 *   transaction the delivery is marked delivered, failed (attempts used up) or given its next job
 *   at now + backoff with jitter (src/domain/webhooks.ts). HTTP failures are therefore retried by
 *   jobs we schedule, never by throwing: graphile-worker's own retries (a fixed e^n schedule) stay
 *   for crashes and database errors.
 *
 * At-least-once: a process that dies after the POST and before the commit sends it again; the
 * receiver de-duplicates by webhook-id, which is the same on every attempt.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { WebhookConfig } from '../../config.ts';
import { isDelivered, retryDelayMs, shouldRetry } from '../../domain/webhooks.ts';
import { audit } from '../audit/index.ts';
import { DELIVER_TASK, JOB_MAX_ATTEMPTS } from './events.ts';
import { sendSigned } from './send.ts';

export type JobDeps = { db: Db; config: WebhookConfig; logger: Logger; random?: () => number };

/** SQL for a new deliver job (in the caller's transaction). */
export const deliverJob = (deliveryId: number | ReturnType<typeof sql>, runAt?: Date) =>
  runAt
    ? sql`graphile_worker.add_job(${DELIVER_TASK}, json_build_object('deliveryId', (${deliveryId})::int), run_at => ${runAt.toISOString()}::timestamptz, max_attempts => ${JOB_MAX_ATTEMPTS})`
    : sql`graphile_worker.add_job(${DELIVER_TASK}, json_build_object('deliveryId', (${deliveryId})::int), max_attempts => ${JOB_MAX_ATTEMPTS})`;

/** The JSON body every delivery sends: {type, timestamp, data} (Standard Webhooks' recommended shape). */
export const bodySql = (type: unknown, at: unknown, data: unknown) =>
  sql`json_build_object('type', ${type}, 'timestamp', to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', ${data})::text`;
export const newMessageId = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The organisation an event concerns, from its payload (null: none): an order's (orderId: its
 * customer's organisation, by account or by person), a warehouse's (warehouseId). Product events
 * name none. Used by the fan-out: a webhook of an organisation receives only its organisation's
 * events; a webhook without one (the shop's staff) receives every event it subscribes to.
 */
export const eventOrganisationSql = (payload: ReturnType<typeof sql>) => sql`case
    when jsonb_typeof(${payload}->'orderId') = 'number' then (select coalesce(u.organisation_id, p.organisation_id) from orders o
      left join users u on u.id = o.user_id left join persons p on p.id = o.person_id where o.id = (${payload}->>'orderId')::bigint)
    when jsonb_typeof(${payload}->'warehouseId') = 'number' then (select wh.organisation_id from warehouses wh where wh.id = (${payload}->>'warehouseId')::bigint)
  end`;

export async function fanOut(deps: JobDeps, eventId: number): Promise<number> {
  const res = await deps.db.execute(sql`with ev as (
      update webhook_events set dispatched_at = now() where id = ${eventId} and dispatched_at is null returning id, type, payload, created_at
    ), evo as (
      select ev.*, ${eventOrganisationSql(sql`ev.payload`)} as organisation_id from ev
    ), ins as (
      insert into webhook_deliveries (message_id, webhook_id, event_id, event_type, body, max_attempts)
      select ${newMessageId}, w.id, evo.id, evo.type, ${bodySql(sql`evo.type`, sql`evo.created_at`, sql`evo.payload`)}, ${deps.config.maxAttempts}
      from evo join webhooks w on w.active and evo.type = any(w.events) and (w.organisation_id is null or w.organisation_id = evo.organisation_id)
      on conflict do nothing returning id
    )
    select ${deliverJob(sql`ins.id`)} from ins`);
  return res.rowCount ?? 0;
}

type DeliveryRow = {
  id: number;
  message_id: string;
  body: string;
  status: string;
  attempts: number;
  max_attempts: number;
  url: string;
  secret: string;
  active: boolean;
  webhook_id: number;
  event_type: string;
};

export async function deliver(
  deps: JobDeps,
  deliveryId: number,
): Promise<'delivered' | 'retry' | 'failed' | 'skipped'> {
  const { rows } =
    await deps.db.execute<DeliveryRow>(sql`select d.id, d.message_id, d.body, d.status, d.attempts, d.max_attempts, d.event_type, w.id as webhook_id, w.url, w.secret, w.active
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id where d.id = ${deliveryId}`);
  const d = rows[0];
  if (!d || d.status !== 'pending') return 'skipped';
  const attempt = d.attempts + 1;
  const result =
    d.active || d.event_type === 'webhook.test'
      ? await sendSigned(d.url, d.secret, d.message_id, d.body, {
          allowPrivate: deps.config.allowPrivate,
          timeoutMs: deps.config.timeoutMs,
        })
      : { statusCode: null, durationMs: 0, error: 'The webhook is inactive.' };
  const ok = isDelivered(result.statusCode);
  const retry = !ok && d.active && shouldRetry(attempt, d.max_attempts);
  const next = retry
    ? new Date(
        Date.now() +
          retryDelayMs(attempt, deps.config.retryBaseMs, deps.config.retryMaxMs, (deps.random ?? Math.random)()),
      )
    : null;
  const status = ok ? 'delivered' : retry ? 'pending' : 'failed';
  const error = result.error ?? (ok ? null : `HTTP ${result.statusCode}`);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`insert into webhook_attempts (delivery_id, attempt, status_code, ok, duration_ms, error)
      values (${d.id}, ${attempt}, ${result.statusCode}, ${ok}, ${result.durationMs}, ${ok ? null : error})`);
    // Conditional on the attempt count read above: a replay racing this attempt schedules its own job.
    const upd =
      await tx.execute(sql`update webhook_deliveries set attempts = ${attempt}, status = ${status}, last_status_code = ${result.statusCode},
        last_error = ${ok ? null : error}, next_attempt_at = ${next ? next.toISOString() : null}::timestamptz, delivered_at = ${ok ? sql`now()` : sql`null`}
      where id = ${d.id} and attempts = ${d.attempts} and status = 'pending'`);
    if (next && upd.rowCount) await tx.execute(sql`select ${deliverJob(d.id, next)}`);
    if (status === 'failed' && upd.rowCount) {
      await audit(tx, {
        action: 'webhook.deliver',
        level: 'error',
        entity: 'webhook',
        entityId: d.webhook_id,
        message: `Delivery ${d.message_id} (${d.event_type}) failed after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${error}`,
        data: { deliveryId: d.id, attempts: attempt, statusCode: result.statusCode },
      });
    }
  });
  deps.logger.info(
    {
      deliveryId: d.id,
      webhookId: d.webhook_id,
      attempt,
      statusCode: result.statusCode,
      ms: result.durationMs,
      status,
    },
    'webhook attempt',
  );
  return ok ? 'delivered' : retry ? 'retry' : 'failed';
}

/**
 * Retention (the nightly `webhooks_cleanup` cron task): outbox events older than
 * `retentionDays`, and deliveries older than that which are no longer pending (their attempts go
 * with them). A pending delivery is kept whatever its age: its retry job still needs it. One
 * transaction; returns what was deleted.
 */
export async function cleanUp(
  deps: Pick<JobDeps, 'db' | 'config'>,
  now = new Date(),
): Promise<{ events: number; deliveries: number }> {
  const cutoff = new Date(now.getTime() - deps.config.retentionDays * 86_400_000).toISOString();
  return deps.db.transaction(async (tx) => {
    const deliveries = await tx.execute<{
      n: number;
    }>(sql`with d as (delete from webhook_deliveries where created_at < ${cutoff}::timestamptz and status <> 'pending' returning 1)
      select count(*)::int as n from d`);
    const events = await tx.execute<{ n: number }>(
      sql`with e as (delete from webhook_events where created_at < ${cutoff}::timestamptz returning 1) select count(*)::int as n from e`,
    );
    return { events: events.rows[0].n, deliveries: deliveries.rows[0].n };
  });
}
