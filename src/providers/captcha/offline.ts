/**
 * The built-in bot check (no network): each form render gets a signed, timestamped token (HMAC
 * with a per-process secret); a submission must bring it back within two hours, once only (the
 * used tokens are kept until they expire), under the site key 'offline'. Scripts that post the
 * form without loading the page, or replay a captured token, are declined.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptchaProvider, CaptchaVerdict } from './types.ts';

export const OFFLINE_SITE_KEY = 'offline';
export const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export function createOfflineCaptcha(
  opts: { secret?: string; ttlMs?: number } = {},
): CaptchaProvider & { usedCount(): number } {
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  const ttl = opts.ttlMs ?? TOKEN_TTL_MS;
  const used = new Map<string, number>(); // token → expiry (ms)
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const prune = (now: number) => {
    for (const [t, exp] of used) if (exp <= now) used.delete(t);
  };
  return {
    name: 'offline',
    siteKey: OFFLINE_SITE_KEY,
    issue(now) {
      const payload = `${now.getTime()}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    async verify({ token, key, now }): Promise<CaptchaVerdict> {
      if (!token) return { ok: false, reason: 'missing' };
      if (key !== OFFLINE_SITE_KEY) return { ok: false, reason: 'invalid' };
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'invalid' };
      const payload = `${parts[0]}.${parts[1]}`;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(parts[2]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'invalid' };
      const issued = Number(parts[0]);
      const t = now.getTime();
      if (!Number.isFinite(issued) || issued > t + 60_000 || t - issued > ttl) return { ok: false, reason: 'expired' };
      prune(t);
      if (used.has(token)) return { ok: false, reason: 'duplicate' };
      used.set(token, issued + ttl);
      return { ok: true, score: 1 };
    },
    usedCount: () => used.size,
  };
}
