/**
 * The one guard, derived from the route table (route-permissions.ts). It denies by default: a
 * request that no row names is refused (404), never passed through. Two places enforce it:
 *
 * - routeGuard(scope), mounted by src/routes.ts in front of the routers (`'localized'` after the
 *   locale check, `'unprefixed'` at the top of the spec's unprefixed paths), answers before any
 *   handler or router middleware runs. It decides on the path the router routes
 *   (`req.baseUrl + req.path`, never `req.originalUrl`), matched with the router's own matcher
 *   (path-to-regexp: case-insensitive, one trailing slash allowed, static text compared as sent,
 *   so `%61ccount` or `account//dashboard` match no row and no route). The first matching row
 *   wins, so static paths come before parameter paths in the table.
 * - guardMountedRoutes(app), called by app.ts once every router is mounted, puts the same check in
 *   front of each route's own handlers, keyed by that route's full pattern: whatever path Express
 *   matched, the row is the route's own, and a route with no row always answers 404.
 *
 * Answers: 401 (no user; the error handler sends HTML visitors to sign in), 403 (no key), 404 (no
 * row). Request targets that are not origin-form never get here (request-target.ts).
 */
import type { Express, Request, RequestHandler } from 'express';
import { match } from 'path-to-regexp';
import { forbidden, notFound, unauthorized, type AppError } from '../domain/errors.ts';
import { ROUTE_PERMISSIONS, type Access, type RouteRule } from './route-permissions.ts';
import { routeLayers, type RouteLayer } from './route-walk.ts';

/** Matching as feature routers (`Router()`) match: case-insensitive, not strict. */
export type MatchOptions = { sensitive?: boolean; strict?: boolean };

type Compiled = { rule: RouteRule; test: (path: string) => boolean };

function compile(rules: readonly RouteRule[], o: MatchOptions = {}): Compiled[] {
  return rules.map((rule) => {
    // As router 2.x's Layer: a non-strict pattern loses its trailing slashes; params are not decoded (the guard never reads them).
    const m = match(o.strict ? rule.path : rule.path.replace(/\/+$/, '') || '/', {
      sensitive: !!o.sensitive,
      end: true,
      trailing: !o.strict,
      decode: false,
    });
    return { rule, test: (path: string) => m(path) !== false };
  });
}

const isLocalized = (r: RouteRule) => r.path.startsWith('/:locale');
const methodOf = (m: string) => (m.toUpperCase() === 'HEAD' ? 'GET' : m.toUpperCase());

/** The table row a request falls under (HEAD counts as GET), or undefined. */
export function ruleFor(
  method: string,
  path: string,
  rules: readonly RouteRule[] = ROUTE_PERMISSIONS,
  o: MatchOptions = {},
): RouteRule | undefined {
  const m = methodOf(method);
  return compile(
    rules.filter((r) => r.method === m),
    o,
  ).find((c) => c.test(path.split('?')[0]))?.rule;
}

/** What the guard answers for this access and user: 'allow', or the error status. */
export function decide(
  access: Access,
  user: Pick<Express.Request, 'user'>['user'],
  auth: RouteRule['auth'] = 'session',
  viaBearer = false,
): 'allow' | 401 | 403 {
  if (auth === 'api-key') return 'allow'; // checked by its own middleware, before sessions exist
  if (access === 'public') return 'allow';
  if (!user || (auth === 'bearer' && !viaBearer)) return 401;
  if (access === 'signed-in') return 'allow';
  const keys = typeof access === 'string' ? [access] : access;
  return keys.some((k) => user.permissions.has(k)) ? 'allow' : 403;
}

/** The refusal for this request under this row (no row: 404), or null when it may pass. */
function refusal(row: RouteRule | undefined, req: Request): AppError | null {
  if (!row) return notFound();
  const answer = decide(row.access, req.user, row.auth, !!req.bearer);
  if (answer === 401)
    return row.auth === 'bearer'
      ? unauthorized('This call needs a bearer token (Authorization: Bearer …).')
      : unauthorized();
  if (answer === 403) return forbidden();
  return null;
}

/** In front of a router: the row of the routed path (`req.baseUrl + req.path`), or 404. */
export function routeGuard(
  scope: 'localized' | 'unprefixed',
  rules: readonly RouteRule[] = ROUTE_PERMISSIONS,
  o: MatchOptions = {},
): RequestHandler {
  const inScope = compile(
    rules.filter((r) => (scope === 'localized' ? isLocalized(r) : !isLocalized(r))),
    o,
  );
  const byMethod = new Map<string, Compiled[]>();
  for (const c of inScope) byMethod.set(c.rule.method, [...(byMethod.get(c.rule.method) ?? []), c]);
  return (req, _res, next) => {
    const path = req.baseUrl + req.path;
    const row = byMethod.get(methodOf(req.method))?.find((c) => c.test(path))?.rule;
    next(refusal(row, req) ?? undefined);
  };
}

/** Route layers already guarded (a second call must not stack a second check). */
const guarded = new WeakSet<RouteLayer>();

/**
 * Puts the table's check in front of every mounted route's handlers, by the route's own full
 * pattern (what Express matched). A route mounted under several patterns must pass every one.
 * Routes added after this call are not covered: call it once every router is mounted.
 */
export function guardMountedRoutes(app: Express, rules: readonly RouteRule[] = ROUTE_PERMISSIONS): number {
  const rowOf = new Map(rules.map((r) => [`${r.method} ${r.path}`, r]));
  const seen = new Map<RouteLayer, string[]>();
  for (const { layer, paths } of routeLayers(app)) seen.set(layer, [...(seen.get(layer) ?? []), ...paths]);
  for (const [layer, paths] of seen) {
    if (guarded.has(layer)) continue;
    const inner = layer.handle;
    layer.handle = function guardedRoute(req: unknown, res: unknown, next: (err?: unknown) => void) {
      const r = req as Request;
      const m = methodOf(r.method);
      for (const p of paths) {
        const no = refusal(rowOf.get(`${m} ${p}`), r);
        if (no) return next(no);
      }
      return inner(req, res, next);
    };
    guarded.add(layer);
  }
  return seen.size;
}
