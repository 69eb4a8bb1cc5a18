/**
 * The warehouse API key calls (spec §7 "Warehouses and people", §6 bearer plus X-User-Id) and the
 * warehouse's own stock API:
 *   POST /api/organization/{org}/warehouse/{warehouse}/regenkey  (the user's bearer token or session) → {token}
 *   GET  /api/warehouse/{warehouse}/test-key                     (the key: auth/warehouse-key.ts)      → {message}
 *   GET  /api/warehouse/{warehouse}/stock                        (same)                                → {items}
 *   PUT  /api/warehouse/{warehouse}/stock  {items:[{stockcode, quantity}], reason?}                    → {applied, unchanged}
 * A wrong, old or missing key is a 401; the key is compared by its sha256 in constant time.
 * warehouseApiRoutes (regenkey) is mounted with the other routes; warehouseKeyRoutes by app.ts
 * before the session, bearer and CSRF middleware, as the key alone authenticates them.
 */
import type { Router, Request, RequestHandler } from 'express';
import type { Services } from '../../services.ts';
import { forbidden, unauthorized } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { warehouseApiKey } from '../auth/index.ts';
import { OrgWarehouseParams, StockUpdate } from './schemas.ts';
import { regenerateKey, setStockByCode, stockOfWarehouse } from './service.ts';
import { route, routes } from '../../http/route.ts';

const bearerOf = (req: Request) => {
  const h = req.get('authorization') ?? '';
  return h.toLowerCase().startsWith('bearer ') ? h.slice(7).trim() : '';
};

export function warehouseApiRoutes(s: Services): Router {
  const r = routes();

  /** POST /api/organization/{org}/warehouse/{warehouse}/regenkey */
  route(
    r,
    'post',
    '/api/organization/:org/warehouse/:warehouse/regenkey',
    { allow: 'warehouses.manage' },
    async (req, res) => {
      let user = req.user;
      // With X-User-Id the bearer is that user's own token (spec §6); check both match.
      const headerId = req.get('x-user-id');
      if (user && headerId && headerId.trim() !== String(user.id))
        throw unauthorized('The bearer token and X-User-Id do not match.');
      if (!user && headerId) {
        const token = bearerOf(req);
        const owner = token ? await s.auth.userForBearer(token) : undefined;
        if (!owner || String(owner.id) !== headerId.trim())
          throw unauthorized('The bearer token is invalid or has been revoked.');
        user = owner;
      }
      if (!user) throw unauthorized();
      if (!user.permissions.has('warehouses.manage')) throw forbidden();
      const p = parseInput(OrgWarehouseParams, req.params);
      res.json({ token: await regenerateKey(s.db, p.org, p.warehouse, user) });
    },
  );

  return r;
}

/**
 * /api/warehouse/… : the warehouse's own system, authenticated by the warehouse key + X-User-Id
 * (auth/warehouse-key.ts warehouseApiKey); app.ts mounts it before session, bearer and CSRF.
 */
export function warehouseKeyRoutes(s: Pick<Services, 'db' | 'config'>): Router {
  const r = routes();
  const key = warehouseApiKey(s);

  /** GET /api/warehouse/{warehouse}/test-key → {message} */
  route(
    r,
    'get',
    '/api/warehouse/:warehouse/test-key',
    {
      allow: 'public',
      auth: 'api-key',
      note: "warehouse API key + X-User-Id: the warehouse's operator or warehouses.manage",
    },
    key,
    (_req, res) => {
      const w = res.locals.warehouse as { name: string };
      res.json({ message: `The API key is valid for ${w.name}.` });
    },
  );

  /** GET /api/warehouse/{warehouse}/stock */
  route(
    r,
    'get',
    '/api/warehouse/:warehouse/stock',
    {
      allow: 'public',
      auth: 'api-key',
      note: "warehouse API key + X-User-Id: the warehouse's operator or warehouses.manage",
    },
    key,
    async (_req, res) => {
      const w = res.locals.warehouse as { id: number };
      res.json({ items: await stockOfWarehouse(s.db, w.id) });
    },
  );

  /** PUT (or POST) /api/warehouse/{warehouse}/stock */
  const put: RequestHandler = async (req, res) => {
    const w = res.locals.warehouse as { id: number };
    const body = parseInput(StockUpdate, req.body);
    const done = await setStockByCode(s.db as Services['db'], w.id, body.items, body.reason, req.user!.id);
    res.json({ applied: done.changes.length, unchanged: done.unchanged });
  };
  route(
    r,
    'put',
    '/api/warehouse/:warehouse/stock',
    {
      allow: 'public',
      auth: 'api-key',
      note: "warehouse API key + X-User-Id: the warehouse's operator or warehouses.manage",
    },
    key,
    put,
  );
  route(
    r,
    'post',
    '/api/warehouse/:warehouse/stock',
    {
      allow: 'public',
      auth: 'api-key',
      note: "warehouse API key + X-User-Id: the warehouse's operator or warehouses.manage",
    },
    key,
    put,
  );

  return r;
}
