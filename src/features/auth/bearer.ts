/**
 * `Authorization: Bearer …` authenticates a script without the session cookie, so
 * it needs no CSRF token (a browser never attaches the header on its own). A bad
 * token is a 401, never a silent fall-back to the cookie.
 */
import type { RequestHandler } from 'express';
import { unauthorized } from '../../domain/errors.ts';
import type { Services } from '../../services.ts';
import { loadCurrentUser } from './queries.ts';

export function bearerAuth(services: Pick<Services, 'auth' | 'db'>): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (!header?.toLowerCase().startsWith('bearer ')) return next();
    const token = header.slice(7).trim();
    // Warehouse API keys (token + X-User-Id) are checked by the warehouse routes themselves.
    if (req.get('x-user-id')) {
      req.bearer = true;
      return next();
    }
    const userId = token ? await services.auth.userIdForBearer(token) : undefined;
    const user = userId ? await loadCurrentUser(services.db, userId) : undefined;
    if (!user) return next(unauthorized('The bearer token is invalid or has been revoked.'));
    req.user = user;
    req.bearer = true;
    next();
  };
}
