/**
 * Rate limits of the account forms, each per IP address AND per account (the email typed), so
 * neither rotating emails from one address nor spreading one account's tries over many addresses
 * gets through. Counts live in PostgreSQL (src/http/rate-limit-store.ts), so a limit holds across
 * every app process and machine. Over a limit the answer is 429 with the contract's error shape
 * (JSON) or the form again with the message (HTML).
 *
 * | form                         | per IP                    | per account               |
 * | ---------------------------- | ------------------------- | ------------------------- |
 * | sign in (failed tries only)  | 50 / 15 min               | 10 / 5 min                |
 * | register (every try)         | 10 / hour                 | 5 tries / 15 min          |
 * | password reset mail          | 10 / min                  | 5 / hour                  |
 *
 * A locked account's owner gets a mail at the first refused sign-in of a window (a lock-out that
 * someone else causes lasts 5 minutes and is seen; the mail links to a password reset).
 */
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, ipKeyGenerator, type Options } from 'express-rate-limit';
import type pg from 'pg';
import { tooMany } from '../../domain/errors.ts';
import { PgRateLimitStore } from '../../http/rate-limit-store.ts';

const MINUTE = 60_000;

export const LIMITS = {
  signIn: { ip: { windowMs: 15 * MINUTE, limit: 50 }, account: { windowMs: 5 * MINUTE, limit: 10 } },
  register: { ip: { windowMs: 60 * MINUTE, limit: 10 }, account: { windowMs: 15 * MINUTE, limit: 5 } },
  resetMail: { ip: { windowMs: MINUTE, limit: 10 }, account: { windowMs: 60 * MINUTE, limit: 5 } },
} as const;

const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? '');
const accountKey = (req: Request) =>
  String(req.body?.email ?? '')
    .trim()
    .toLowerCase();

/** Why: the one error path answers (the route's form page or JSON); the limiter only says "too many". */
function limiter(o: Partial<Options> & Pick<Options, 'windowMs' | 'limit' | 'keyGenerator'>): RequestHandler {
  return rateLimit({
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (req: Request, _res: Response, next) => next(tooMany(req.t ? req.t('auth.error.rateLimited') : undefined)),
    ...o,
  });
}

type Count = 'all' | 'failed' | 'succeeded';
const counting = (c: Count): Partial<Options> =>
  c === 'failed' ? { skipSuccessfulRequests: true } : c === 'succeeded' ? { skipFailedRequests: true } : {};

/** Called once per window, on the first request an account's limit refuses. */
export type OnAccountLimited = (req: Request, account: string, windowMs: number) => Promise<void>;

/** [per IP, per account] limiters of one form, each counting all, failed or succeeded requests. */
function pair(
  pool: pg.Pool,
  form: keyof typeof LIMITS,
  ip: Count,
  account: Count,
  onAccountLimited?: OnAccountLimited,
): RequestHandler[] {
  const l = LIMITS[form];
  return [
    limiter({ ...l.ip, keyGenerator: ipKey, store: new PgRateLimitStore(pool, `${form}:ip`), ...counting(ip) }),
    limiter({
      ...l.account,
      keyGenerator: accountKey,
      store: new PgRateLimitStore(pool, `${form}:account`),
      skip: (req) => accountKey(req) === '',
      ...counting(account),
      handler: (req: Request, _res: Response, next) => {
        const used = (req as Request & { rateLimit?: { used: number } }).rateLimit?.used;
        const first = onAccountLimited && used === l.account.limit + 1;
        const refuse = () => next(tooMany(req.t ? req.t('auth.error.rateLimited') : undefined));
        if (!first) return refuse();
        onAccountLimited(req, accountKey(req), l.account.windowMs).then(refuse, refuse);
      },
    }),
  ];
}

/** Built per app; the counts are shared by every app over the same database. */
export function authLimits(pool: pg.Pool, hooks: { onSignInLocked?: OnAccountLimited } = {}) {
  return {
    signIn: pair(pool, 'signIn', 'failed', 'failed', hooks.onSignInLocked),
    // Every try counts: a refused registration still costs a password hash (and the server's time).
    register: pair(pool, 'register', 'all', 'all'),
    resetMail: pair(pool, 'resetMail', 'all', 'all'),
  };
}
