/** Picks the bot check: reCAPTCHA when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set, else the offline one. */
import type { Config } from '../../config.ts';
import { createOfflineCaptcha } from './offline.ts';
import { createRecaptcha } from './recaptcha.ts';
import type { CaptchaProvider } from './types.ts';

export type { CaptchaProvider, CaptchaVerdict } from './types.ts';

export function createCaptcha(config: Pick<Config, 'providers'>): CaptchaProvider {
  const r = config.providers.recaptcha;
  return r ? createRecaptcha({ siteKey: r.siteKey, secret: r.secret, verifyUrl: r.verifyUrl }) : createOfflineCaptcha();
}
