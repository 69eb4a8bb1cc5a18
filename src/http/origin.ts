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

export function sameOriginWrites(opts: { publicUrl?: string } = {}): RequestHandler {
  const configured = opts.publicUrl ? new URL(opts.publicUrl).host.toLowerCase() : undefined;
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site === 'cross-site') return next(new AppError(403, 'foreign_origin', FOREIGN_ORIGIN));
    if (site === 'same-origin' || site === 'none') return next();
    const origin = req.get('origin');
    if (origin === undefined || origin === 'null') return next();
    let host: string | undefined;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      host = undefined;
    }
    const own = (req.get('x-forwarded-host') && req.app.get('trust proxy') ? req.get('x-forwarded-host') : req.get('host'))?.toLowerCase();
    if (host && (host === own || host === configured)) return next();
    next(new AppError(403, 'foreign_origin', FOREIGN_ORIGIN));
  };
}
