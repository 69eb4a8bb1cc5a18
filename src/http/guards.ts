/**
 * Route guards: who may reach a route. Permission keys are in db/schema/constants.ts.
 * Every mounted route is in the route table (route-permissions.ts), whose one guard
 * (route-guard.ts) runs before the routers and decides. Most areas rely on it alone; the orders,
 * checkout and order API areas still carry these per-route checks as a second line.
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
