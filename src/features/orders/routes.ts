/**
 * A customer's order (contract: GET /{locale}/orders/{order_id}): the confirmation page after
 * checkout and the order's page in the history, plus the checkout survey (one answer set per order).
 * Only the order's owner and users with orders.view may read it; anyone else gets 404.
 */
import type { Router, Request, RequestHandler } from 'express';
import type { Services } from '../../services.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { isTaxExempt } from '../../domain/checkout.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { Survey, SURVEY_SOURCES } from '../../domain/checkout-input.ts';
import { customerOrderExtras, getOrderDetail, saveSurvey } from './queries.ts';
import { lineTitle } from '../cart/index.ts';
import { shownLineOptions } from './line-options.ts';
import { orderPlan } from '../epp/index.ts';
import { returnsPanel } from '../returns/index.ts';
import { orderFiguresView, promotionRules } from './figures.ts';
import { route, routes } from '../../http/route.ts';
import { shipmentNoteOf } from '../../domain/split-shipment.ts';

async function readable(s: Services, req: Request, param: unknown = req.params.orderId) {
  const id = parseInput(IdParam, param);
  const order = await getOrderDetail(s.db, id);
  const user = req.user!;
  // Someone else's order answers 404, not 403: its existence is not disclosed.
  if (!order || order.status === 'cart' || (order.userId !== user.id && !user.permissions.has('orders.view')))
    throw notFound();
  return order;
}

/**
 * The order page's locals (the survey form after refused answers: its values kept); also the guest's
 * confirmation (src/features/guest/routes.ts), who has no survey.
 */
export async function orderPageLocals(
  s: Services,
  req: Request,
  order: NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>,
  surveyValues: Record<string, unknown> = {},
) {
  const { exemption, answered, shipments } = await customerOrderExtras(s.db, order.id);
  const names = await s.catalogText.forLocale(req.locale);
  const card = (order.thirdPartyInfo as { card?: { brand: string; last4: string } } | null)?.card ?? null;
  const lines = order.lines.map((l) => ({ ...l, title: lineTitle(l, names) }));
  return {
    // Every figure from the one ledger: lines at list price, discounts as their own rows.
    figures: orderFiguresView({ ...order, lines }, await promotionRules(s.db, order.lines), {
      t: req.t as never,
      locale: req.locale,
    }),
    title: req.t('order.title', { id: order.id }),
    // Each line in the reader's language (the catalogue's name; the line's own title without a translation).
    order: { ...order, lines },
    // Each line's configured options, in the reader's language, as the cart showed them.
    lineOptions: await shownLineOptions(
      s.db,
      names,
      order.lines.map((l) => l.id),
    ),
    placed: req.query.placed === '1',
    taxExempt: isTaxExempt(order.taxExemptId),
    exemption,
    card,
    shipments,
    check: order.payments.find((p) => p.paymentType === 2) ?? null,
    survey:
      req.user && order.userId === req.user.id && !answered ? { sources: SURVEY_SOURCES, values: surveyValues } : null,
    epp: await orderPlan(s.db, order.id), // the EPP plan and schedule
    // Its returns and, once there is one, the balance with returned goods off the bill; the owner may ask for one.
    returnsPanel: await returnsPanel(s.db, order.id),
    askReturn: !!req.user && order.userId === req.user.id && !order.quote && order.status !== 'cancelled',
    // Back-ordered units: in parts or together, and when (src/domain/split-shipment.ts).
    shipmentNote: shipmentNoteOf(order, req.locale, req.t as never),
  };
}

export function orderRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const pageLocals = (
    req: Request,
    order: Awaited<ReturnType<typeof readable>>,
    surveyValues: Record<string, unknown> = {},
  ) => orderPageLocals(s, req, order, surveyValues);

  /** GET /{locale}/orders/{order_id} */
  route(
    r,
    'get',
    '/orders/:orderId',
    { allow: 'signed-in', note: 'own order, or orders.view; 404 otherwise' },
    async (req, res) => {
      await res.page('orders/customer', { ...(await pageLocals(req, await readable(s, req))), fields: {} });
    },
  );

  // Refused answers (or a survey answered meanwhile, 409): the order page again with the message
  // and the answers kept. The error handler runs outside this router, where req.params is empty: keep the id now.
  const surveyForm: RequestHandler = (req, res, next) => {
    const orderId = req.params.orderId;
    return formPage('orders/customer', async (rq) => pageLocals(rq, await readable(s, rq, orderId), rq.body ?? {}))(
      req,
      res,
      next,
    );
  };

  /** POST /{locale}/orders/{order_id}/survey — source, ease (1..5), comment; once per order, owner only. */
  route(
    r,
    'post',
    '/orders/:orderId/survey',
    { allow: 'signed-in', note: 'own order' },
    surveyForm,
    async (req, res) => {
      const order = await readable(s, req);
      if (order.userId !== req.user!.id) throw notFound();
      const answers = parseInput(Survey, req.body);
      const saved = await saveSurvey(s.db, order.id, { ...answers, locale: req.locale });
      if (!saved) throw conflict('This survey was already answered. Thank you!');
      if (wantsJson(req)) return void res.status(201).json({ order_id: order.id, saved: true });
      flash(req, 'success', req.t('survey.thanks'));
      res.redirect(303, `/${req.locale}/orders/${order.id}`);
    },
  );

  return r;
}
