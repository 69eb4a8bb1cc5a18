/** The back office's entry point: /account/dashboard (order pages live in features/order-admin). */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { invalid } from '../../domain/errors.ts';
import { reportCurrency } from '../../domain/money.ts';
import { parseInput } from '../../http/validate.ts';
import { dashboardSummary } from '../orders/index.ts';
import { findWarehouse } from './queries.ts';
import { DASHBOARD_PERIODS, DashboardQuery, dashboardCharts } from './charts.ts';
import { route, routes } from '../../http/route.ts';
import { openMachineDownCount } from '../machine-down/index.ts';

export function dashboardRoutes(s: Services): Router {
  const r = routes();
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /account/dashboard */
  route(r, 'get', '/account/dashboard', { allow: 'dashboard.view' }, async (req, res) => {
    const user = req.user!;
    const canOrders = user.permissions.has('orders.view');
    const canReports = user.permissions.has('reports.view');
    const q = parseInput(DashboardQuery, req.query);
    const channels = await s.channels.all();
    if (q.channel && !channels.some((c) => c.code === q.channel))
      throw invalid('Choose a channel from the list.', { channel: 'Choose a channel from the list.' });
    const [summary, warehouse, insight, machineDown] = await Promise.all([
      canOrders ? dashboardSummary(s.db) : Promise.resolve(null),
      user.warehouseId ? findWarehouse(s.db, user.warehouseId) : Promise.resolve(null),
      canReports ? dashboardCharts(s.db, req, q, new Date()) : Promise.resolve(null),
      canOrders ? openMachineDownCount(s.db) : Promise.resolve(0), // open orders whose machine is stopped
    ]);
    const currency = reportCurrency(q.channel, channels);
    await res.page('dashboard/home', {
      title: req.t('dashboard.title'),
      summary,
      machineDown,
      warehouse,
      layout: 'layouts/admin',
      nav: 'home',
      insight,
      chartQuery: q,
      chartCurrency: currency,
      channels,
      periods: DASHBOARD_PERIODS,
    });
  });

  return r;
}
