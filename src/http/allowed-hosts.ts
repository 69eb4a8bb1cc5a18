/**
 * In production a request must name one of the shop's own host names: PUBLIC_URL's, or one of
 * ALLOWED_HOSTS (ports are not compared). Anything else answers 400 (code `foreign_host`), in the
 * contract's JSON shape for scripts and as plain text for browsers. Links never come from the Host
 * header (src/config.ts publicBase), so this is the second line: no page, cached answer or log is
 * ever made for a name the shop does not own, and Host-based tricks (a reset link poisoned through
 * a shared cache or a misrouted proxy) have no request to ride on.
 * Behind a trusted proxy (TRUST_PROXY) the name checked is X-Forwarded-Host's first value when the
 * proxy sends one (what Express and the origin check read as this server's host), else Host.
 * Development and tests accept any host: they run on 127.0.0.1 and random ports.
 * `/healthz` is answered whatever the host: load balancers probe it by address, and it says nothing
 * but whether the database answers.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { hostnameOf, publicBase, type Config } from '../config.ts';
import { AppError } from '../domain/errors.ts';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import type { Texts } from '../i18n/index.ts';

export const FOREIGN_HOST_MESSAGE = 'This shop does not answer to that host name.';

type HostConfig = Pick<Config, 'env' | 'publicUrl' | 'port' | 'allowedHosts' | 'trustProxy'>;

/**
 * The host names a production request may name (lower case, no port): the link base's and
 * ALLOWED_HOSTS. loadConfig always has PUBLIC_URL in production; an app built with overrides
 * (tests, benchmarks) and none answers to localhost, the base its links then name.
 */
export function allowedHostNames(config: Pick<Config, 'publicUrl' | 'port' | 'allowedHosts'>): Set<string> {
  return new Set([...(config.allowedHosts ?? []), new URL(publicBase(config)).hostname.toLowerCase()]);
}

/**
 * THE rule, for the Express middleware: null outside
 * production (any host), else whether a request's headers name an allowed host.
 */
export function hostRule(
  config: HostConfig,
): ((headers: IncomingMessage['headers'], url: string | undefined) => boolean) | null {
  if (config.env !== 'production') return null;
  const names = allowedHostNames(config);
  return (headers, url) => {
    if (url === '/healthz' || url?.startsWith('/healthz?')) return true;
    const forwarded = config.trustProxy ? headers['x-forwarded-host'] : undefined;
    const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || headers.host;
    if (!raw) return false;
    try {
      return names.has(hostnameOf(raw));
    } catch {
      return false;
    }
  };
}

/** The locale named by a path's first segment (`/fr-ca/…`), else the default. */
function localeOfPath(url: string): Locale {
  const first = url.split(/[/?]/)[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/**
 * Express middleware, mounted first: a foreign host goes straight to the error handler, with the
 * translator of the path's locale so the message is in the visitor's language.
 */
export function allowedHostsOnly(config: HostConfig, texts: Pick<Texts, 'forLocale'>): RequestHandler {
  const allowed = hostRule(config);
  if (!allowed) return (_req, _res, next) => next();
  return (req, _res, next) => {
    if (allowed(req.headers, req.url)) return next();
    req.t = texts.forLocale(localeOfPath(req.url));
    next(new AppError(400, 'foreign_host', FOREIGN_HOST_MESSAGE));
  };
}
