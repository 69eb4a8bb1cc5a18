/**
 * Google reCAPTCHA v3 adapter: the browser runs the challenge with action 'submit' and sends the
 * token; the server asks siteverify (secret + response + remoteip) and accepts success with the
 * same action and a score of at least 0.5. `verifyUrl` points tests at a local fake server.
 */
import type { CaptchaProvider, CaptchaVerdict } from './types.ts';

export type RecaptchaOptions = {
  siteKey: string;
  secret: string;
  verifyUrl?: string;
  minScore?: number;
  timeoutMs?: number;
};

export function createRecaptcha(o: RecaptchaOptions): CaptchaProvider {
  const url = o.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify';
  const minScore = o.minScore ?? 0.5;
  return {
    name: 'recaptcha',
    siteKey: o.siteKey,
    issue: () => null,
    async verify({ token, key, action, remoteIp }): Promise<CaptchaVerdict> {
      if (!token) return { ok: false, reason: 'missing' };
      if (key && key !== o.siteKey) return { ok: false, reason: 'invalid' };
      const form = new URLSearchParams({ secret: o.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let body: { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };
      try {
        const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(o.timeoutMs ?? 5000) });
        if (!res.ok) return { ok: false, reason: 'unavailable' };
        body = (await res.json()) as typeof body;
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      if (!body.success)
        return {
          ok: false,
          reason: (body['error-codes'] ?? []).includes('timeout-or-duplicate') ? 'duplicate' : 'invalid',
        };
      if (body.action && body.action !== action) return { ok: false, reason: 'wrong-action' };
      const score = typeof body.score === 'number' ? body.score : 1;
      if (score < minScore) return { ok: false, reason: 'low-score' };
      return { ok: true, score };
    },
  };
}
