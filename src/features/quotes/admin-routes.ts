/**
 * The back office of quotes (quotes.manage): the index, a quote's prices and quantities, and the
 * counter-offer. Registered by quoteRoutes (routes.ts), after the buyer's side.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { defaultExpiry, QUOTE_STATES, quoteState } from '../../domain/quotes.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { figuresFor } from '../orders/index.ts';
import { listQuotes, QUOTES_PAGE_SIZE } from './queries.ts';
import { AdminQuotesQuery, parseOffer, parseOfferPreview } from './schemas.ts';
import { previewOffer, sendOffer } from './service.ts';
import { nameOf, quoteJson, quoteView } from './quote-view.ts';
import { route } from '../../http/route.ts';

const ADMIN = '/admin/quotes';

type AdminLocals = ReturnType<typeof adminLocalsOf>;

export function registerQuoteBackOffice(r: Router, s: Services): void {
  const adminLocals = adminLocalsOf(s);

  route(r, 'get', ADMIN, { allow: 'quotes.manage', note: 'quote requests and counter-offers' }, adminIndex(s));

  route(r, 'get', `${ADMIN}/:quoteId`, { allow: 'quotes.manage' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.quoteId);
    const locals = await adminLocals(req, id);
    if (wantsJson(req))
      return void res.json({ ...quoteJson(locals), version: locals.order.version, buyer: locals.buyer?.email ?? null });
    await res.page('quotes/admin-show', locals);
  });

  route(
    r,
    'post',
    `${ADMIN}/:quoteId/offer`,
    { allow: 'quotes.manage', note: "prices and quantities by the order editor's rules" },
    (req, res, next) => {
      const id = Number(req.params.quoteId);
      formPage('quotes/admin-show', (rq) => adminLocals(rq, id, { values: rq.body ?? {} }))(req, res, next);
    },
    offerHandler(s, adminLocals),
  );
}

/** GET /{locale}/admin/quotes: the index, ?state= and ?page= in the URL. */
function adminIndex(s: Services) {
  return async (req: Request, res: Response) => {
    const q = AdminQuotesQuery.parse(req.query);
    const now = new Date();
    const { rows, total } = await listQuotes(s.db, { state: q.state, page: q.page }, now);
    const href = (p: number) => {
      const u = new URLSearchParams();
      if (q.state) u.set('state', q.state);
      if (p > 1) u.set('page', String(p));
      const qs = u.toString();
      return `/${req.locale}${ADMIN}${qs ? `?${qs}` : ''}`;
    };
    const view = rows.map((row) => ({
      ...row,
      state: quoteState(row, now),
      name: nameOf(row),
      href: `/${req.locale}${ADMIN}/${row.id}`,
    }));
    if (wantsJson(req))
      return void res.json({
        quotes: view.map((v) => ({
          id: v.id,
          order_id: v.orderId,
          state: v.state,
          buyer: v.email,
          total: v.total,
          currency: v.currency,
          expires_on: v.expiresOn,
        })),
        total,
        page: q.page,
      });
    await res.page('quotes/admin-index', {
      title: req.t('quotes.admin.title'),
      layout: 'layouts/admin',
      nav: 'quotes',
      state: q.state ?? '',
      states: QUOTE_STATES,
      rows: view,
      total,
      prevHref: q.page > 1 ? href(q.page - 1) : null,
      nextHref: q.page * QUOTES_PAGE_SIZE < total ? href(q.page + 1) : null,
      from: total ? (q.page - 1) * QUOTES_PAGE_SIZE + 1 : 0,
      to: Math.min(q.page * QUOTES_PAGE_SIZE, total),
    });
  };
}

/** A quote's page in the back office: the form's values are the quote's, over which what was sent. */
function adminLocalsOf(s: Services) {
  return async (req: Request, id: number, extra: Record<string, unknown> = {}) => {
    const v = await quoteView(s, id);
    const values: Record<string, string> = {
      expires_on: v.quote.state === 'offered' && v.quote.expiresOn ? v.quote.expiresOn : defaultExpiry(new Date()),
      message: '',
      version: String(v.order.version),
    };
    for (const l of v.order.lines)
      if (l.productId !== null)
        Object.assign(values, { [`price_${l.id}`]: l.unitPrice, [`quantity_${l.id}`]: String(l.quantity) });
    const sent = (extra.values ?? {}) as Record<string, string>;
    return {
      title: req.t('quotes.show.title', { id }),
      layout: 'layouts/admin',
      nav: 'quotes',
      ...v,
      fields: {},
      figuresFor: figuresFor({ t: req.t as never, locale: req.locale }),
      ...extra,
      values: { ...values, ...sent },
    };
  };
}

/** POST /{locale}/admin/quotes/{id}/offer: "Update totals" previews, else the counter-offer is sent. */
function offerHandler(s: Services, adminLocals: AdminLocals) {
  return async (req: Request, res: Response) => {
    const id = parseInput(IdParam, req.params.quoteId);
    const v = await quoteView(s, id);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const lineIds = v.order.lines.filter((l) => l.productId !== null).map((l) => l.id);
    if (body.intent === 'preview') {
      // "Update totals": the figures the counter-offer would have, nothing saved or sent.
      const order = await previewOffer(s, id, parseOfferPreview(body, lineIds));
      if (wantsJson(req))
        return void res.json({
          quote_id: id,
          currency: order?.currency,
          totals: order && {
            subtotal: order.subtotal,
            discount: order.discount,
            shipping: order.shipping,
            tax: order.tax,
            total: order.total,
          },
        });
      const locals = await adminLocals(req, id, { values: body });
      return void (await res.page('quotes/admin-show', { ...locals, order: order ?? locals.order, previewed: true }));
    }
    const form = parseOffer(body, lineIds, new Date());
    const out = await sendOffer(s, req.user!, id, form, publicBase(s.config));
    if (wantsJson(req))
      return void res.json({
        quote_id: id,
        state: 'offered',
        expires_on: form.expiresOn,
        total: out.total,
        currency: out.currency,
      });
    flash(req, 'success', req.t('quotes.offerSent'));
    res.redirect(303, `/${req.locale}${ADMIN}/${id}`);
  };
}
