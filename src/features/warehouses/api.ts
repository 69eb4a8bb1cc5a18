/**
 * The warehouse API key calls (spec §7 "Warehouses and people", §6 bearer plus X-User-Id) and the
 * warehouse's own stock API:
 *   POST /api/organization/{org}/warehouse/{warehouse}/regenkey  (the user's bearer token or session) → {token}
 *   GET  /api/warehouse/{warehouse}/test-key                     (bearer = warehouse key, X-User-Id)  → {message}
 *   GET  /api/warehouse/{warehouse}/stock                        (same)                                → {items}
 *   PUT  /api/warehouse/{warehouse}/stock  {items:[{stockcode, quantity}], reason?}                    → {applied, unchanged}
 * A wrong, old or missing key is a 401; the key is compared by its sha256 in constant time.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { and, asc, eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { inventory, products, warehouses } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { safeEqual, sha256 } from '../auth/crypto.ts';
import { loadCurrentUser } from '../auth/queries.ts';
import { OrgWarehouseParams, StockUpdate, WarehouseParams } from './schemas.ts';
import { mayUseWarehouse, regenerateKey, setStockByCode } from './service.ts';

const INVALID = 'The warehouse API key or user is not valid.';
const bearerOf = (req: Request) => {
  const h = req.get('authorization') ?? '';
  return h.toLowerCase().startsWith('bearer ') ? h.slice(7).trim() : '';
};

/** Bearer = the warehouse's current key, X-User-Id = a user who may use that warehouse. */
function byWarehouseKey(s: Services): RequestHandler {
  return async (req, res, next) => {
    const key = bearerOf(req);
    const userId = Number(req.get('x-user-id'));
    const parsed = WarehouseParams.safeParse(req.params);
    if (!key || !parsed.success || !Number.isSafeInteger(userId) || userId < 1 || userId > 2147483647) return next(unauthorized(INVALID));
    const [w] = await s.db.select({ id: warehouses.id, name: warehouses.name, hash: warehouses.apiKeyHash }).from(warehouses)
      .where(and(eq(warehouses.id, parsed.data.warehouse), eq(warehouses.active, true)));
    if (!w?.hash || !safeEqual(sha256(key), w.hash)) return next(unauthorized(INVALID));
    const user = await loadCurrentUser(s.db, userId);
    if (!user || !mayUseWarehouse(user, w.id)) return next(unauthorized(INVALID));
    res.locals.warehouse = w;
    res.locals.keyUser = user;
    next();
  };
}

export function warehouseApiRoutes(s: Services): Router {
  const r = Router();
  const key = byWarehouseKey(s);

  /** POST /api/organization/{org}/warehouse/{warehouse}/regenkey */
  r.post('/api/organization/:org/warehouse/:warehouse/regenkey', async (req, res) => {
    let user = req.user;
    // With X-User-Id the bearer is that user's own token (spec §6); check both match.
    const headerId = req.get('x-user-id');
    if (!user && headerId) {
      const token = bearerOf(req);
      const id = token ? await s.auth.userIdForBearer(token) : undefined;
      if (!id || String(id) !== headerId.trim()) throw unauthorized('The bearer token is invalid or has been revoked.');
      user = await loadCurrentUser(s.db, id);
    }
    if (!user) throw unauthorized();
    if (!user.permissions.has('warehouses.manage')) throw forbidden();
    const p = parseInput(OrgWarehouseParams, req.params);
    res.json({ token: await regenerateKey(s.db, p.org, p.warehouse, user) });
  });

  /** GET /api/warehouse/{warehouse}/test-key */
  r.get('/api/warehouse/:warehouse/test-key', key, (_req, res) => {
    res.json({ message: `The API key is valid for ${(res.locals.warehouse as { name: string }).name}.` });
  });

  /** GET /api/warehouse/{warehouse}/stock */
  r.get('/api/warehouse/:warehouse/stock', key, async (_req, res) => {
    const w = res.locals.warehouse as { id: number };
    const items = await s.db.select({ stockcode: products.stockcode, quantity: inventory.quantity, reserved: inventory.reserved })
      .from(inventory).innerJoin(products, eq(products.id, inventory.productId)).where(eq(inventory.warehouseId, w.id)).orderBy(asc(products.stockcode));
    res.json({ items });
  });

  /** PUT (or POST) /api/warehouse/{warehouse}/stock */
  const put: RequestHandler = async (req, res) => {
    const w = res.locals.warehouse as { id: number };
    const body = parseInput(StockUpdate, req.body);
    const done = await setStockByCode(s.db, w.id, body.items, body.reason, (res.locals.keyUser as { id: number }).id);
    res.json({ applied: done.changes.length, unchanged: done.unchanged });
  };
  r.put('/api/warehouse/:warehouse/stock', key, put);
  r.post('/api/warehouse/:warehouse/stock', key, put);

  return r;
}
