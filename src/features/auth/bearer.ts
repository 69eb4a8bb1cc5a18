/**
 * Bearer authentication. A request that carries `Authorization: Bearer …` is authenticated by
 * that token ALONE: its session cookie is set aside before the session loads (withoutSessionCookie),
 * a bad token is a 401 (never a silent fall-back to the cookie), and only a good one skips CSRF
 * (a browser never attaches the header on its own). No other header changes any of this: warehouse
 * API keys are checked by their own middleware on the warehouse routes (warehouse-key.ts), which
 * are mounted before this one.
 */
import type { RequestHandler } from 'express';
import { unauthorized } from '../../domain/errors.ts';
import { withoutCookie } from '../../http/cookies.ts';
import type { Services } from '../../services.ts';

/** The token of an `Authorization: Bearer …` header ('' for an empty one), or undefined without one. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || !/^bearer(\s|$)/i.test(header)) return undefined;
  return header.slice(6).trim();
}

/**
 * Drops the session cookie from a bearer request, so express-session never loads the cookie's user:
 * every pair its parser would name so (`hd.sid =…` too: src/http/cookies.ts), not just one spelling,
 * and cookie-parser's reading of it (mounted before: express-session reads req.signedCookies when
 * the header has no session cookie).
 */
export function withoutSessionCookie(cookieName: string): RequestHandler {
  return (req, _res, next) => {
    if (bearerToken(req.get('authorization')) !== undefined && req.headers.cookie) {
      req.headers.cookie = withoutCookie(req.headers.cookie, cookieName);
      // cookie-parser has read the header already, and express-session falls back to its reading.
      delete (req.cookies as Record<string, unknown> | undefined)?.[cookieName];
      delete (req.signedCookies as Record<string, unknown> | undefined)?.[cookieName];
    }
    next();
  };
}

export function bearerAuth(services: Pick<Services, 'auth'>): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (token === undefined) return next();
    const user = token ? await services.auth.userForBearer(token) : undefined;
    if (!user) return next(unauthorized('The bearer token is invalid or has been revoked.'));
    req.user = user;
    req.bearer = true;
    next();
  };
}
