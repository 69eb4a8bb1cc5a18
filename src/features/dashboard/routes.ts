/** The back office's entry point: /account/dashboard (order pages live in features/order-admin). */
import { Router } from 'express';
import { eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { warehouses } from '../../db/schema/index.ts';
import { requireBackOffice } from '../../http/guards.ts';
import { dashboardSummary } from '../orders/queries.ts';

export function dashboardRoutes(s: Services): Router {
  const r = Router();

  /** GET /account/dashboard */
  r.get('/account/dashboard', requireBackOffice, async (req, res) => {
    const user = req.user!;
    const canOrders = user.permissions.has('orders.view');
    const [summary, warehouse] = await Promise.all([
      canOrders ? dashboardSummary(s.db) : Promise.resolve(null),
      user.warehouseId ? s.db.select().from(warehouses).where(eq(warehouses.id, user.warehouseId)).limit(1) : Promise.resolve([]),
    ]);
    await res.page('dashboard/home', { title: req.t('dashboard.title'), summary, warehouse: warehouse[0] ?? null, layout: 'layouts/admin', nav: 'home' });
  });

  return r;
}
