/**
 * The back office's Back orders list:
 *   GET  /{locale}/account/dashboard/backorders                  lines waiting for stock by expected day; ?from=&to=&product=&warehouse=&page= (orders.view)
 *   POST /{locale}/account/dashboard/backorders/{line_id}/date   a new expected day; audited, the customer mailed (orders.edit)
 *   POST /{locale}/account/dashboard/backorders/{line_id}/shipped  the back-ordered units shipped; audited, the customer mailed (orders.edit)
 */
import type { Request, Response, Router } from 'express';
import { backorderDayLabel } from '../../domain/back-order.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { withQuery } from '../order-admin/index.ts';
import { backorderPage, warehouseChoices, type BackorderRow } from './queries.ts';
import { BackordersQuery, ShipOnForm } from './schemas.ts';
import { markShipped, moveShipOn } from './service.ts';

const BASE = '/account/dashboard/backorders';

const rowJson = (r: BackorderRow) => ({
  order_line_item_id: r.lineId,
  order_id: r.orderId,
  title: r.title,
  stockcode: r.stockcode,
  backordered_quantity: r.quantity,
  expected_ship_on: r.shipOn,
  warehouse: r.warehouse,
  customer: r.customer,
});

/** The list page's locals: the filter as typed (kept in the URL), one page of lines, the pager. */
async function listLocals(s: Services, req: Request) {
  const q = parseInput(BackordersQuery, req.query);
  const filter = { from: q.from, to: q.to, product: q.product, warehouseId: q.warehouse };
  const [page, houses] = await Promise.all([backorderPage(s.db, filter, q.page), warehouseChoices(s.db)]);
  const path = `/${req.locale}${BASE}`;
  const keep = { from: q.from, to: q.to, product: q.product, warehouse: q.warehouse };
  return {
    title: req.t('bo.title'),
    layout: 'layouts/admin',
    nav: 'backorders',
    filter: keep,
    anyFilter: Object.values(keep).some((v) => v !== undefined),
    houses,
    canEdit: req.user!.permissions.has('orders.edit'),
    today: new Date().toISOString().slice(0, 10),
    rows: page.rows.map((r) => ({
      ...r,
      href: `/admin/orders/detail/${r.orderId}`,
    })),
    json: { rows: page.rows.map(rowJson), page: q.page, more: page.more },
    prevHref: q.page > 1 ? withQuery(path, { ...keep, page: q.page - 1 }) : null,
    nextHref: page.more ? withQuery(path, { ...keep, page: q.page + 1 }) : null,
  };
}

const back = (req: Request, res: Response) => res.redirect(303, `/${req.locale}${BASE}`);

export function backorderRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  route(
    r,
    'get',
    BASE,
    { allow: 'orders.view', note: 'lines waiting for stock, by expected day' },
    async (req, res) => {
      const locals = await listLocals(s, req);
      if (wantsJson(req))
        return void res.json({ back_orders: locals.json.rows, page: locals.json.page, more: locals.json.more });
      await res.page('backorders/index', locals);
    },
  );

  route(
    r,
    'post',
    `${BASE}/:lineId/date`,
    { allow: 'orders.edit', note: 'a back-ordered line still waiting; 409 otherwise' },
    formPage('backorders/index', (rq) => listLocals(s, rq)),
    async (req, res) => {
      const lineId = parseInput(IdParam, req.params.lineId);
      const { expected_on } = parseInput(ShipOnForm, req.body);
      const line = await moveShipOn(s, lineId, expected_on, req.user!.id, new Date());
      if (wantsJson(req)) return void res.json({ order_line_item_id: lineId, expected_ship_on: expected_on });
      const date = backorderDayLabel(expected_on, req.locale, expected_on);
      flash(req, 'success', req.t('bo.dateSaved', { title: line.title, id: String(line.orderId), date }));
      back(req, res);
    },
  );

  route(
    r,
    'post',
    `${BASE}/:lineId/shipped`,
    { allow: 'orders.edit', note: 'a back-ordered line still waiting; 409 otherwise' },
    async (req, res) => {
      const lineId = parseInput(IdParam, req.params.lineId);
      const line = await markShipped(s, lineId, req.user!.id, new Date());
      if (wantsJson(req)) return void res.json({ order_line_item_id: lineId, shipped: true });
      flash(req, 'success', req.t('bo.shippedSaved', { title: line.title, id: String(line.orderId) }));
      back(req, res);
    },
  );
  return r;
}
