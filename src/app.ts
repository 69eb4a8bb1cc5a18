/**
 * createApp(deps): the Express application, with no I/O of its own so tests can
 * build it around any database. It is the HTTP server's request listener: every request goes
 * through it. Order matters and is deliberate:
 * origin-form request targets only (400 otherwise, before anything) → allowed hosts → security
 * headers (helmet's, captured once) → static files (compressed) → logging → cookie parser → the page
 * cache's first middleware (a cached page for a visitor without a session: csurf's token, nothing
 * else) → compression → body parsing, only for methods with a body (multipart: fields only) →
 * origin check → warehouse API key routes → session (not for bearer requests) → bearer auth → CSRF
 * (once, before every router, so no state-changing route can forget it) → per-request context →
 * routers (a path no route declares: 404; each route's own declared rule in front of its handlers) → 404 → the
 * one error handler.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { cspDirectives } from './http/csp.ts';
import compression from 'compression';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import { errForLog, redactUrl } from './http/log-redact.ts';
import { ChannelCache } from './features/channels/queries.ts';
import { ReadModel } from './db/read-model.ts';
import { catalogReadModel, STOCK_TTL_MS } from './features/catalog/read-model.ts';
import { catalogTextCache } from './features/translations/catalog-text.ts';
import type { Deps, Services } from './services.ts';
import { AuthService } from './features/auth/service.ts';
import { mediaFiles } from './features/media/static.ts';
import { bearerAuth, withoutSessionCookie } from './features/auth/bearer.ts';
import { warehouseKeyRoutes } from './features/warehouses/api.ts';
import { DEMO_PASSWORD } from './db/seed/index.ts';
import { multipartFields } from './http/multipart.ts';
import { baseContext, channelFor, saveFlashBeforeRedirect } from './http/context.ts';
import { loadCurrentUser } from './features/auth/queries.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { csrfProtection } from './http/csrf.ts';
import { personalNoStore } from './http/cache-control.ts';
import { sameOriginWrites } from './http/origin.ts';
import { configureViews, partialRenderer } from './http/views.ts';
import { LISTING_TAG, PageCache, productTag } from './http/page-cache/index.ts';
import { securityHeadersOf, setHeaders } from './http/security-headers.ts';
import { localizedRoutes, unprefixedRoutes } from './routes.ts';
import { originFormOnly } from './http/request-target.ts';
import { allowedHostsOnly } from './http/allowed-hosts.ts';
import { refuseNul } from './http/no-nul.ts';
import { mount, route } from './http/route.ts';
import { cartHooks } from './features/cart/routes.ts';
import { pageTextLocals } from './features/translations/view-helpers.ts';
import { LOCALES } from './i18n/locales.ts';
import './http/types.ts';

/** What the channel list (every page's) is read from. */
const CHANNEL_TABLES = ['channels', 'currencies', 'channel_countries', 'countries'];
/** Tables that change who is signed in and what they may do, never what a cached page reads (a sign-in writes users). */
const USER_TABLES = ['users', 'role_permissions', 'user_permissions', 'organisation_permissions'];
/** Tables whose data_change notification names the products written (migration 0028). */
const PRODUCT_TABLES = ['products', 'channel_prices', 'product_options', 'product_categories'];
const SESSION_COOKIE = 'hd.sid';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** express.static's setHeaders for /build: a stylesheet may be used by a document of another (opaque) origin. */
function shareStylesheets(res: ServerResponse, file: string) {
  if (file.endsWith('.css')) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** `app` is the Express application, and the HTTP server's request listener: nothing answers in front of it. */
export function createApp(deps: Deps): { app: Express; services: Services } {
  const db = deps.database.db;
  const readModel = new ReadModel();
  const channels = new ChannelCache(db);
  const production = deps.config.env === 'production';
  const pageCache = new PageCache({
    renderPartial: partialRenderer(path.join(root, 'views'), production),
    ttlMs: STOCK_TTL_MS,
    sessionCookie: SESSION_COOKIE,
    cookieSecret: deps.config.sessionSecret,
  });
  readModel.onChange((table, ids) => {
    if (table === null || CHANNEL_TABLES.includes(table)) channels.invalidate();
    // A write to products' own rows naming them (migration 0028): those products' pages, the pages
    // showing them and the listings, not every page.
    if (table !== null && ids?.length && PRODUCT_TABLES.includes(table))
      pageCache.invalidateTags([LISTING_TAG, ...ids.map(productTag)]);
    // Any other write but to users and permissions may change a storefront page (catalogue, channels,
    // shipping…); a sign-in (users.last_login_at) empties nothing.
    else if (table === null || !USER_TABLES.includes(table)) pageCache.invalidate();
  });
  // Interface text saved, instructionals changed…: once this process has reloaded them.
  deps.events.afterDispatch(() => pageCache.invalidate());
  const services: Services = {
    ...deps,
    db,
    channels,
    // In production the demo password opens nothing unless the demo data was asked for (SEED=demo).
    auth: new AuthService(db, deps.mailer, {
      refusedPassword: deps.config.env === 'production' && deps.config.seed !== 'demo' ? DEMO_PASSWORD : undefined,
    }),
    readModel,
    pageCache,
    users: readModel.cache('users', {
      tables: ['users', 'role_permissions', 'user_permissions', 'organisation_permissions'],
      max: 10_000,
    }),
    catalog: catalogReadModel(readModel),
    catalogText: catalogTextCache(readModel, db),
  };
  // Hooks other areas call, wired here explicitly (no router installs them as a side effect).
  Object.assign(services, cartHooks(services));
  // Edit links and the recording `t` for translators on every page (the translations area).
  services.pageText = pageTextLocals;
  // Every page's header names the channels: catalogue text for the page's locale, read
  // when the view renders (the locale is the one the page ends up in), from the read model.
  const cartLocals = services.pageLocals;
  services.pageLocals = async (req, res) => {
    await cartLocals?.(req, res);
    const texts = await services.catalogText.all();
    res.locals.catalogName = (field: string, english: string) =>
      texts.lookup(String(res.locals.locale), field) ?? english;
  };
  const { config } = deps;
  // connect-pg-simple (the design's session store) on the app's pool, its statements as it writes them.
  const PgStore = connectPgSimple(session);
  const sessionStore = new PgStore({
    pool: deps.database.pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: config.env === 'test' ? false : 15 * 60,
    // With rolling: false the cookie's expiry moves only when the session is saved, and a save
    // writes the row's expiry too. Touching would push the row's expiry past the cookie's with
    // an UPDATE on every request that changes nothing (1 of 12 queries on a product page).
    disableTouch: true,
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ? 1 : false);
  configureViews(app, path.join(root, 'views'), production);
  app.set('query parser', 'extended');

  // Before anything reads a URL: `GET http://host/path`, `OPTIONS *`, `//x` and `\` answer 400.
  app.use(originFormOnly);
  // Production answers only to its own host names (PUBLIC_URL's, ALLOWED_HOSTS).
  app.use(allowedHostsOnly(config, deps.texts));
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config),
    },
    hsts: config.env === 'production',
  });
  // helmet's headers are the same for every answer (securityHeadersOf proves it): captured once and
  // set in one step, instead of its dozen middlewares running on every request.
  const securityHeaderList = securityHeadersOf(securityHeaders);
  app.use(setHeaders(securityHeaderList));
  // Compression wraps the response of static files and of every route but a page the page cache
  // answers (its pieces were compressed once, when the page was kept): installed once a request.
  const compress = compression();
  const compressing = new WeakSet<ServerResponse>();
  const compressOnce: RequestHandler = (req, res, next) => {
    if (compressing.has(res)) return next();
    compressing.add(res);
    compress(req, res, next);
  };
  // Content-hashed bundles never change: cache for a year. Other static files: an hour.
  // Stylesheets answer Cross-Origin-Resource-Policy: cross-origin (helmet's default is same-origin):
  // the translation editor's preview is a sandboxed frame whose origin is opaque, and it links the
  // page's stylesheet (islands/translation-editor/preview-pane.tsx); same-origin blocked it
  // (ERR_BLOCKED_BY_RESPONSE.NotSameOrigin). The stylesheets are public and hold nothing private.
  app.use(
    '/build',
    compressOnce,
    express.static(path.join(root, 'public/build'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: true,
      index: false,
      setHeaders: shareStylesheets,
    }),
  );
  // Why: /{locale}/… belongs to the routers (public/ has no locale folders), and looking there first
  // cost every page a failed stat of public/{locale}/… (~5% of a product page's CPU).
  const publicFiles = express.static(path.join(root, 'public'), { maxAge: '1h', index: false });
  const routedByLocale = new RegExp(`^/(?:${LOCALES.join('|')})(?:/|$)`);
  app.use((req, res, next) =>
    routedByLocale.test(req.path)
      ? next()
      : compressOnce(req, res, (err?: unknown) => (err ? next(err) : publicFiles(req, res, next))),
  );
  app.use('/media', mediaFiles(config.dataDir));

  const requestLog = pinoHttp({
    logger: deps.logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (r) => ({ id: r.id, method: r.method, url: redactUrl(r.url) }),
      res: (r) => ({ statusCode: r.statusCode }),
      err: errForLog,
    },
  });
  // A silent logger (LOG_LEVEL=silent) writes nothing: the request log's per-request work is skipped.
  app.use(deps.logger.level === 'silent' ? (req, _res, next) => ((req.log = deps.logger), next()) : requestLog);

  route(app, 'get', '/healthz', { allow: 'public' }, async (_req, res) => {
    try {
      await deps.database.pool.query('select 1');
      res.json({ status: 'ok', db: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', db: 'unavailable' });
    }
  });

  // The CSRF secret is a signed cookie (csrf.ts), read by cookie-parser for csurf; the page cache reads it too.
  app.use(cookieParser(config.sessionSecret));
  const csrf = csrfProtection();
  // The page routes' first middleware: a cached page for a visitor without a session, with the
  // visitor's CSRF token, before compression, body parsers, the session, csurf's check and the
  // context (src/http/page-cache/index.ts front). Every other request goes on.
  app.use(
    '/:locale',
    pageCache.front({
      csrf,
      channelFor: async (locale) => channelFor(await services.channels.all(), undefined, locale)?.code,
    }),
  );
  app.use(compressOnce);

  // The raw form is kept beside the parsed one: qs turns bracketed numeric keys into arrays and
  // drops the numbers (`option_qty[12]=4` → ['4']), and the cart's option fields are keyed by id.
  // Multipart FIELDS only (a form may be sent multipart), so CSRF sees a multipart form's `_csrf`;
  // a file part is refused at once. Files are parsed only by the routes that take them, after
  // their guard and CSRF (src/http/multipart.ts multipartUpload, with that route's limits).
  // Only requests that can carry a body run them (a GET or HEAD body is never read).
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
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : bodies(req, res, next)));

  // A write that names another site as its origin goes no further.
  app.use(sameOriginWrites({ publicUrl: config.publicUrl }));

  // Warehouse API keys: their own check, on their own routes, before any session or CSRF.
  // Text holding a NUL goes no further (src/http/no-nul.ts), here and below for every router.
  app.use('/api/warehouse', refuseNul());
  mount(app, warehouseKeyRoutes(services));

  // No cache keeps an answer about a person (src/http/cache-control.ts); before the session, whose cookie it sees.
  app.use(personalNoStore({ name: SESSION_COOKIE, secret: config.sessionSecret }));
  // A bearer request is authenticated by its token alone: its session cookie is never read.
  app.use(withoutSessionCookie(SESSION_COOKIE));
  app.use(
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: sessionStore,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: 14 * 24 * 3600 * 1000 },
    }),
  );
  app.use(saveFlashBeforeRedirect);
  app.use(bearerAuth(services));
  app.use((req, res, next) => (req.bearer ? next() : csrf(req, res, next)));
  // The signed-in user comes from the read model: no round trip until users or permissions are written.
  const loadUser = (id: number) => services.users.get(String(id), () => loadCurrentUser(db, id));
  app.use(baseContext({ ...services, loadUser }));
  app.use(refuseNul(services));

  mount(app, '/:locale', localizedRoutes(services));
  mount(app, unprefixedRoutes(services));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, services };
}
