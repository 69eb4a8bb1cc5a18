/**
 * A state-changing request that names a foreign Origin is refused (403, code `foreign_origin`)
 * before anything reads its body's meaning: a page on another site can make a browser post a
 * form with the visitor's cookies, and the CSRF token is one defence; this is the second.
 * The browser's own word comes first: `Sec-Fetch-Site: cross-site` is refused, `same-origin` and
 * `none` (typed or bookmarked) pass. Otherwise the Origin's host must be this server's (or
 * PUBLIC_URL's). Requests without an Origin (scripts) or with `Origin: null` pass on to the CSRF
 * and bearer rules: Chromium sends `null` on same-origin form posts under `Referrer-Policy:
 * no-referrer` (measured), so `null` says nothing about where a request came from.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../domain/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN = 'Requests from another site are not accepted.';

export type OriginOptions = { publicUrl?: string };

/**
 * THE rule, for the middleware below: whether a request is a
 * write that names another site. `header` reads a request header by its lower-case name;
 * `trustProxy`: whether X-Forwarded-Host names this server (Express's `trust proxy`).
 */
export function foreignOriginRule(opts: OriginOptions = {}) {
  const configured = opts.publicUrl ? new URL(opts.publicUrl).host.toLowerCase() : undefined;
  return (method: string, header: (name: string) => string | undefined, trustProxy: boolean): boolean => {
    if (SAFE.has(method)) return false;
    const site = header('sec-fetch-site');
    if (site === 'cross-site') return true;
    if (site === 'same-origin' || site === 'none') return false;
    const origin = header('origin');
    if (origin === undefined || origin === 'null') return false;
    let host: string | undefined;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      host = undefined;
    }
    const own = (header('x-forwarded-host') && trustProxy ? header('x-forwarded-host') : header('host'))?.toLowerCase();
    return !(host && (host === own || host === configured));
  };
}

export function sameOriginWrites(opts: OriginOptions = {}): RequestHandler {
  const foreign = foreignOriginRule(opts);
  return (req, _res, next) =>
    foreign(req.method, (name) => req.get(name), !!req.app.get('trust proxy'))
      ? next(new AppError(403, 'foreign_origin', FOREIGN_ORIGIN))
      : next();
}
