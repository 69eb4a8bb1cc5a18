/**
 * The Content-Security-Policy directives (helmet). Strict by default: scripts, frames and
 * connections to this site only. A provider's browser script is allowed only when that provider
 * is configured, and only the origins it needs:
 *   - reCAPTCHA (RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET): api.js from www.google.com/recaptcha, its
 *     code from www.gstatic.com/recaptcha, its challenge frame and its calls to google.com/recaptcha;
 *   - Plaid Link (PLAID_CLIENT_ID/PLAID_SECRET): link-initialize.js from cdn.plaid.com, Link's frame
 *     and its calls to *.plaid.com.
 */
import type { Config } from '../config.ts';

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};
const PLAID = {
  script: ['https://cdn.plaid.com/link/v2/stable/'],
  frame: ['https://cdn.plaid.com/'],
  connect: ['https://production.plaid.com/', 'https://sandbox.plaid.com/'],
};

export function cspDirectives(config: Pick<Config, 'env' | 'providers'>): Record<string, string[]> {
  const extra = [config.providers.recaptcha ? RECAPTCHA : null, config.providers.plaid ? PLAID : null].filter(
    (x) => x !== null,
  );
  const scriptSrc = ["'self'", ...extra.flatMap((p) => p.script)];
  const frameSrc = extra.length ? ["'self'", ...extra.flatMap((p) => p.frame)] : null;
  const connectSrc = ["'self'", ...extra.flatMap((p) => p.connect)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    ...(frameSrc ? { frameSrc } : {}),
    styleSrc: ["'self'"],
    // React and Leaflet position elements with style attributes; scripts stay strict.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'"],
    connectSrc,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}
