/**
 * The orders API (spec §6, §7 "Orders (staff)"): bearer token only (`Authorization: Bearer …`,
 * the page's api-token meta); without one, 401. Reads are open to staff with orders.view and to
 * a customer for their own orders (404 for anyone else's); writes need orders.edit.
 * Also PUT /{locale}/admin/orders/detail/{order_id}/update-item/{line_item_id} (session or bearer).
 */
import type { Router, RequestHandler } from 'express';
import type { Services } from '../../services.ts';
import { unauthorized } from '../../domain/errors.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { CardPaymentBody, isCardPayment, PaymentBody, takeCardPayment, takeCheckPayment } from './payments.ts';
import { RefundBody, refundPayment } from './refunds.ts';
import { DraftBody, ItemQuantityBody, TinBody, UpdateBody, VersionBody } from './schemas.ts';
import {
  paymentData,
  priceDraft,
  removeShippingMethod,
  requireEditor,
  saveTin,
  synchronize,
  tins,
  updateItemQuantity,
  updateOrder,
} from './service.ts';
import { route, routes } from '../../http/route.ts';

/** The spec's order calls carry a bearer token; a session cookie alone is not enough. */
const requireBearer: RequestHandler = (req, _res, next) =>
  req.bearer && req.user ? next() : next(unauthorized('This call needs a bearer token (Authorization: Bearer …).'));

/**
 * `If-Match: "3"` (or `W/"3"`) names the version an edit was made on when the body does not
 *: the body's `version` wins; neither means a client written to the spec, and the
 * spec's behaviour applies.
 */
const ifMatchVersion: RequestHandler = (req, _res, next) => {
  const tag = req.get('if-match');
  const body = req.body as Record<string, unknown> | undefined;
  if (
    tag &&
    body &&
    typeof body === 'object' &&
    (body.version === undefined || body.version === '' || body.version === null)
  ) {
    body.version = tag.replace(/^W\//, '').replace(/"/g, '').trim();
  }
  next();
};

const t = (req: import('express').Request) => req.t as unknown as (k: string) => string;
const orderId = (req: import('express').Request) => parseInput(IdParam, req.params.orderId);

export function orderApiRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  r.use('/api/orders', requireBearer);
  r.use(['/api/orders', '/admin/orders/detail'], ifMatchVersion);

  registerOrderEdits(r, s);
  registerOrderPayments(r, s);

  /** PUT /{locale}/admin/orders/detail/{order_id}/update-item/{line_item_id} (also POST with _method=put) */
  const updateItem: RequestHandler = async (req, res) => {
    const id = orderId(req);
    const lineId = parseInput(IdParam, req.params.lineItemId);
    const body = parseInput(ItemQuantityBody, req.body);
    res.json(await updateItemQuantity(s.db, id, lineId, req.user, body, t(req)));
  };
  route(r, 'put', '/admin/orders/detail/:orderId/update-item/:lineItemId', { allow: 'orders.edit' }, updateItem);
  route(
    r,
    'post',
    '/admin/orders/detail/:orderId/update-item/:lineItemId',
    { allow: 'orders.edit' },
    (req, res, next) => {
      if (String(req.body?._method ?? '').toLowerCase() !== 'put') return next();
      return updateItem(req, res, next);
    },
  );

  return r;
}

/** An order read for the editor, and its edits. */
function registerOrderEdits(r: Router, s: Services): void {
  /** GET /{locale}/api/orders/{id}/synchronize */
  route(
    r,
    'get',
    '/api/orders/:orderId/synchronize',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.view; 404 otherwise' },
    async (req, res) => {
      res.json(await synchronize(s.db, orderId(req), req.user, t(req)));
    },
  );

  /** POST /{locale}/api/orders/{id}/update */
  route(
    r,
    'post',
    '/api/orders/:orderId/update',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.edit; 404 otherwise' },
    async (req, res) => {
      const id = orderId(req);
      requireEditor(req.user); // who may edit before what was sent: a customer gets 403, not 400
      const body = parseInput(UpdateBody, req.body);
      res.json(await updateOrder(s.db, id, req.user, body, t(req)));
    },
  );

  /** POST /{locale}/api/orders/{id}/draft — the editor's draft priced, nothing written; the update's body. */
  route(
    r,
    'post',
    '/api/orders/:orderId/draft',
    { allow: 'signed-in', auth: 'bearer', note: 'orders.edit (a draft priced, nothing written); 404 otherwise' },
    async (req, res) => {
      const id = orderId(req);
      requireEditor(req.user);
      const body = parseInput(DraftBody, req.body);
      res.json(await priceDraft(s.db, id, req.user, body, t(req)));
    },
  );

  /** POST /{locale}/api/orders/{id}/tin/save */
  route(
    r,
    'post',
    '/api/orders/:orderId/tin/save',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.edit; 404 otherwise' },
    async (req, res) => {
      const id = orderId(req);
      requireEditor(req.user); // who may edit before what was sent: a customer gets 403, not 400
      const body = parseInput(TinBody, req.body);
      res.json(await saveTin(s.db, id, req.user, body.tax_exempt_id, body.version, t(req)));
    },
  );

  /** POST /{locale}/api/orders/{id}/remove-shipping-method */
  route(
    r,
    'post',
    '/api/orders/:orderId/remove-shipping-method',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.edit; 404 otherwise' },
    async (req, res) => {
      const id = orderId(req);
      requireEditor(req.user); // who may edit before what was sent: a customer gets 403, not 400
      const body = parseInput(VersionBody, req.body);
      res.json(await removeShippingMethod(s.db, id, req.user, body.version, t(req)));
    },
  );
}

/** An order's tax ids, and its payments and refunds. */
function registerOrderPayments(r: Router, s: Services): void {
  /** GET /{locale}/api/orders/{id}/tins */
  route(
    r,
    'get',
    '/api/orders/:orderId/tins',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.view; 404 otherwise' },
    async (req, res) => {
      res.json(await tins(s.db, orderId(req), req.user));
    },
  );

  /** GET /{locale}/api/orders/{id}/payments/{paymentId}/get-payment-data */
  route(
    r,
    'get',
    '/api/orders/:orderId/payments/:paymentId/get-payment-data',
    { allow: 'signed-in', auth: 'bearer', note: 'own order, or orders.view; 404 otherwise' },
    async (req, res) => {
      res.json(await paymentData(s.db, orderId(req), parseInput(IdParam, req.params.paymentId), req.user));
    },
  );

  /** POST /{locale}/api/orders/{id}/payments — a check (type 2) or card (type 1, a provider token) payment split over lines and fees. */
  route(r, 'post', '/api/orders/:orderId/payments', { allow: 'orders.pay', auth: 'bearer' }, async (req, res) => {
    const id = orderId(req);
    if (isCardPayment(req.body)) {
      const body = parseInput(CardPaymentBody, req.body);
      res.status(201).json(await takeCardPayment(s.db, paymentProviderOf(s), id, req.user, body, req.log));
      return;
    }
    const body = parseInput(PaymentBody, req.body);
    res.status(201).json(await takeCheckPayment(s.db, id, req.user, body));
  });

  /** POST /{locale}/api/orders/{id}/payments/{paymentId}/refund — a card refund through the provider (`amount`, `reason`, `version`). */
  route(
    r,
    'post',
    '/api/orders/:orderId/payments/:paymentId/refund',
    { allow: 'orders.pay', auth: 'bearer' },
    async (req, res) => {
      const id = orderId(req);
      const paymentId = parseInput(IdParam, req.params.paymentId);
      const body = parseInput(RefundBody, req.body);
      res.status(201).json(await refundPayment(s.db, paymentProviderOf(s), id, paymentId, req.user, body));
    },
  );
}
