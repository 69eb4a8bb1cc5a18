/** A customer's own pages: /{locale}/account and /{locale}/orders/{order_id}. */
import { Router } from 'express';
import { asc, desc, eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { addresses, organisations } from '../../db/schema/index.ts';
import { notFound } from '../../domain/errors.ts';
import { requireUser } from '../../http/guards.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { getOrderDetail, listOrdersForUser } from '../orders/queries.ts';

export function accountRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });

  /** GET /{locale}/account */
  r.get('/account', requireUser, async (req, res) => {
    const user = req.user!;
    const [orders, saved, org] = await Promise.all([
      listOrdersForUser(s.db, user.id),
      s.db.select().from(addresses).where(eq(addresses.userId, user.id)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
      user.organisationId ? s.db.select().from(organisations).where(eq(organisations.id, user.organisationId)).limit(1) : Promise.resolve([]),
    ]);
    await res.page('account/home', { title: req.t('account.title'), orders, addresses: saved, organisation: org[0] ?? null });
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
