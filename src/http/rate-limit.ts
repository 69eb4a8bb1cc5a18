/**
 * A rate limit whose counts live in PostgreSQL (PgRateLimitStore), for the forms that reveal or
 * store something on every call: the lead form and account-exists (the account forms have their
 * own pairs in src/features/auth/limits.ts). Over the limit the answer is 429 in the contract's
 * shape, through the one error path.
 *
 *   r.post('/leads/new', pgRateLimit(pool, 'lead', { windowMs: HOUR, limit: 30, key: byUserOrIp }), handler)
 */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type pg from 'pg';
import { tooMany } from '../domain/errors.ts';
import { PgRateLimitStore } from './rate-limit-store.ts';

export type LimitOptions = { windowMs: number; limit: number; key: (req: Request) => string };

/** The signed-in user's id, or the client's address (IPv6 grouped by /56, express-rate-limit's rule). */
export const byUserOrIp = (req: Request) => (req.user ? `user:${req.user.id}` : `ip:${ipKeyGenerator(req.ip ?? '')}`);

export function pgRateLimit(pool: pg.Pool, name: string, o: LimitOptions): RequestHandler {
  return rateLimit({
    windowMs: o.windowMs,
    limit: o.limit,
    keyGenerator: o.key,
    store: new PgRateLimitStore(pool, name),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (req, _res, next) => next(tooMany(req.t ? req.t('auth.error.rateLimited') : undefined)),
  });
}
