/**
 * Bot protection (spec §3 "bot-protection form fields recaptchaToken and recaptchaKey", §7 last
 * bullet, §8 "challenge failure → form submitted without a token").
 */
export type CaptchaVerdict =
  | { ok: true; score: number }
  | {
      ok: false;
      reason: 'missing' | 'invalid' | 'expired' | 'duplicate' | 'low-score' | 'wrong-action' | 'unavailable';
    };

export interface CaptchaProvider {
  readonly name: 'offline' | 'recaptcha';
  /** The public key the page hands to the challenge (sent back as recaptchaKey). */
  readonly siteKey: string;
  /** A challenge token for a page render (offline only; reCAPTCHA mints its own in the browser). */
  issue(now: Date): string | null;
  /** Checks a submitted token for the action ('submit'). */
  verify(input: {
    token: string | undefined;
    key: string | undefined;
    action: string;
    remoteIp?: string;
    now: Date;
  }): Promise<CaptchaVerdict>;
}
