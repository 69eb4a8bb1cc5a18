/**
 * A route is declared once, with its access rule:
 *
 *   route(r, 'post', '/orders/:orderId/reorder', { allow: 'signed-in', note: 'own order; 404 otherwise' }, handler);
 *
 * mounts `handler` on the router behind a guard that enforces the rule (through Express's public
 * `router.route(path)[method](…)`), and records the declaration in a registry. The registry is
 * what `npm run routes` writes out as the route table (src/http/route-permissions.ts, docs/routes.md).
 *
 * Deny by default, three ways:
 * - routers built by `routes()` refuse a plain `r.get(…)` / `r.route(…)` when the app is built, so
 *   a route cannot be mounted without a rule;
 * - `declaredOnly()`, mounted in front of a tree of routers (src/routes.ts), answers 404 for a
 *   request that no declared route of that tree matches, before any router middleware or route
 *   of a router built some other way can answer it;
 * - the guard of each route decides on that route's own rule, whatever path Express matched.
 *
 * Access kinds:
 * - 'public'     anyone, signed in or not
 * - 'signed-in'  any signed-in user (ownership is the handler's business: what is not theirs is a 404)
 * - a key        signed in and holding it (403 without it)
 * - [keys]       signed in and holding at least one of them
 * auth (how the user is known): 'session' (cookie, or a bearer token: the default), 'bearer'
 * (a bearer token only), 'api-key' (a warehouse API key, checked by the route's own middleware,
 * src/features/auth/warehouse-key.ts, before any session exists).
 *
 * Answers: 401 (no user; the error handler sends HTML visitors to sign in), 403 (no key), 404 (no
 * declared route).
 */
import { Router, type Express, type RequestHandler, type RouterOptions } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { match } from 'path-to-regexp';
import type { PermissionKey } from '../db/schema/constants.ts';
import { forbidden, notFound, unauthorized } from '../domain/errors.ts';

export type Verb = 'get' | 'post' | 'put' | 'delete' | 'patch';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Access = 'public' | 'signed-in' | PermissionKey | readonly PermissionKey[];
export type Auth = 'session' | 'bearer' | 'api-key';
/** What a declaration says: who may reach the route, how they are known, and a note for the table. */
export type Rule = { allow: Access; auth?: Auth; note?: string };
/** One row of the route table: a declared route by its full path pattern. */
export type RouteRule = { method: Method; path: string; access: Access; auth: Auth; note?: string };

type Mountable = Router | Express;
type Declared = { router: Mountable; method: Method; path: string; rule: Rule };

/** Every declaration, in order; and where each router was mounted (parent and prefix). */
const declared: Declared[] = [];
const mounts = new WeakMap<Mountable, { parent: Mountable; prefix: string }[]>();

/** What the guard answers for this access and user: 'allow', or the error status. */
export function decide(
  access: Access,
  user: Pick<Express.Request, 'user'>['user'],
  auth: Auth = 'session',
  viaBearer = false,
): 'allow' | 401 | 403 {
  if (auth === 'api-key') return 'allow'; // checked by its own middleware, before sessions exist
  if (access === 'public') return 'allow';
  if (!user || (auth === 'bearer' && !viaBearer)) return 401;
  if (access === 'signed-in') return 'allow';
  const keys = typeof access === 'string' ? [access] : access;
  return keys.some((k) => user.permissions.has(k)) ? 'allow' : 403;
}

/** The guard in front of one route's handlers: its own rule, nothing else. */
function guardOf(rule: Rule): RequestHandler {
  const auth = rule.auth ?? 'session';
  return function routeRule(req, _res, next) {
    const answer = decide(rule.allow, req.user, auth, !!req.bearer);
    if (answer === 'allow') return next();
    if (answer === 403) return next(forbidden());
    next(
      auth === 'bearer' ? unauthorized('This call needs a bearer token (Authorization: Bearer …).') : unauthorized(),
    );
  };
}

// The handler types Express gives `r.get(path, …)`, so `req.params` keeps its names from the path.
type Handlers<P extends string> = RequestHandler<RouteParameters<P>>[];

/** Declares a route: mounts the rule's guard and the handlers on `r`, and records the rule. */
export function route<P extends string>(r: Mountable, verb: Verb, path: P, rule: Rule, ...handlers: Handlers<P>): void {
  // Router.prototype.route is Express's public API; routers built by routes() hide their own.
  type Route = Record<Verb, (...h: unknown[]) => unknown>;
  const own = (Router as unknown as { prototype: { route: (this: Mountable, p: string) => Route } }).prototype.route;
  const target =
    typeof (r as Express).listen === 'function' ? ((r as Express).route(path) as Route) : own.call(r, path);
  target[verb](guardOf(rule), ...handlers);
  declared.push({ router: r, method: verb.toUpperCase() as Method, path, rule });
}

/**
 * A feature router. Its own `get`, `post`, … and `route` refuse to mount anything: a route
 * without a rule fails when the app is built, not in production. Declare routes with route().
 */
export function routes(options?: RouterOptions): Router {
  const r = Router(options);
  for (const name of ['get', 'post', 'put', 'delete', 'patch', 'all', 'route', 'head', 'options'] as const) {
    Object.defineProperty(r, name, {
      value: (path: unknown) => {
        throw new Error(`${name}(${String(path)}): declare routes with route(r, method, path, { allow }, …handlers)`);
      },
    });
  }
  return r;
}

/** Mounts a router (`parent.use(prefix, child)`) and records where, so the table has full paths. */
export function mount(parent: Mountable, child: Router): void;
export function mount(parent: Mountable, prefix: string, child: Router): void;
export function mount(parent: Mountable, a: string | Router, b?: Router): void {
  const [prefix, child] = typeof a === 'string' ? [a, b!] : ['/', a];
  (parent as Router).use(prefix, child);
  mounts.set(child, [...(mounts.get(child) ?? []), { parent, prefix }]);
}

function join(a: string, b: string): string {
  const p = `${a}/${b}`.replace(/\/+/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** The prefixes under which `router` is reached from `root` (none when it is not mounted there). */
function prefixesOf(router: Mountable, root: Mountable, depth = 0): string[] {
  if (router === root) return ['/'];
  if (depth > 20) return [];
  return (mounts.get(router) ?? []).flatMap((m) => prefixesOf(m.parent, root, depth + 1).map((p) => join(p, m.prefix)));
}

/**
 * The declared routes reachable from `root` (the app, or a router), by full path pattern, in
 * declaration order; a method and path declared twice (a rate limit in front of a provider's
 * handler) is one row, and must carry the same rule.
 */
export function declaredRoutes(root: Mountable): RouteRule[] {
  const rows = new Map<string, RouteRule>();
  for (const d of declared) {
    for (const base of prefixesOf(d.router, root)) {
      const row: RouteRule = {
        method: d.method,
        path: join(base, d.path),
        access: d.rule.allow,
        auth: d.rule.auth ?? 'session',
        ...(d.rule.note ? { note: d.rule.note } : {}),
      };
      const key = `${row.method} ${row.path}`;
      const seen = rows.get(key);
      if (seen && JSON.stringify([seen.access, seen.auth]) !== JSON.stringify([row.access, row.auth]))
        throw new Error(`${key} is declared twice with different rules`);
      if (!seen || (!seen.note && row.note)) rows.set(key, row);
    }
  }
  return [...rows.values()];
}

/** Matching as feature routers (`Router()`) match: case-insensitive, not strict. */
export type MatchOptions = { sensitive?: boolean; strict?: boolean };

const methodOf = (m: string) => (m.toUpperCase() === 'HEAD' ? 'GET' : m.toUpperCase());

/**
 * In front of `root`'s routers: a request no declared route under `root` matches is a 404 before
 * any of them runs. It decides on the path the router routes (`req.path`, never `req.originalUrl`),
 * matched with the router's own matcher (path-to-regexp: case-insensitive, one trailing slash
 * allowed, static text compared as sent, so `%61ccount` or `account//dashboard` match nothing).
 * Who may pass is each route's own guard's business. The declarations are read at the first
 * request, once every router is mounted.
 */
export function declaredOnly(root: Router, o: MatchOptions = {}): RequestHandler {
  let byMethod: Map<string, ((path: string) => boolean)[]> | undefined;
  const compile = () => {
    const m = new Map<string, ((path: string) => boolean)[]>();
    for (const row of declaredRoutes(root)) {
      // As router 2.x's Layer: a non-strict pattern loses its trailing slashes; params are not decoded.
      const test = match(o.strict ? row.path : row.path.replace(/\/+$/, '') || '/', {
        sensitive: !!o.sensitive,
        end: true,
        trailing: !o.strict,
        decode: false,
      });
      m.set(row.method, [...(m.get(row.method) ?? []), (p) => test(p) !== false]);
    }
    return m;
  };
  return (req, _res, next) => {
    byMethod ??= compile();
    const known = byMethod.get(methodOf(req.method))?.some((test) => test(req.path));
    next(known ? undefined : notFound());
  };
}
