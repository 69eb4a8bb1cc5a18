/** The back office's entry point: /account/dashboard (order pages live in features/order-admin). */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { requireBackOffice } from '../../http/guards.ts';
import { dashboardSummary } from '../orders/queries.ts';
import { findWarehouse } from './queries.ts';

export function dashboardRoutes(s: Services): Router {
  const r = Router();

  /** GET /account/dashboard */
  r.get('/account/dashboard', requireBackOffice, async (req, res) => {
    const user = req.user!;
    const canOrders = user.permissions.has('orders.view');
    const [summary, warehouse] = await Promise.all([
      canOrders ? dashboardSummary(s.db) : Promise.resolve(null),
      user.warehouseId ? findWarehouse(s.db, user.warehouseId) : Promise.resolve(null),
    ]);
    await res.page('dashboard/home', { title: req.t('dashboard.title'), summary, warehouse, layout: 'layouts/admin', nav: 'home' });
  });

  return r;
}
