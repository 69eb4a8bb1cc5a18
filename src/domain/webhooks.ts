
import { forbidden } from './errors.ts';/**
 * Pure rules of webhook delivery: the retry schedule and which addresses a webhook may reach.
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
export const isDelivered = (status: number | null | undefined) => typeof status === 'number' && status >= 200 && status < 300;

/**
 * Whether an IP address is one a webhook must not reach without WEBHOOKS_ALLOW_PRIVATE: loopback,
 * private (RFC 1918, fc00::/7), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unspecified, multicast and reserved ranges, and IPv4 written inside IPv6.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return privateV4(v4);
  const lower = ip.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0];
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, ''));
  if (mapped) {
    const inner = parseIPv4(mapped[1]);
    return inner ? privateV4(inner) : true;
  }
  const groups = expandV6(lower);
  if (!groups) return true; // not an address we can read: refuse
  if (groups.every((g) => g === 0)) return true; // ::
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true; // ::1
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return privateV4([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255]);
  const first = groups[0];
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  if (first === 0x0064 && groups[1] === 0xff9b) return privateV4([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255]); // NAT64
  return false;
}

function parseIPv4(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast + reserved
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, documentation
    (a === 198 && (b === 18 || b === 19)) // benchmarking
  );
}

function expandV6(ip: string): number[] | null {
  if (!/^[0-9a-f:]+$/.test(ip) || ip.split('::').length > 2) return null;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const missing = 8 - h.length - t.length;
  if (tail === null ? h.length !== 8 : missing < 1) return null;
  const all = [...h, ...Array(tail === null ? 0 : missing).fill('0'), ...t];
  if (all.some((g) => g.length === 0 || g.length > 4)) return null;
  return all.map((g) => parseInt(g, 16));
}

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
