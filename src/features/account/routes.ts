/** A customer's own pages: /{locale}/account and /{locale}/orders/{order_id}. */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { requireUser } from '../../http/guards.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { getOrderDetail, listOrdersForUser } from '../orders/queries.ts';
import { findOrganisation, savedAddresses } from './queries.ts';

export function accountRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });

  /** GET /{locale}/account */
  r.get('/account', requireUser, async (req, res) => {
    const user = req.user!;
    const [orders, saved, org] = await Promise.all([
      listOrdersForUser(s.db, user.id),
      savedAddresses(s.db, user.id),
      user.organisationId ? findOrganisation(s.db, user.organisationId) : Promise.resolve(null),
    ]);
    await res.page('account/home', { title: req.t('account.title'), orders, addresses: saved, organisation: org });
  });

  /** GET /{locale}/orders/{order_id} — only the owner (or staff who may view orders) sees it. */
  r.get('/orders/:orderId', requireUser, async (req, res) => {
    const id = parseInput(IdParam, req.params.orderId);
    const order = await getOrderDetail(s.db, id);
    const user = req.user!;
    // Someone else's order answers 404, not 403: its existence is not disclosed.
    if (!order || (order.userId !== user.id && !user.permissions.has('orders.view'))) throw notFound();
    await res.page('orders/customer', { title: req.t('order.title', { id: order.id }), order });
  });

  return r;
}
