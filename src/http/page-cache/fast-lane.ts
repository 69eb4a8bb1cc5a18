/**
 * The page cache's fast lane: the storefront's most common request, a returning visitor without a
 * session (not signed in, no cart, no flash message: nothing of theirs but the CSRF cookie) asking
 * for a page the cache holds, is answered right after the security headers (helmet), without the
 * request log middleware, body parsers, session, CSRF middleware, context and routers. They would
 * only lead to the same answer: the routes taught the cache which page such a visitor gets at this
 * URL (PageCache.sessionlessEntry), and the visitor's only part is a CSRF token made from their own
 * signed secret, as csurf makes it.
 *
 * Anything else goes the usual way: another method, a session cookie, an Authorization header, a
 * JSON request, no (or a badly signed) CSRF cookie, a page not cached or due for a new render.
 * The answer is logged as pino-http logs one ('request completed', the URL redacted).
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { csrfSecretFromCookies, csrfTokenFor } from '../csrf.ts';
import { redactUrl } from '../log-redact.ts';
import { wantsJson } from '../wants-json.ts';
import type { PageCache } from './index.ts';

export type FastLaneOptions = {
  /** The session cookie's name: its presence sends the request the usual way. */
  sessionCookie: string;
  /** The secret cookie-parser signs cookies with. */
  cookieSecret: string;
  logger: Pick<Logger, 'info' | 'isLevelEnabled'>;
};

export function sessionlessFastLane(cache: PageCache, opts: FastLaneOptions): RequestHandler {
  const marker = `${opts.sessionCookie}=`;
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const cookies = req.headers.cookie;
    if (!cookies || cookies.includes(marker) || req.headers.authorization !== undefined) return next();
    const entry = cache.sessionlessEntry(req.originalUrl);
    if (!entry || wantsJson(req)) return next();
    const secret = csrfSecretFromCookies(cookies, opts.cookieSecret);
    if (!secret) return next();
    const started = performance.now();
    cache.serve(req, res, entry, 'hit', { csrfToken: () => csrfTokenFor(secret), plain: true });
    if (opts.logger.isLevelEnabled('info')) {
      opts.logger.info({ req: { method: req.method, url: redactUrl(req.url) }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started), pageCache: 'hit' }, 'request completed');
    }
  };
}
