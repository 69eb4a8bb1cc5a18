/**
 * Returns, the customer's side: the request form from their order's page, their returns and one
 * return. Only the order's owner reaches them; anyone else's order or return answers 404.
 */
import path from 'node:path';
import type { Request, Router } from 'express';
import { publicBase } from '../../config.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import { RETURN_MESSAGES, RETURN_PHOTO_MAX, returnableQuantity } from '../../domain/returns.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { registerReturnBackOffice } from './admin-routes.ts';
import { isProductLine, orderForReturn, returnDetail, returnsOf } from './queries.ts';
import { parseReturnRequest } from './schemas.ts';
import { inspect, receiveFile, storeImage } from '../media/index.ts';
import { addPhotos, requestReturn } from './service.ts';
import { returnJson, returnView } from './view-model.ts';

export function returnRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  registerCustomerReturns(r, s);
  registerReturnBackOffice(r, s);
  return r;
}

/** The own placed order, with each product line and how many units can still be returned. */
async function ownOrder(s: Services, req: Request, param: unknown) {
  const id = parseInput(IdParam, param);
  const o = await orderForReturn(s.db, id);
  if (!o || o.order.userId !== req.user!.id || o.order.status === 'cart' || o.order.draft) throw notFound();
  const now = new Date();
  const orderDate = o.order.submittedAt ?? o.order.createdAt;
  const lines = o.lines
    .filter((l) => isProductLine(l.lineType) && Number(l.unitPrice) > 0)
    .map((l) => ({ ...l, left: returnableQuantity(l, orderDate, now) }));
  return { order: o.order, lines };
}

function registerCustomerReturns(r: Router, s: Services): void {
  const formLocals = async (req: Request, orderId: unknown, extra: Record<string, unknown> = {}) => {
    const o = await ownOrder(s, req, orderId);
    return { title: req.t('returns.new.title', { id: o.order.id }), ...o, values: {}, fields: {}, ...extra };
  };

  route(
    r,
    'get',
    '/orders/:orderId/return',
    { allow: 'signed-in', note: 'own order; 404 otherwise' },
    async (req, res) => {
      await res.page('returns/new', await formLocals(req, req.params.orderId));
    },
  );

  route(
    r,
    'post',
    '/orders/:orderId/return',
    { allow: 'signed-in', note: 'own order; 404 otherwise' },
    (req, res, next) => {
      const orderId = req.params.orderId;
      formPage('returns/new', (rq) => formLocals(rq, orderId, { values: rq.body ?? {} }))(req, res, next);
    },
    async (req, res) => {
      const o = await ownOrder(s, req, req.params.orderId);
      const body = parseReturnRequest(
        (req.body ?? {}) as Record<string, unknown>,
        o.lines.map((l) => l.id),
      );
      const id = await requestReturn(s, req.user!, o.order.id, body, new Date(), publicBase(s.config));
      if (wantsJson(req))
        return void res.status(201).json({ return_id: id, order_id: o.order.id, status: 'requested' });
      flash(req, 'success', req.t('returns.requested'));
      res.redirect(303, `/${req.locale}/account/returns/${id}`);
    },
  );

  route(r, 'get', '/account/returns', { allow: 'signed-in', note: 'own returns only' }, async (req, res) => {
    const rows = await returnsOf(s.db, { userId: req.user!.id });
    if (wantsJson(req))
      return void res.json({
        returns: rows.map((x) => ({ id: x.id, order_id: x.orderId, status: x.status, credit: x.credit })),
      });
    await res.page('returns/index', { title: req.t('returns.title'), rows });
  });

  route(
    r,
    'get',
    '/account/returns/:returnId',
    { allow: 'signed-in', note: 'own return; 404 otherwise' },
    async (req, res) => {
      const id = parseInput(IdParam, req.params.returnId);
      const d = await returnDetail(s.db, id);
      if (!d || d.orderUserId !== req.user!.id) throw notFound();
      const view = returnView(d, req.locale);
      if (wantsJson(req)) return void res.json(returnJson(view));
      await res.page('returns/show', { title: req.t('returns.show.title', { id }), ret: view });
    },
  );

  registerPhotos(r, s);
}

/** Photos of a requested return, one per request, at most RETURN_PHOTO_MAX, through the media upload's checks. */
function registerPhotos(r: Router, s: Services): void {
  const mediaDir = path.join(s.config.dataDir, 'media');
  route(
    r,
    'post',
    '/account/returns/:returnId/photos',
    { allow: 'signed-in', note: 'own requested return; 404 otherwise' },
    receiveFile(mediaDir, '/:locale/account/returns/:returnId/photos'),
    async (req, res) => {
      const id = parseInput(IdParam, req.params.returnId);
      const d = await returnDetail(s.db, id);
      if (!d || d.orderUserId !== req.user!.id) throw notFound();
      if (!req.file) throw invalid(RETURN_MESSAGES.photos, { file: RETURN_MESSAGES.photos });
      if (d.status !== 'requested' || d.photos.length >= RETURN_PHOTO_MAX)
        throw new AppError(409, 'return_photos', RETURN_MESSAGES.photos, { file: RETURN_MESSAGES.photos });
      const { hash } = await inspect(req.file.path);
      const stored = await storeImage(mediaDir, req.file.path, hash, req.file.originalname);
      await addPhotos(s, id, [stored.path]);
      if (wantsJson(req)) return void res.status(201).json({ return_id: id, photo: stored.path });
      flash(req, 'success', req.t('returns.photoAdded'));
      res.redirect(303, `/${req.locale}/account/returns/${id}`);
    },
  );
}
