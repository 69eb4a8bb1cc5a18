/**
 * The script lane: the cart's line writes (PUT and DELETE /{locale}/cart/{line_item_id}, what the
 * cart page's island sends on every quantity step) answered by the HTTP server's request listener
 * itself, in front of Express, when nothing about the request is unusual. Measured: Express's
 * stack (router, request log, session middleware, csurf, cookie parser, context, the guards as
 * middleware) cost more CPU than the write itself, and a quantity update served ~530 req/s through
 * it against ~950 here (docs/performance.md).
 *
 * The lane runs the SAME rules, through the same functions, and answers only when each passes:
 *   - the route's row in the route table (route-permissions.ts) is public: checked at startup;
 *   - no Authorization header (bearer requests are Express's), no query string, no body or a JSON
 *     or urlencoded one of at most LANE_BODY_MAX bytes with its Content-Length, not encoded;
 *   - not a write from another site (origin.ts foreignOriginRule);
 *   - a validly signed session cookie naming a session the store still holds (the session store
 *     express-session reads, one query), a CSRF secret cookie and a token valid for it, looked for
 *     where csurf looks (csrf.ts);
 *   - nothing to write to the session (the locale it keeps, a user deleted since sign-in);
 *   - a usable channel, chosen as every request's is (context.ts channelFor).
 * The body is read by the app's own body parsers (the same instances, so the same limits and the
 * same parsed value). Anything else — and any error thrown BEFORE the route's write committed (its
 * validation, a line not found, a transaction that rolled back) — goes to Express, which answers it
 * as it always has, in the visitor's language and the contract's error shape: nothing was written,
 * so the route runs there once. A body the parsers refused travels with the request (bodyErrorOf)
 * and Express raises it where its own parsers would have.
 *
 * A route is therefore two steps: `write` (validation and the one transaction) and `answer` (the
 * JSON, built after the commit). Once `write` has returned, the request is the lane's whatever
 * happens: an error building the answer is a 500 in the contract's shape, logged once, never a
 * second run through Express (a DELETE that committed would run again and answer 404).
 *
 * Answers carry helmet's headers (captured once, as the fast lane's) and are compressed as the
 * compression middleware would (gzip over 1 KB when accepted), and are logged as pino-http logs.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Store, SessionData } from 'express-session';
import type { Logger } from 'pino';
import { match } from 'path-to-regexp';
import { AppError, errorBody } from '../domain/errors.ts';
import { LOCALES, isLocale, type Locale } from '../i18n/locales.ts';
import { translated } from './error-handler.ts';
import { channelFor, sessionTakesLocale, usableChannel } from './context.ts';
import { PERSONAL_HEADERS } from './cache-control.ts';
import { sessionIdOf } from './cookies.ts';
import { csrfSecretFromCookies, csrfTokenValid } from './csrf.ts';
import { foreignOriginRule } from './origin.ts';
import { sessionSignedIn } from './api-token.ts';
import { redactUrl } from './log-redact.ts';
import { acceptsGzip } from './page-cache/gzip.ts';
import { ruleFor } from './route-guard.ts';
import type { ChannelInfo, CurrentUser } from './types.ts';

export const LANE_BODY_MAX = 4096;

/** Who asks, as Express's context would have them: the route's write reads nothing else. */
export type LaneVisitor = {
  locale: Locale;
  user: CurrentUser | undefined;
  session: SessionData;
  channel: ChannelInfo;
};

export type LaneRoute = {
  method: 'PUT' | 'DELETE';
  /** The route's pattern as the route table and Express name it ('/:locale/cart/:lineId'). */
  pattern: string;
  /** Which parameter values the lane takes (others go to Express, which answers them). */
  accepts: (params: Record<string, string>) => boolean;
  /**
   * The route's validation and write, one transaction (src/features/…, the same function its Express
   * handler calls): a throw here wrote nothing, and Express answers the request.
   */
  write: (params: Record<string, string>, body: unknown, visitor: LaneVisitor) => Promise<unknown>;
  /** The JSON answer to what `write` committed: a throw here is a 500, never a second write. */
  answer: (written: unknown, visitor: LaneVisitor) => Promise<unknown>;
};

/** A LaneRoute whose answer reads what its write returned, typed. */
export function laneRoute<W>(route: Omit<LaneRoute, 'write' | 'answer'> & { write: (params: Record<string, string>, body: unknown, visitor: LaneVisitor) => Promise<W>; answer: (written: W, visitor: LaneVisitor) => Promise<unknown> }): LaneRoute {
  return route as LaneRoute;
}

export type ScriptLaneOptions = {
  sessionCookie: string;
  cookieSecret: string;
  /** The session store express-session reads. */
  store: Store;
  /** The app's body parsers (express.urlencoded, express.json), in order. */
  bodyParsers: readonly RequestHandler[];
  securityHeaders: readonly string[];
  publicUrl?: string;
  trustProxy: boolean;
  channels: { all(): Promise<ChannelInfo[]> };
  loadUser: (userId: number) => Promise<CurrentUser | undefined>;
  /** The interface text: a failure after the write is answered in the visitor's language. */
  texts: { forLocale(locale: Locale): unknown };
  logger: Pick<Logger, 'info' | 'error' | 'isLevelEnabled'>;
};

const BODY_ERROR = Symbol('script lane body error');
type Carried = IncomingMessage & { [BODY_ERROR]?: unknown; body?: unknown };

/** For app.ts, right after the body parsers: a body the lane's parsers refused is refused here the same way. */
export function bodyErrorOf(): RequestHandler {
  return (req, _res, next) => {
    const carried = req as unknown as Carried;
    if (!(BODY_ERROR in carried)) return next();
    const err = carried[BODY_ERROR];
    delete carried[BODY_ERROR];
    next(err);
  };
}

const TYPES = /^application\/(?:json|x-www-form-urlencoded)\s*(?:;|$)/i;

type Compiled = { route: LaneRoute; match: (path: string) => Record<string, string> | null };

function compile(route: LaneRoute): Compiled {
  const rule = ruleFor(route.method, route.pattern);
  if (!rule || rule.path !== route.pattern || rule.access !== 'public') {
    throw new Error(`script lane: ${route.method} ${route.pattern} must be a public row of the route table`);
  }
  // As the routers match: case-insensitive, one trailing slash, parameters not decoded.
  const m = match(route.pattern, { sensitive: false, end: true, trailing: true, decode: false });
  return {
    route,
    match: (path) => {
      const found = m(path);
      return found ? (found.params as Record<string, string>) : null;
    },
  };
}

/** Runs the app's body parsers on the raw request (they read only what Node's request has). */
function parseBody(parsers: readonly RequestHandler[], req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const run = (i: number) => (err?: unknown) => {
      if (err) return reject(err);
      if (i === parsers.length) return resolve((req as Carried).body);
      parsers[i](req as unknown as Request, res as unknown as Response, run(i + 1) as NextFunction);
    };
    run(0)();
  });
}

export function withScriptLane(app: RequestListener, routes: readonly LaneRoute[], opts: ScriptLaneOptions): RequestListener {
  const compiled = routes.map(compile);
  const methods = new Set(routes.map((r) => r.method));
  const foreign = foreignOriginRule({ publicUrl: opts.publicUrl });
  const session = { name: opts.sessionCookie, secret: opts.cookieSecret };
  const localePrefix = new RegExp(`^/(?:${LOCALES.join('|')})/`, 'i');

  /** The route and its parameters when the request's headers qualify; else null (Express answers). */
  const qualify = (req: IncomingMessage) => {
    const url = req.url ?? '';
    const h = req.headers;
    const cookies = h.cookie;
    if (!cookies || h.authorization !== undefined || url.includes('?') || !localePrefix.test(url)) return null;
    if (h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined) return null;
    const length = Number(h['content-length'] ?? 0);
    if (length > 0 ? length > LANE_BODY_MAX || !TYPES.test(h['content-type'] ?? '') : length !== 0) return null;
    for (const c of compiled) {
      if (c.route.method !== req.method) continue;
      const params = c.match(url);
      if (params && isLocale(params.locale) && c.route.accepts(params)) {
        if (foreign(req.method, (name) => h[name] as string | undefined, opts.trustProxy)) return null;
        // The session express-session would load for this request, read as it reads it (cookies.ts).
        const sessionId = sessionIdOf(req, session);
        const csrfSecret = csrfSecretFromCookies(cookies, opts.cookieSecret);
        return sessionId && csrfSecret ? { route: c.route, params, locale: params.locale as Locale, sessionId, csrfSecret } : null;
      }
    }
    return null;
  };

  const sessionOf = (id: string) =>
    new Promise<SessionData | null | undefined>((resolve, reject) => opts.store.get(id, (err, s) => (err ? reject(err) : resolve(s))));

  /** Who asks, or null when Express must see the request (nothing here writes the session). */
  const visitorOf = async (session: SessionData, locale: Locale): Promise<LaneVisitor | null> => {
    if (sessionTakesLocale(session, locale)) return null;
    let user: CurrentUser | undefined;
    if (session.userId && sessionSignedIn(session)) {
      user = await opts.loadUser(session.userId);
      if (!user) return null; // deleted or disabled since sign-in: Express signs the session out
    }
    const channel = channelFor(await opts.channels.all(), session.channelCode, locale);
    if (!usableChannel(channel)) return null;
    return { locale, user, session, channel };
  };

  const answer = (req: IncomingMessage, res: ServerResponse, value: unknown, started: number) => {
    let body: Buffer = Buffer.from(JSON.stringify(value));
    // A visitor's own cart: every lane visitor has a session (cache-control.ts).
    const headers = [...opts.securityHeaders, ...PERSONAL_HEADERS, 'Content-Type', 'application/json; charset=utf-8', 'Vary', 'Accept-Encoding'];
    if (body.length >= 1024 && acceptsGzip(req.headers['accept-encoding'])) {
      body = gzipSync(body);
      headers.push('Content-Encoding', 'gzip');
    }
    headers.push('Content-Length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    if (opts.logger.isLevelEnabled('info')) {
      opts.logger.info({ req: { method: req.method, url: redactUrl(req.url ?? '') }, res: { statusCode: 200 }, responseTime: Math.round(performance.now() - started), lane: 'script' }, 'request completed');
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, q: NonNullable<ReturnType<typeof qualify>>) => {
    const started = performance.now();
    let body: unknown;
    let refused: { err: unknown } | null = null;
    try {
      body = await parseBody(opts.bodyParsers, req, res);
    } catch (err) {
      refused = { err };
    }
    if (refused) {
      (req as Carried)[BODY_ERROR] = refused.err;
      return app(req, res);
    }
    // Whether the lane answers is decided here; Express, when it does not, is called outside the try.
    let written: { visitor: LaneVisitor; value: unknown } | null = null;
    try {
      const session = csrfTokenValid(q.csrfSecret, body, req.headers) ? await sessionOf(q.sessionId) : null;
      const visitor = session ? await visitorOf(session, q.locale) : null;
      if (visitor) written = { visitor, value: await q.route.write(q.params, body, visitor) };
    } catch {
      // Nothing committed: Express runs the route once and answers as it always does (its error handler logs).
      written = null;
    }
    if (!written) return app(req, res);
    // Committed: from here a throw is this request's 500 (the listener's catch), never a second run.
    answer(req, res, await q.route.answer(written.value, written.visitor), started);
  };

  /** An error after the write committed: logged once, answered 500 in the contract's shape and the visitor's language. */
  const failed = (req: IncomingMessage, res: ServerResponse, locale: Locale, err: unknown) => {
    opts.logger.error({ err, req: { method: req.method, url: redactUrl(req.url ?? '') }, lane: 'script' }, 'script lane failed');
    if (res.headersSent) return void res.destroy();
    const e = translated(new AppError(500, 'internal', 'Something went wrong. Please try again.'), { t: opts.texts.forLocale(locale) } as Pick<Request, 't'>);
    const body = Buffer.from(JSON.stringify(errorBody(e)));
    res.writeHead(500, [...opts.securityHeaders, ...PERSONAL_HEADERS, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)]);
    res.end(body);
  };

  return (req, res) => {
    const q = methods.has(req.method as LaneRoute['method']) ? qualify(req) : null;
    if (!q) return app(req, res);
    serve(req, res, q).catch((err: unknown) => failed(req, res, q.locale, err));
  };
}
