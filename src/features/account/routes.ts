/**
 * A customer's own pages under /{locale}/account: the overview, order history, addresses (the
 * order page is src/features/orders/routes.ts, address forms src/workflows/checkout/address-routes.ts,
 * payment methods /{locale}/account/payment, organisation users src/features/org-users). Who may
 * open them is each route's declaration (route(…, { allow })); each reads only the
 * signed-in user's own rows.
 */
import type { Router, Request, Response } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { flash, keepCartChannel, requireChannel } from '../../http/context.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { listOrdersForUser } from '../orders/index.ts';
import { findOrganisation, ordersPage, savedAddresses } from './queries.ts';
import { pendingApprovalsOfMember } from '../approvals/index.ts';
import { reorder, type SkipReason } from './reorder.ts';
import { route, routes } from '../../http/route.ts';

const PageQuery = z.object({
  page: z.coerce
    .number({ message: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(10_000, 'Too large.')
    .default(1),
});
const PER_PAGE = 25;

export function accountRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/account */
  route(r, 'get', '/account', { allow: 'signed-in', note: 'own account' }, async (req, res) => {
    const user = req.user!;
    const [orders, saved, org] = await Promise.all([
      listOrdersForUser(s.db, user.id),
      savedAddresses(s.db, user.id),
      user.organisationId ? findOrganisation(s.db, user.organisationId) : Promise.resolve(null),
    ]);
    await res.page('account/home', {
      title: req.t('account.title'),
      orders,
      addresses: saved,
      organisation: org,
      accountNav: 'overview',
    });
  });

  /** GET /{locale}/account/orders — order history, newest first, 25 a page. */
  route(r, 'get', '/account/orders', { allow: 'signed-in', note: 'own orders only' }, async (req, res) => {
    const { page } = parseInput(PageQuery, req.query);
    const [rows, waiting] = await Promise.all([
      ordersPage(s.db, req.user!.id, PER_PAGE + 1, (page - 1) * PER_PAGE),
      // The member's carts sent for approval, above the history on its first page.
      page === 1 ? pendingApprovalsOfMember(s.db, req.user!.id) : Promise.resolve([]),
    ]);
    await res.page('account/orders', {
      title: req.t('acct.orders.title'),
      orders: rows.slice(0, PER_PAGE),
      waiting,
      page,
      accountNav: 'orders',
      prevHref: page > 1 ? `?page=${page - 1}` : null,
      nextHref: rows.length > PER_PAGE ? `?page=${page + 1}` : null,
    });
  });

  /** GET /{locale}/account/addresses */
  route(r, 'get', '/account/addresses', { allow: 'signed-in', note: 'own addresses' }, async (req, res) => {
    await res.page('account/addresses', {
      title: req.t('acct.addresses.title'),
      addresses: await savedAddresses(s.db, req.user!.id),
      accountNav: 'addresses',
    });
  });

  /**
   * POST /{locale}/orders/{order_id}/reorder — "Order again": the order's product lines into the
   * cart at today's prices (src/features/account/reorder.ts); owner only, anyone else 404.
   * A form gets a 303 to the cart (or back to the order when nothing could be added) with messages.
   */
  route(
    r,
    'post',
    '/orders/:orderId/reorder',
    { allow: 'signed-in', note: 'own order only (404 otherwise): its lines into the own cart' },
    reorderHandler(s),
  );

  return r;
}

/** "Order again": the order's product lines into the cart, with what could not be added. */
function reorderHandler(s: Services) {
  return async (req: Request, res: Response) => {
    const orderId = parseInput(IdParam, req.params.orderId);
    const result = await reorder(s.db, req.user!.id, orderId, requireChannel(res), {
      locale: req.locale,
      showDiscount: req.session?.showDiscount ?? true,
    });
    if (result.cartOrderId !== null) keepCartChannel(req, requireChannel(res));
    const why = (reason: SkipReason) =>
      req.t(reason === 'options' ? 'order.again.reason.options' : `cart.error.${reason}`);
    const skipped = result.skipped.map((l) => ({
      ...l,
      message: req.t('order.again.skipped', { title: l.title, reason: why(l.reason) }),
    }));
    if (wantsJson(req)) {
      return void res.json({
        order_id: result.sourceOrderId,
        cart_order_id: result.cartOrderId,
        added: result.added,
        skipped,
        count: result.state?.count ?? null,
      });
    }
    if (result.added.length)
      flash(req, 'success', req.t('order.again.added', { id: result.sourceOrderId, count: result.added.length }));
    else flash(req, 'warning', req.t('order.again.none', { id: result.sourceOrderId }));
    for (const l of skipped) flash(req, 'warning', l.message);
    res.redirect(303, result.added.length ? `/${req.locale}/cart` : `/${req.locale}/orders/${result.sourceOrderId}`);
  };
}
