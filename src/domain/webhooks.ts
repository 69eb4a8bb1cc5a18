import { forbidden } from './errors.ts'; /**
 * Pure rules of webhook delivery: the retry schedule and who may see which webhooks (the addresses
 * a webhook may reach: src/features/webhooks/addresses.ts, which needs node:net's parser).
 * No node:, no clock: the random draw and the attempt number are passed in.
 */

/**
 * Delay before the next attempt after `attempt` failed ones (1-based): exponential, capped, with
 * "equal jitter" — half the delay fixed, half random — so receivers that come back after an
 * outage are not hit by every sender at the same instant, yet a retry never comes sooner than
 * half its slot. `random` is in [0, 1).
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: number): number {
  const n = Math.max(1, Math.floor(attempt));
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 30));
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

/** Whether a failed attempt is followed by another one. */
export const shouldRetry = (attemptsMade: number, maxAttempts: number) => attemptsMade < maxAttempts;

/** An HTTP status that counts as delivered (Standard Webhooks: any 2xx). */
export const isDelivered = (status: number | null | undefined) =>
  typeof status === 'number' && status >= 200 && status < 300;

/**
 * Which webhooks a user may see and change: every one for the shop's staff; an organisation's own
 * for its members (their webhooks get only their organisation's events, so they see only those);
 * none for anyone else, who would otherwise create a webhook receiving every event.
 */
export type WebhookScope = 'all' | { organisationId: number };
export function webhookScopeOf(user: { role: string; organisationId: number | null }): WebhookScope {
  if (user.role === 'admin' || user.role === 'staff') return 'all';
  if (user.organisationId === null) throw forbidden();
  return { organisationId: user.organisationId };
}
