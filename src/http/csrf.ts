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
import cookieParser from 'cookie-parser';
import { LRUCache } from 'lru-cache';

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

/**
 * The visitor's CSRF secret read straight from the Cookie header (as cookie-parser and csurf read
 * it: the first `hd.csrf` cookie, URL-decoded, signed with the cookie secret), for the page cache's
 * fast lane, which answers before those middlewares run. Undefined when absent or not validly signed.
 */
export function csrfSecretFromCookies(header: string, cookieSecret: string): string | undefined {
  const raw = cookieValue(header, CSRF_COOKIE);
  if (raw === undefined) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!value.startsWith('s:')) return undefined;
  const key = `${cookieSecret}\n${value}`;
  const known = verified.get(key);
  if (known !== undefined) return known;
  const secret = cookieParser.signedCookie(value, cookieSecret);
  if (typeof secret !== 'string' || !secret) return undefined;
  verified.set(key, secret);
  return secret;
}

/**
 * Signed cookies already verified (an HMAC each time otherwise, 5 % of a cached page's CPU): the
 * signature's check gives the same answer for the same value and key, so a match is remembered.
 * Only values that verified are kept (a flood of forged ones fills nothing), at most 10,000.
 */
const verified = new LRUCache<string, string>({ max: 10_000 });

/** A token from a secret, exactly as csurf's req.csrfToken() makes one. */
export const csrfTokenFor = (secret: string): string => tokens.create(secret);

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const v = part.slice(eq + 1).trim();
      return v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
    }
  }
  return undefined;
}
