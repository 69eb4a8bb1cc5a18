/** Reads of the integrations screens: webhooks (never their secret), deliveries and attempts. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logs, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, keysetPage, keysetPlan } from '../../domain/keyset.ts';
import type { DeliveryLogQuery } from './schemas.ts';
import type { WebhookScope } from '../../domain/webhooks.ts';

const inScope = (scope: WebhookScope) =>
  scope === 'all' ? undefined : eq(webhooks.organisationId, scope.organisationId);

export const DELIVERY_PAGE_SIZE = 20;

/** Every column the screens show; the secret is left out on purpose. */
const shown = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  active: webhooks.active,
  secretHint: sql<string>`'whsec_…' || right(${webhooks.secret}, 4)`,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
};

/** Why raw: drizzle writes a column of a join-less select unqualified ("id"), which inside these subqueries would mean d.id. */
const OUTER_ID = sql.raw('"webhooks"."id"');

export async function listWebhooks(db: DbOrTx, scope: WebhookScope) {
  return db
    .select({
      ...shown,
      deliveries: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.webhook_id = ${OUTER_ID})`,
      failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.webhook_id = ${OUTER_ID} and d.status = 'failed')`,
      lastStatus: sql<
        string | null
      >`(select d.status from ${webhookDeliveries} d where d.webhook_id = ${OUTER_ID} order by d.id desc limit 1)`,
      lastAt: sql<Date | null>`(select max(d.created_at) from ${webhookDeliveries} d where d.webhook_id = ${OUTER_ID})`,
      // The last failure the log recorded: deliveries are removed after the retention period (and the
      // demo seeds only the log entry), the log keeps it, so the list never says "no deliveries" then.
      loggedFailureAt: sql<
        string | null
      >`(select max(l.created_at) from ${logs} l where l.entity = 'webhook' and l.entity_id = ${OUTER_ID} and l.action = 'webhook.deliver')`,
    })
    .from(webhooks)
    .where(inScope(scope))
    .orderBy(desc(webhooks.id));
}

export async function findWebhook(db: DbOrTx, id: number, scope: WebhookScope) {
  const [row] = await db
    .select(shown)
    .from(webhooks)
    .where(and(eq(webhooks.id, id), inScope(scope)));
  return row ?? null;
}

/** One page of a webhook's deliveries, newest first, each with its attempts (keyset on id). */
export async function deliveryLog(db: DbOrTx, webhookId: number, q: DeliveryLogQuery) {
  const mode = q.before ? 'before' : 'after';
  const cursor = decodeCursor(q.before ?? q.after);
  const plan = keysetPlan('desc', mode);
  const where: SQL[] = [eq(webhookDeliveries.webhookId, webhookId)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (cursor) where.push(sql`${webhookDeliveries.id} ${sql.raw(plan.op)} ${cursor.id}`);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      maxAttempts: webhookDeliveries.maxAttempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(and(...where))
    .orderBy(sql`${webhookDeliveries.id} ${sql.raw(plan.fetchDir)}`)
    .limit(DELIVERY_PAGE_SIZE + 1);
  const page = keysetPage(rows, DELIVERY_PAGE_SIZE, mode, !!cursor, plan.reverse, (r) =>
    encodeCursor({ v: null, id: r.id }),
  );
  const ids = page.rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt, webhookAttempts.id)
    : [];
  const byDelivery = new Map<number, (typeof attempts)[number][]>();
  for (const a of attempts) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return { ...page, rows: page.rows.map((r) => ({ ...r, attemptList: byDelivery.get(r.id) ?? [] })) };
}
