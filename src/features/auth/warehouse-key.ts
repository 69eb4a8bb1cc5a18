/**
 * Warehouse API keys (spec §8: "Warehouse API key actions carry a bearer token plus a user id
 * header"). Checked by their own middleware, on the warehouse routes only (/api/warehouse/…):
 * the bearer token must be the warehouse's current key (stored as sha256) and X-User-Id a user
 * who may act on that warehouse (src/domain/warehouse-access.ts: its operator, a manager of its
 * organisation). Then the request is that user, by key
 * alone: no session, no CSRF. Anywhere else the same headers are just a bad bearer token (401).
 * The routes it guards are src/features/warehouses/api.ts warehouseKeyRoutes (this file imports no feature routes).
 * In production the published demo keys open nothing unless SEED=demo was set, as the demo
 * password (src/app.ts refusedPassword).
 */
import type { RequestHandler } from 'express';
import { DEMO_WAREHOUSE_KEYS } from '../../db/seed/inventory.ts';
import { unauthorized } from '../../domain/errors.ts';
import type { Services } from '../../services.ts';
import { mayActOnWarehouse } from '../../domain/warehouse-access.ts';
import { safeEqual, sha256 } from './crypto.ts';
import { activeWarehouseKey, loadCurrentUser } from './queries.ts';
import { bearerToken } from './bearer.ts';

const INVALID = 'The warehouse API key or user is not valid.';

/** The seeded demo keys' hashes when they must open nothing: in production, unless SEED=demo was set. */
export function refusedWarehouseKeys(config: Pick<Services['config'], 'env' | 'seed'>): ReadonlySet<string> {
  return new Set(
    config.env === 'production' && config.seed !== 'demo' ? Object.values(DEMO_WAREHOUSE_KEYS).map(sha256) : [],
  );
}

/** Authenticates `Authorization: Bearer <key>` + `X-User-Id` for the warehouse in :warehouse. */
export function warehouseApiKey(s: Pick<Services, 'db' | 'config'>): RequestHandler {
  const refused = refusedWarehouseKeys(s.config);
  return async (req, res, next) => {
    const key = bearerToken(req.get('authorization'));
    const warehouseId = Number(req.params.warehouse);
    const userId = Number(req.get('x-user-id'));
    if (!key || !Number.isSafeInteger(warehouseId) || warehouseId < 1 || !Number.isSafeInteger(userId) || userId < 1)
      return next(unauthorized(INVALID));
    const w = await activeWarehouseKey(s.db, warehouseId);
    if (!w?.keyHash || !safeEqual(sha256(key), w.keyHash) || refused.has(w.keyHash)) return next(unauthorized(INVALID));
    const user = await loadCurrentUser(s.db, userId);
    if (!user || !mayActOnWarehouse(user, w)) return next(unauthorized(INVALID));
    req.user = user;
    req.bearer = true;
    res.locals.warehouse = { id: w.id, name: w.name };
    next();
  };
}
