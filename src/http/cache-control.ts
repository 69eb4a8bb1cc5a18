/**
 * The one caching rule for answers about a person: `Cache-Control: no-store` on every answer to a
 * signed-in visitor, a bearer call, a visitor with a session (their cart, their channel, their
 * messages) and any answer that starts a session. Such a page carries what is theirs alone (a
 * signed-in page carries the bearer token in `<meta name="api-token">`), and no cache, shared or the
 * browser's own, may keep it or answer it from a validator (ETag) later.
 *
 * Anonymous answers without a session (the cached storefront pages, static files) keep their own
 * headers. Decided when the head is written, so every path gets it: the routes, the error handler,
 * the page cache's per-visitor render.
 */
import type { RequestHandler } from 'express';
import { sessionIdOf, type SessionCookie } from './cookies.ts';

export const PERSONAL_CACHE_CONTROL = 'no-store';

/**
 * Before express-session: its own hook (installed after this) sets the session cookie as the head
 * is written, and runs first, so an answer that starts a session is seen here too.
 */
export function personalNoStore(session: SessionCookie): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    const personal = () => {
      if (req.user || req.bearer) return true;
      // The session express-session loaded for this cookie (one the store does not hold gets a new id).
      const id = sessionIdOf(req, session);
      if (id !== undefined && req.sessionID === id) return true;
      const set = res.getHeader('Set-Cookie');
      return (Array.isArray(set) ? set : set === undefined ? [] : [String(set)]).some((c) =>
        c.startsWith(`${session.name}=`),
      );
    };
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (personal()) {
        this.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
        // Nothing is kept, so nothing is revalidated: no validator naming a person's page either.
        this.removeHeader('ETag');
      }
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
