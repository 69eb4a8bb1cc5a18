/**
 * Route guards: who may reach a route. Permission keys are in db/schema/constants.ts.
 * Who may reach a route is declared with the route (route(r, method, path, { allow }, …):
 * src/http/route.ts), which puts its guard in front of the handlers; these helpers are for checks
 * inside a handler, or middleware that is not a route.
 */
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../domain/errors.ts';

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next();
};

/** Signed in and holding at least one of the keys. */
export const requirePermission =
  (...keys: string[]): RequestHandler =>
  (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    if (!keys.some((k) => req.user!.permissions.has(k))) return next(forbidden());
    next();
  };

/** The back office (/admin, /account/dashboard): staff-side users only. */
export const requireBackOffice = requirePermission('dashboard.view');

export const can = (user: Express.Request['user'], key: string) => !!user?.permissions.has(key);
