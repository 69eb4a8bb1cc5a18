/**
 * CSRF protection without a database write on read.
 *
 * Why: csurf's session mode keeps its secret in the session, so every first page view by a
 * visitor without a cookie INSERTed a session row (bots and first visits filled the table).
 * Here the secret lives in a *signed*, HttpOnly, SameSite=Lax cookie that only this server can
 * mint (cookie-parser signs it with SESSION_SECRET); the token in the page is derived from it
 * exactly as before, so a request without a valid token still gets 403. A session is created
 * only when there is something to keep (sign-in, add to cart, channel switch).
 *
 * The secret is rotated at sign-in and sign-out (as the session id is regenerated), so a token
 * seen before signing in is worthless afterwards.
 *
 * csurf is used through its public API only (its middleware and req.csrfToken): the rotation runs
 * a csurf instance that checks no method, on a request whose old secret it no longer sees. Nothing
 * here imports csurf's own dependencies (`csrf`, `cookie-signature`).
 *
 * A first visit's cost: the page cache answers a cached page before the session; what
 * is made for the visitor is what the contract requires, the `<meta name="csrf-token">` in the
 * HTML: csurf's new secret (18 random bytes), its signed cookie and a token (a salt and a hash).
 */
import type { Request, RequestHandler, Response } from 'express';
import csurf from 'csurf';

export const CSRF_COOKIE = 'hd.csrf';

const cookieOptions = (secure: boolean) => ({
  path: '/',
  signed: true,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
});
const options = (secure: boolean) => ({ cookie: { key: CSRF_COOKIE, ...cookieOptions(secure) } });
/** Every method: csurf used only to mint a new secret (rotateCsrfSecret), never to check a token. */
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
const minters = {
  plain: csurf({ ...options(false), ignoreMethods: ALL_METHODS }),
  secure: csurf({ ...options(true), ignoreMethods: ALL_METHODS }),
};

/** csurf in signed-cookie mode; the cookie is Secure whenever the request came over TLS. */
export function csrfProtection(): RequestHandler {
  const plain = csurf(options(false));
  const secure = csurf(options(true));
  return (req, res, next) => (req.secure ? secure(req, res, next) : plain(req, res, next));
}

/**
 * A new CSRF secret for this visitor, effective at once: the response sets it, and tokens made
 * later in this request (a page rendered now, or a script's JSON answer after signing in
 * mid-checkout) are made from it, so the page in hand keeps working.
 */
export function rotateCsrfSecret(req: Request, res: Response) {
  // csurf, through its middleware: with no secret in the request's cookies it makes one, sets its
  // cookie on the response and gives req.csrfToken a maker for it (synchronously: it checks nothing).
  if (req.signedCookies) delete (req.signedCookies as Record<string, unknown>)[CSRF_COOKIE];
  let failed: unknown;
  (req.secure ? minters.secure : minters.plain)(req, res, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
}
