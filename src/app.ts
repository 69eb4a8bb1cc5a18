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
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import type { Deps, Services } from './services.ts';
import { mediaFiles } from './features/media/index.ts';
import { bearerAuth, loadCurrentUser, withoutSessionCookie } from './features/auth/index.ts';
import { warehouseKeyRoutes } from './features/warehouses/index.ts';
import { baseContext, channelFor, saveFlashBeforeRedirect } from './http/context.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { csrfProtection } from './http/csrf.ts';
import { personalNoStore } from './http/cache-control.ts';
import { sameOriginWrites } from './http/origin.ts';
import { configureViews } from './http/views.ts';
import { localizedRoutes, unprefixedRoutes } from './routes.ts';
import { originFormOnly } from './http/request-target.ts';
import { allowedHostsOnly } from './http/allowed-hosts.ts';
import { refuseNul } from './http/no-nul.ts';
import { buildServices } from './wiring/services.ts';
import {
  bodyParsers,
  builtBundles,
  compressOnce,
  health,
  publicFiles,
  requestLogger,
  securityHeaders,
  sessions,
} from './wiring/middleware.ts';
import type { Locale } from './i18n/locales.ts';
import { mount, route } from './http/route.ts';
import './http/types.ts';

const SESSION_COOKIE = 'hd.sid';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `app` is the Express application, and the HTTP server's request listener: nothing answers in front of it. */
export function createApp(deps: Deps): { app: Express; services: Services } {
  const { config } = deps;
  const services = buildServices(deps, path.join(root, 'views'), SESSION_COOKIE);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ? 1 : false);
  // Templates are compiled once, except under `npm run dev`, which must see edits; tests render
  // the same templates thousands of times and gain nothing from compiling them each time.
  configureViews(app, path.join(root, 'views'), config.env !== 'development');
  app.set('query parser', 'extended');

  // Before anything reads a URL: `GET http://host/path`, `OPTIONS *`, `//x` and `\` answer 400.
  app.use(originFormOnly);
  // Production answers only to its own host names (PUBLIC_URL's, ALLOWED_HOSTS).
  app.use(allowedHostsOnly(config, deps.texts));
  app.use(securityHeaders(config));
  const compress = compressOnce();
  app.use('/build', ...builtBundles(root, compress));
  app.use(publicFiles(root, compress));
  app.use('/media', mediaFiles(config.dataDir));
  app.use(requestLogger(deps.logger));
  route(app, 'get', '/healthz', { allow: 'public' }, health(deps.database.pool));

  // The CSRF secret is a signed cookie (csrf.ts), read by cookie-parser for csurf; the page cache reads it too.
  app.use(cookieParser(config.sessionSecret));
  const csrf = csrfProtection();
  // The page routes' first middleware: a cached page for a visitor without a session, with the
  // visitor's CSRF token, before compression, body parsers, the session, csurf's check and the
  // context (src/http/page-cache/index.ts front). Every other request goes on.
  const channelCodeFor = async (locale: Locale) => channelFor(await services.channels.all(), undefined, locale)?.code;
  app.use('/:locale', services.pageCache.front({ csrf, channelFor: channelCodeFor }));
  app.use(compress);
  app.use(bodyParsers());
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
  app.use(sessions(deps, SESSION_COOKIE));
  app.use(saveFlashBeforeRedirect);
  app.use(bearerAuth(services));
  app.use((req, res, next) => (req.bearer ? next() : csrf(req, res, next)));
  // The signed-in user comes from the read model: no round trip until users or permissions are written.
  const loadUser = (id: number) => services.users.get(String(id), () => loadCurrentUser(services.db, id));
  app.use(baseContext({ ...services, loadUser }));
  app.use(refuseNul(services));

  mount(app, '/:locale', localizedRoutes(services));
  mount(app, unprefixedRoutes(services));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, services };
}
