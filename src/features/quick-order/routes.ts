/**
 * Quick order, under /{locale}/:
 *   GET  /quick-order          the page (storefront layout, the quick-order island)
 *   POST /quick-order/resolve  {text} or {lines: [{stockcode, quantity}]} → each line's verdict, product, price and stock
 *   POST /quick-order/add      the same body; every line into the visitor's cart in one transaction,
 *                              or nothing (400 with each line's verdict) when any line is not ready
 * Public, like the cart: it is the visitor's own cart. CSRF on the POSTs as everywhere.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { AppError, withDetail } from '../../domain/errors.ts';
import { flash, keepCartChannel, keepCartInSession, requireChannel } from '../../http/context.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { visitorCartRef } from '../cart/index.ts';
import { parseQuickBody } from './schemas.ts';
import { addQuickOrder, resolveQuickOrder, type QuickVerdict } from './service.ts';
import { islandProps, lineJson, resolveJson } from './view-model.ts';
import { route, routes } from '../../http/route.ts';
import { customerFit } from '../machines/index.ts';

export function quickOrderRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const t = (req: Request) => req.t as unknown as (key: string, opts?: Record<string, unknown>) => string;

  const linesOf = async (req: Request, res: Response, verdicts: QuickVerdict[]) => {
    const names = await s.catalogText.forLocale(req.locale);
    const formatDate = res.locals.formatDate as (d: string) => string;
    // A signed-in customer's machines against the parts found ("Does not fit any of your machines").
    const fit = await customerFit(
      s.db,
      req.user?.id,
      verdicts.flatMap((v) => (v.product ? [v.product.id] : [])),
    );
    return verdicts.map((v) =>
      lineJson(v, {
        t: t(req),
        locale: req.locale,
        productName: (id, title) => names.product(id, title),
        formatDate,
        fitsNone: (id) => fit.of(id).fitsNone,
      }),
    );
  };

  /** GET /{locale}/quick-order */
  route(r, 'get', '/quick-order', { allow: 'public' }, async (req, res) => {
    await res.page('quick-order/index', { title: req.t('quick.title'), props: islandProps(req.locale, t(req)) });
  });

  /** POST /{locale}/quick-order/resolve — writes nothing */
  route(r, 'post', '/quick-order/resolve', { allow: 'public', note: 'writes nothing' }, async (req, res) => {
    const lines = parseQuickBody(req.body);
    const verdicts = await resolveQuickOrder(s.db, requireChannel(res), lines);
    res.json(resolveJson(await linesOf(req, res, verdicts)));
  });

  /** POST /{locale}/quick-order/add */
  route(r, 'post', '/quick-order/add', { allow: 'public', note: "the visitor's own cart" }, async (req, res) => {
    const lines = parseQuickBody(req.body);
    const result = await addQuickOrder(
      s.db,
      visitorCartRef({ userId: req.user?.id, sessionCartId: req.session?.cartOrderId }),
      requireChannel(res),
      lines,
      {
        locale: req.locale,
        showDiscount: req.session?.showDiscount ?? true,
        sessionId: req.sessionID ?? null,
      },
    );
    if (!result.ok) {
      const shown = await linesOf(req, res, result.verdicts);
      // The island shows every line's verdict beside the error: the error handler answers both.
      throw withDetail(
        new AppError(
          400,
          'lines_not_ready',
          req.t('quick.fixFirst'),
          Object.fromEntries(shown.filter((l) => l.status !== 'ok').map((l) => [`lines.${l.line}`, l.message])),
        ),
        resolveJson(shown),
      );
    }
    keepCartInSession(req, result.cart.orderId);
    keepCartChannel(req, requireChannel(res));
    flash(req, 'success', req.t('quick.added', { count: result.verdicts.length }));
    const cartUrl = `/${req.locale}/cart`;
    if (!wantsJson(req)) return void res.redirect(303, cartUrl);
    res.json({
      added: result.verdicts.length,
      cart: { order_id: result.cart.orderId, count: result.cart.state.count },
      redirect: cartUrl,
    });
  });

  return r;
}
