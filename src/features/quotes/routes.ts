/**
 * Quotes. The buyer's side (signed in; only their own quotes, 404 otherwise):
 *   GET  /{locale}/account/quotes                    their quotes
 *   GET  /{locale}/account/quotes/new                the request form: the cart and a message
 *   POST /{locale}/account/quotes                    the cart becomes a quote request
 *   GET  /{locale}/account/quotes/{id}               the quote: lines, conversation, accept / reject
 *   POST /{locale}/account/quotes/{id}/accept        placed at the quoted prices (before expiry)
 *   POST /{locale}/account/quotes/{id}/reject        with a message
 * The back office (quotes.manage):
 *   GET  /{locale}/admin/quotes                      index, ?state= and ?page= in the URL
 *   GET  /{locale}/admin/quotes/{id}                 the quote: prices and quantities to change
 *   POST /{locale}/admin/quotes/{id}/offer           send the counter-offer (expiry day, message)
 * Who may reach them: each route's own declaration (route(…, { allow }): src/http/route.ts).
 */
import { figuresFor } from '../orders/index.ts';
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { notFound } from '../../domain/errors.ts';
import {
  answerRefusal,
  canOffer,
  defaultExpiry,
  mayAnswerQuote,
  QUOTE_STATES,
  quoteState,
} from '../../domain/quotes.ts';
import { flash, requireChannel } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { getCart, localizeCart } from '../cart/index.ts';
import { listQuotes, messagesOf, quoteById, quoteOrder, QUOTES_PAGE_SIZE, quotesOfBuyer, userOf } from './queries.ts';
import { AcceptForm, AdminQuotesQuery, MessageForm, parseOffer, parseOfferPreview } from './schemas.ts';
import { acceptQuote, type Answerer, previewOffer, rejectQuote, requestQuote, sendOffer } from './service.ts';
import type { CurrentUser } from '../../http/types.ts';
import { route, routes } from '../../http/route.ts';

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || '';

/** The buyer's side of a signed-in user: their organisation's approver when they hold organisation.users. */
const answererOf = (u: CurrentUser): Answerer => ({
  id: u.id,
  email: u.email,
  organisationId: u.organisationId,
  approver: u.permissions.has('organisation.users'),
});

/** Everything a quote page shows (either side); 404 when absent or, on the buyer's side, neither theirs nor their organisation's as its approver. */
async function quoteView(s: Services, quoteId: number, viewer?: Answerer) {
  const q = await quoteById(s.db, quoteId);
  if (!q || (viewer !== undefined && !mayAnswerQuote(q, viewer))) throw notFound();
  const [order, messages, buyer] = await Promise.all([
    quoteOrder(s.db, q.orderId),
    messagesOf(s.db, q.id),
    userOf(s.db, q.requestedBy),
  ]);
  if (!order) throw notFound();
  const now = new Date();
  return {
    quote: {
      ...q,
      state: quoteState(q, now),
      canAccept: answerRefusal(q, now, 'accept') === null,
      canReject: answerRefusal(q, now, 'reject') === null,
      canOffer: canOffer(q.status),
    },
    order,
    messages: messages.map((m) => ({ ...m, name: nameOf(m) })),
    buyer: buyer ? { ...buyer, name: nameOf(buyer) } : null,
  };
}

const quoteJson = (v: Awaited<ReturnType<typeof quoteView>>) => ({
  id: v.quote.id,
  order_id: v.order.id,
  state: v.quote.state,
  expires_on: v.quote.expiresOn,
  currency: v.order.currency,
  totals: {
    subtotal: v.order.subtotal,
    discount: v.order.discount,
    shipping: v.order.shipping,
    tax: v.order.tax,
    total: v.order.total,
  },
  lines: v.order.lines
    .filter((l) => l.productId !== null)
    .map((l) => ({
      id: l.id,
      title: l.title,
      stockcode: l.stockcode,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      total: l.total,
    })),
  messages: v.messages.map((m) => ({ author: m.author, kind: m.kind, body: m.body, created_at: m.createdAt })),
});

export function quoteRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const ACCOUNT = '/account/quotes';
  const ADMIN = '/admin/quotes';

  // ---------------------------------------------------------------- the buyer

  const newLocals = async (
    req: Request,
    res: Parameters<typeof requireChannel>[0],
    extra: Record<string, unknown> = {},
  ) => {
    const cart = localizeCart(
      await getCart(s.db, { userId: req.user!.id }, requireChannel(res)),
      await s.catalogText.forLocale(req.locale),
    );
    return { title: req.t('quotes.new.title'), cart, values: {}, fields: {}, ...extra };
  };

  route(r, 'get', ACCOUNT, { allow: 'signed-in', note: 'own quotes only' }, async (req, res) => {
    const now = new Date();
    const me = answererOf(req.user!);
    const rows = (await quotesOfBuyer(s.db, me.id, me.approver ? me.organisationId : null)).map((q) => ({
      ...q,
      state: quoteState(q, now),
      name: nameOf(q),
      mine: q.requestedBy === me.id,
    }));
    if (wantsJson(req))
      return void res.json({
        quotes: rows.map((q) => ({
          id: q.id,
          order_id: q.orderId,
          state: q.state,
          total: q.total,
          currency: q.currency,
          expires_on: q.expiresOn,
        })),
      });
    await res.page('quotes/index', { title: req.t('quotes.title'), rows });
  });

  route(r, 'get', `${ACCOUNT}/new`, { allow: 'signed-in', note: 'the own cart' }, async (req, res) => {
    await res.page('quotes/new', await newLocals(req, res));
  });

  route(
    r,
    'post',
    ACCOUNT,
    { allow: 'signed-in', note: 'the own cart becomes a quote request' },
    (req, res, next) => formPage('quotes/new', (rq) => newLocals(rq, res, { values: rq.body ?? {} }))(req, res, next),
    async (req, res) => {
      const { message } = parseInput(MessageForm, req.body);
      const { quoteId, orderId } = await requestQuote(s, req.user!, {
        locale: req.locale,
        message,
        base: publicBase(s.config),
      });
      if (wantsJson(req))
        return void res.status(201).json({ quote_id: quoteId, order_id: orderId, state: 'requested' });
      flash(req, 'success', req.t('quotes.requested'));
      res.redirect(303, `/${req.locale}${ACCOUNT}/${quoteId}`);
    },
  );

  const showLocals = async (req: Request, id: number, extra: Record<string, unknown> = {}) => ({
    title: req.t('quotes.show.title', { id }),
    ...(await quoteView(s, id, answererOf(req.user!))),
    me: req.user!.id,
    values: {},
    fields: {},
    figuresFor: figuresFor({ t: req.t as never, locale: req.locale }),
    ...extra,
  });

  route(r, 'get', `${ACCOUNT}/:quoteId`, { allow: 'signed-in', note: 'own quote; 404 otherwise' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.quoteId);
    const locals = await showLocals(req, id);
    if (wantsJson(req)) return void res.json(quoteJson(locals));
    await res.page('quotes/show', locals);
  });

  const answerPage = (req: Request, res: Parameters<typeof requireChannel>[0], next: () => void) => {
    const id = Number(req.params.quoteId);
    formPage('quotes/show', (rq) => showLocals(rq, id, { values: rq.body ?? {} }))(req, res as never, next);
  };

  route(
    r,
    'post',
    `${ACCOUNT}/:quoteId/accept`,
    { allow: 'signed-in', note: 'own quote; 404 otherwise' },
    answerPage,
    async (req, res) => {
      const id = parseInput(IdParam, req.params.quoteId);
      const { message } = parseInput(AcceptForm, req.body);
      const { orderId, total } = await acceptQuote(s, answererOf(req.user!), id, message, publicBase(s.config));
      if (wantsJson(req)) return void res.json({ quote_id: id, state: 'accepted', order_id: orderId, total });
      flash(req, 'success', req.t('quotes.accepted', { id: orderId }));
      res.redirect(303, `/${req.locale}/orders/${orderId}`);
    },
  );

  route(
    r,
    'post',
    `${ACCOUNT}/:quoteId/reject`,
    { allow: 'signed-in', note: 'own quote; 404 otherwise' },
    answerPage,
    async (req, res) => {
      const id = parseInput(IdParam, req.params.quoteId);
      const { message } = parseInput(MessageForm, req.body);
      await rejectQuote(s, answererOf(req.user!), id, message, publicBase(s.config));
      if (wantsJson(req)) return void res.json({ quote_id: id, state: 'rejected' });
      flash(req, 'success', req.t('quotes.rejectedFlash'));
      res.redirect(303, `/${req.locale}${ACCOUNT}/${id}`);
    },
  );

  // ---------------------------------------------------------------- the back office

  route(r, 'get', ADMIN, { allow: 'quotes.manage', note: 'quote requests and counter-offers' }, async (req, res) => {
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
  });

  const adminLocals = async (req: Request, id: number, extra: Record<string, unknown> = {}) => {
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
    async (req, res) => {
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
    },
  );

  return r;
}
