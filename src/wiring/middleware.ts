/**
 * The middleware src/app.ts puts in order, each built here with its settings and the reason for
 * them, so the composition root reads as the pipeline itself.
 */
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { pinoHttp } from 'pino-http';
import { cspDirectives } from '../http/csp.ts';
import { errForLog, redactUrl } from '../http/log-redact.ts';
import { multipartFields } from '../http/multipart.ts';
import { securityHeadersOf, setHeaders } from '../http/security-headers.ts';
import { LOCALES } from '../i18n/locales.ts';
import type { Deps } from '../services.ts';

/**
 * helmet's headers are the same for every answer (securityHeadersOf proves it): captured once and
 * set in one step, instead of its dozen middlewares running on every request.
 */
export function securityHeaders(config: Deps['config']): RequestHandler {
  const helmetMiddleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    hsts: config.env === 'production',
  });
  return setHeaders(securityHeadersOf(helmetMiddleware));
}

/**
 * Compression wraps the response of static files and of every route but a page the page cache
 * answers (its pieces were compressed once, when the page was kept): installed once a request.
 */
export function compressOnce(): RequestHandler {
  const compress = compression();
  const compressing = new WeakSet<ServerResponse>();
  return (req, res, next) => {
    if (compressing.has(res)) return next();
    compressing.add(res);
    compress(req, res, next);
  };
}

/** express.static's setHeaders for /build: a stylesheet may be used by a document of another (opaque) origin. */
function shareStylesheets(res: ServerResponse, file: string) {
  if (file.endsWith('.css')) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * Content-hashed bundles (/build) never change: cached for a year. Stylesheets answer
 * Cross-Origin-Resource-Policy: cross-origin (helmet's default is same-origin): the translation
 * editor's preview is a sandboxed frame whose origin is opaque, and it links the page's stylesheet
 * (islands/translation-editor/preview-pane.tsx); same-origin blocked it. They hold nothing private.
 */
export function builtBundles(root: string, compress: RequestHandler): RequestHandler[] {
  return [
    compress,
    express.static(path.join(root, 'public/build'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: true,
      index: false,
      setHeaders: shareStylesheets,
    }),
  ];
}

/**
 * Other files of public/ (an hour). /{locale}/… belongs to the routers (public/ has no locale
 * folders): looking there first cost every page a failed stat (~5% of a product page's CPU).
 */
export function publicFiles(root: string, compress: RequestHandler): RequestHandler {
  const files = express.static(path.join(root, 'public'), { maxAge: '1h', index: false });
  const routedByLocale = new RegExp(`^/(?:${LOCALES.join('|')})(?:/|$)`);
  return (req, res, next) =>
    routedByLocale.test(req.path)
      ? next()
      : compress(req, res, (err?: unknown) => (err ? next(err) : files(req, res, next)));
}

/** One log line per request (pino-http); a silent logger (LOG_LEVEL=silent) skips the per-request work. */
export function requestLogger(logger: Deps['logger']): RequestHandler {
  if (logger.level === 'silent')
    return (req, _res, next) => {
      req.log = logger;
      next();
    };
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (r) => ({ id: r.id, method: r.method, url: redactUrl(r.url) }),
      res: (r) => ({ statusCode: r.statusCode }),
      err: errForLog,
    },
  });
}

/**
 * Body parsers, run only for requests that can carry a body (a GET or HEAD body is never read).
 * The raw form is kept beside the parsed one: qs turns bracketed numeric keys into arrays and
 * drops the numbers (`option_qty[12]=4` → ['4']), and the cart's option fields are keyed by id.
 * Multipart FIELDS only (a form may be sent multipart), so CSRF sees a multipart form's `_csrf`;
 * a file part is refused at once. Files are parsed only by the routes that take them, after
 * their guard and CSRF (src/http/multipart.ts multipartUpload, with that route's limits).
 */
export function bodyParsers(): RequestHandler {
  const bodies = express.Router();
  bodies.use(
    express.urlencoded({
      extended: true,
      limit: '1mb',
      verify: (req, _res, buf) => void ((req as { rawForm?: string }).rawForm = buf.toString('utf8')),
    }),
    express.json({ limit: '2mb' }),
    multipartFields(),
  );
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : bodies(req, res, next));
}

/**
 * express-session on connect-pg-simple (the design's store), on the app's pool. With rolling:
 * false the cookie's expiry moves only when the session is saved, and a save writes the row's
 * expiry too; touching would push the row's expiry past the cookie's with an UPDATE on every
 * request that changes nothing (1 of 12 queries on a product page).
 */
export function sessions(deps: Deps, name: string): RequestHandler {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: deps.database.pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: deps.config.env === 'test' ? false : 15 * 60,
    disableTouch: true,
  });
  return session({
    name,
    secret: deps.config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: 14 * 24 * 3600 * 1000 },
  });
}

/** GET /healthz: the database answers (200) or not (503). */
export function health(pool: Deps['database']['pool']): RequestHandler {
  return async (_req, res) => {
    try {
      await pool.query('select 1');
      res.json({ status: 'ok', db: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', db: 'unavailable' });
    }
  };
}
