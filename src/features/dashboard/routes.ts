/** The back office's entry points: /account/dashboard and /admin/orders/detail/{order_id}. */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { requireBackOffice, requirePermission } from '../../http/guards.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { dashboardSummary, getOrderDetail } from '../orders/queries.ts';
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

  /** GET /admin/orders/detail/{order_id} */
  r.get('/admin/orders/detail/:orderId', requirePermission('orders.view'), async (req, res) => {
    const id = parseInput(IdParam, req.params.orderId);
    const order = await getOrderDetail(s.db, id);
    if (!order) throw notFound();
    await res.page('orders/admin-detail', { title: req.t('order.title', { id: order.id }), order, layout: 'layouts/admin', nav: 'orders' });
  });

  return r;
}
