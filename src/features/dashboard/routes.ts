/** The back office's entry points: /account/dashboard and /admin/orders/detail/{order_id}. */
import { Router } from 'express';
import { eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { warehouses } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { requireBackOffice, requirePermission } from '../../http/guards.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { dashboardSummary, getOrderDetail } from '../orders/queries.ts';
import { DASHBOARD_PERIODS, DashboardQuery, dashboardCharts } from './charts.ts';

export function dashboardRoutes(s: Services): Router {
  const r = Router();

  /** GET /account/dashboard */
  r.get('/account/dashboard', requireBackOffice, async (req, res) => {
    const user = req.user!;
    const canOrders = user.permissions.has('orders.view');
    const canReports = user.permissions.has('reports.view');
    const q = parseInput(DashboardQuery, req.query);
    const channels = await s.channels.all();
    if (q.channel && !channels.some((c) => c.code === q.channel)) throw invalid('Choose a channel from the list.', { channel: 'Choose a channel from the list.' });
    const [summary, warehouse, insight] = await Promise.all([
      canOrders ? dashboardSummary(s.db) : Promise.resolve(null),
      user.warehouseId ? s.db.select().from(warehouses).where(eq(warehouses.id, user.warehouseId)).limit(1) : Promise.resolve([]),
      canReports ? dashboardCharts(s.db, req, q, new Date()) : Promise.resolve(null),
    ]);
    const currency = q.channel ? channels.find((c) => c.code === q.channel)!.currency : 'USD';
    await res.page('dashboard/home', {
      title: req.t('dashboard.title'),
      summary,
      warehouse: warehouse[0] ?? null,
      layout: 'layouts/admin',
      nav: 'home',
      insight,
      chartQuery: q,
      chartCurrency: currency,
      channels,
      periods: DASHBOARD_PERIODS,
    });
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
