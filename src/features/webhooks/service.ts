/**
 * What the integrations routes call: webhook writes (each audited in its transaction, the secret
 * never in the audit entry), the test delivery and the replay of a failed delivery (each a
 * delivery row and its job in one transaction, so the button's effect survives a restart too).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WebhookConfig } from '../../config.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { webhookScopeOf } from '../../domain/webhooks.ts';
import { audit } from '../audit/index.ts';
import { TEST_EVENT } from './events.ts';
import { bodySql, deliverJob, newMessageId } from './jobs.ts';
import { checkTarget } from './send.ts';
import type { WebhookBody } from './schemas.ts';

/** A Standard Webhooks secret: 'whsec_' + base64 of 24 random bytes (192 bits). */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

async function assertReachable(url: string, config: WebhookConfig) {
  const refused = await checkTarget(url, config.allowPrivate);
  if (refused) throw invalid(refused, { url: refused }, 'private_address');
}

/**
 * The organisation a new webhook belongs to: none for the shop's own staff (roles admin and staff,
 * whatever organisation their account is filed under), so it receives every event it subscribes
 * to; otherwise the creator's, so it receives only that organisation's events (jobs.ts fanOut).
 */
export function webhookOrganisationOf(user: { role: string; organisationId: number | null }): number | null {
  const scope = webhookScopeOf(user);
  return scope === 'all' ? null : scope.organisationId;
}

/** Returns the new webhook's id and its secret: the only time the secret leaves the server. */
export async function createWebhook(
  db: Db,
  config: WebhookConfig,
  input: WebhookBody,
  userId: number,
  organisationId: number | null,
) {
  await assertReachable(input.url, config);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({ url: input.url, events: input.events, active: input.active, secret, createdBy: userId, organisationId })
      .returning({ id: webhooks.id });
    await audit(tx, {
      action: 'webhook.create',
      entity: 'webhook',
      entityId: row.id,
      userId,
      message: `Webhook ${row.id} added for ${input.events.join(', ')} → ${new URL(input.url).host}`,
      data: { url: input.url, events: input.events, active: input.active },
    });
    return { id: row.id, secret };
  });
}

export async function updateWebhook(db: Db, config: WebhookConfig, id: number, input: WebhookBody, userId: number) {
  await assertReachable(input.url, config);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ url: webhooks.url, events: webhooks.events, active: webhooks.active })
      .from(webhooks)
      .where(eq(webhooks.id, id))
      .for('update');
    if (!before) throw notFound('That webhook does not exist.');
    await tx
      .update(webhooks)
      .set({ url: input.url, events: input.events, active: input.active })
      .where(eq(webhooks.id, id));
    await audit(tx, {
      action: 'webhook.update',
      entity: 'webhook',
      entityId: id,
      userId,
      message: `Webhook ${id} saved (${input.active ? 'active' : 'inactive'})`,
      data: { before, after: { url: input.url, events: input.events, active: input.active } },
    });
  });
}

export async function deleteWebhook(db: Db, id: number, userId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhooks)
      .where(eq(webhooks.id, id))
      .returning({ url: webhooks.url, events: webhooks.events });
    if (!row) throw notFound('That webhook does not exist.');
    await audit(tx, {
      action: 'webhook.delete',
      entity: 'webhook',
      entityId: id,
      userId,
      message: `Webhook ${id} deleted (${new URL(row.url).host})`,
      data: { url: row.url, events: row.events },
    });
  });
}

/** Queues a 'webhook.test' message to this one webhook (active or not). */
export async function testDelivery(db: Db, config: WebhookConfig, id: number, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const data = sql`json_build_object('webhookId', w.id, 'message', 'Test delivery from Harrow & Drill')`;
    const { rows } = await tx.execute<{
      id: number;
    }>(sql`insert into webhook_deliveries (message_id, webhook_id, event_type, body, max_attempts)
      select ${newMessageId}, w.id, ${TEST_EVENT}, ${bodySql(sql`${TEST_EVENT}::text`, sql`now()`, data)}, ${config.maxAttempts} from webhooks w where w.id = ${id} returning id`);
    if (!rows[0]) throw notFound('That webhook does not exist.');
    await tx.execute(sql`select ${deliverJob(rows[0].id)}`);
    await audit(tx, {
      action: 'webhook.test',
      entity: 'webhook',
      entityId: id,
      userId,
      message: `Test delivery queued for webhook ${id}`,
      data: { deliveryId: rows[0].id },
    });
    return rows[0].id;
  });
}

/** A failed delivery gets a new series of attempts (same message id: receivers de-duplicate). */
export async function replayDelivery(
  db: Db,
  config: WebhookConfig,
  webhookId: number,
  deliveryId: number,
  userId: number,
) {
  await db.transaction(async (tx) => {
    const [d] = await tx
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
      .for('update');
    if (!d) throw notFound('That delivery does not exist.');
    if (d.status !== 'failed')
      throw conflict('Only a failed delivery can be replayed.', {
        delivery: 'Only a failed delivery can be replayed.',
      });
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', maxAttempts: d.attempts + config.maxAttempts, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    await tx.execute(sql`select ${deliverJob(deliveryId)}`);
    await audit(tx, {
      action: 'webhook.replay',
      entity: 'webhook',
      entityId: webhookId,
      userId,
      message: `Delivery ${deliveryId} replayed`,
      data: { deliveryId },
    });
  });
}
