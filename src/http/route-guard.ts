/**
 * The one guard, derived from the route table (route-permissions.ts). src/routes.ts mounts it in
 * front of the routers: `routeGuard('localized')` after the locale check, `routeGuard('unprefixed')`
 * at the top of the spec's unprefixed paths. It finds the request's row (method and path, the
 * first row that matches, so static paths come before parameter paths in the table) and answers
 * 401 (no user; the error handler sends HTML visitors to sign in) or 403 (no key) before any
 * handler runs. A request matching no row is left alone: it is a 404 (the route-permission test
 * makes sure every mounted route has a row).
 */
import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from '../domain/errors.ts';
import { ROUTE_PERMISSIONS, type Access, type RouteRule } from './route-permissions.ts';

type Compiled = { rule: RouteRule; segments: string[] };

const compile = (rules: readonly RouteRule[]): Compiled[] => rules.map((rule) => ({ rule, segments: split(rule.path) }));

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function segmentsMatch(pattern: string[], actual: string[]): boolean {
  if (pattern.length !== actual.length) return false;
  return pattern.every((p, i) => (p.startsWith(':') ? actual[i].length > 0 : p.toLowerCase() === safeDecode(actual[i]).toLowerCase()));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const isLocalized = (c: Compiled) => c.segments[0] === ':locale';

/** The table row a request falls under (HEAD counts as GET), or undefined. */
export function ruleFor(method: string, path: string, rules: readonly RouteRule[] = ROUTE_PERMISSIONS): RouteRule | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const actual = split(path.split('?')[0]);
  return compile(rules).find((c) => c.rule.method === m && segmentsMatch(c.segments, actual))?.rule;
}

/** What the guard answers for this access and user: 'allow', or the error status. */
export function decide(access: Access, user: Pick<Express.Request, 'user'>['user'], auth: RouteRule['auth'] = 'session', viaBearer = false): 'allow' | 401 | 403 {
  if (auth === 'api-key') return 'allow'; // checked by its own middleware, before sessions exist
  if (access === 'public') return 'allow';
  if (!user || (auth === 'bearer' && !viaBearer)) return 401;
  if (access === 'signed-in') return 'allow';
  const keys = typeof access === 'string' ? [access] : access;
  return keys.some((k) => user.permissions.has(k)) ? 'allow' : 403;
}

export function routeGuard(scope: 'localized' | 'unprefixed', rules: readonly RouteRule[] = ROUTE_PERMISSIONS): RequestHandler {
  const compiled = compile(rules).filter((c) => (scope === 'localized' ? isLocalized(c) : !isLocalized(c)));
  return (req: Request, _res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const actual = split(req.originalUrl.split('?')[0]);
    const row = compiled.find((c) => c.rule.method === method && segmentsMatch(c.segments, actual))?.rule;
    if (!row) return next();
    const answer = decide(row.access, req.user, row.auth, !!req.bearer);
    if (answer === 401) {
      return next(row.auth === 'bearer' ? unauthorized('This call needs a bearer token (Authorization: Bearer …).') : unauthorized());
    }
    if (answer === 403) return next(forbidden());
    next();
  };
}
