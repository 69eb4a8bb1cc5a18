/** The visitor a page's parts are made for, and the CSRF secret that names a plain visitor's copy. */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { CSRF_COOKIE } from '../csrf.ts';
import type { Visitor } from './types.ts';

/** The CSRF secret the request's cookie carries, as cookie-parser verified it (csurf reads it there). */
export function signedSecret(req: Request): string | undefined {
  const value = (req.signedCookies as Record<string, unknown> | undefined)?.[CSRF_COOKIE];
  return typeof value === 'string' && value ? value : undefined;
}

/** A short, one-way name of a CSRF secret for the page's validator (the secret itself never leaves the cookie). */
export function secretTag(secret: string): string {
  return createHash('sha1').update(secret).digest('base64url').slice(0, 12);
}

/** The visitor of a request that went through the app's middleware (session, CSRF, page locals). */
export function visitorOf(req: Request, res: Response): Visitor {
  const plain = !req.user && !(Number(res.locals.cartCount) > 0);
  // A visitor whose session was loaded is answered no-store, the validator removed (cache-control.ts).
  return {
    csrfToken: () => (req.csrfToken ? req.csrfToken() : ''),
    plain,
    csrfSecret: plain ? signedSecret(req) : undefined,
  };
}
