/**
 * Back-office order pages: the order search (/{locale}/account/dashboard/orders) and the order
 * detail (/admin/orders/detail/{order_id}). Every route checks orders.view.
 */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { ORDER_STATUSES } from '../../db/schema/constants.ts';
import { notFound } from '../../domain/errors.ts';
import { requirePermission } from '../../http/guards.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { getOrderDetail } from '../orders/queries.ts';
import { OrderSearchQuery } from './schemas.ts';
import { searchOrders } from './search.ts';
import { orderSearchView } from './view-model.ts';

/** Routes under /{locale}/… */
export function orderAdminLocalizedRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });

  /** GET /{locale}/account/dashboard/orders */
  r.get('/account/dashboard/orders', requirePermission('orders.view'), async (req, res) => {
    const q = parseInput(OrderSearchQuery, req.query);
    const channels = await s.channels.all();
    const channelId = q.channel ? (channels.find((c) => c.code === q.channel)?.id ?? null) : undefined;
    const page = await searchOrders(s.db, q, channelId);
    const path = `/${req.locale}/account/dashboard/orders`;
    const view = orderSearchView(path, q, page, (id) => channels.find((c) => c.id === id)?.code ?? '');
    await res.page('order-admin/index', {
      title: req.t('oa.orders.title'),
      layout: 'layouts/admin',
      nav: 'orders',
      statuses: ORDER_STATUSES,
      channelList: channels.map((c) => ({ code: c.code, name: c.name })),
      ...view,
    });
  });

  return r;
}

/** Unprefixed routes (/admin/…). */
export function orderAdminRoutes(s: Services): Router {
  const r = Router();

  /** GET /admin/orders/detail/{order_id} */
  r.get('/admin/orders/detail/:orderId', requirePermission('orders.view'), async (req, res) => {
    const id = parseInput(IdParam, req.params.orderId);
    const order = await getOrderDetail(s.db, id);
    if (!order) throw notFound();
    await res.page('orders/admin-detail', { title: req.t('order.title', { id: order.id }), order, layout: 'layouts/admin', nav: 'orders' });
  });

  return r;
}
