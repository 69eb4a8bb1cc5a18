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
 */
import type { Request, RequestHandler, Response } from 'express';
import csurf from 'csurf';
import Tokens from 'csrf';

export const CSRF_COOKIE = 'hd.csrf';

const cookieOptions = (secure: boolean) => ({ path: '/', signed: true, httpOnly: true, sameSite: 'lax' as const, secure });
const options = (secure: boolean) => ({ cookie: { key: CSRF_COOKIE, ...cookieOptions(secure) } });
// The same token scheme csurf uses (its own dependency), to mint a secret csurf will accept.
const tokens = new Tokens();

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
  const secret = tokens.secretSync();
  res.cookie(CSRF_COOKIE, secret, cookieOptions(req.secure));
  req.csrfToken = () => tokens.create(secret);
}
