/**
 * The bearer token of a signed-in session (the page's `<meta name="api-token">`).
 *
 * Nothing that can be used as the token is stored: `api_tokens` keeps sha256(token) with its
 * expiry, and the session keeps only the token's id and when it expires. The page still needs
 * the plain token on every render, so the token is not random but DERIVED:
 *
 *   token = 'hdt_' + base64url(HMAC-SHA256(K, session id)),  K = HMAC-SHA256(SESSION_SECRET, label)
 *
 * The server re-derives it for each page from the session id it already holds; a reader of the
 * database (or a backup) sees the session ids and the hashes, and without SESSION_SECRET can make
 * neither a token nor a session cookie. A new session id is issued at every sign-in, so every
 * sign-in gets a new token (the previous one is revoked); sign-out and a password change revoke it.
 *
 * Lifetime: API_TOKEN_LIFETIME_MS (14 days, the session cookie's maxAge) from sign-in, not
 * sliding. The session's sign-in ends with it (src/http/context.ts), so a page never shows an
 * expired token and a sign-in lasts at most 14 days.
 */
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import type { SessionData } from 'express-session';

/** 14 days, the session cookie's maxAge (src/app.ts). */
export const API_TOKEN_LIFETIME_MS = 14 * 24 * 3600 * 1000;

const KEY_LABEL = 'harrow-drill/api-token/v1';
const keys = new Map<string, Buffer>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createHmac('sha256', secret).update(KEY_LABEL).digest()));
  return key;
};

/** The plain bearer token of a session (derived, never stored). */
export function sessionApiToken(secret: string, sessionId: string): string {
  return `hdt_${createHmac('sha256', keyFor(secret)).update(sessionId).digest('base64url')}`;
}

type TokenSession = Pick<SessionData, 'userId' | 'apiTokenId' | 'apiTokenExpiresAt'>;

/** True while the session's sign-in (and so its token) has not expired. */
export function sessionSignedIn(session: Partial<TokenSession> | undefined, now = Date.now()): boolean {
  return (
    !!session?.userId &&
    !!session.apiTokenId &&
    typeof session.apiTokenExpiresAt === 'number' &&
    session.apiTokenExpiresAt > now
  );
}

/** The token for the signed-in session's page, or undefined (anonymous, expired, or a bearer request). */
export function pageApiToken(
  secret: string,
  req: Pick<Request, 'session' | 'sessionID' | 'bearer'>,
): string | undefined {
  if (req.bearer || !sessionSignedIn(req.session) || !req.sessionID) return undefined;
  return sessionApiToken(secret, req.sessionID);
}
