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
import { quoteState } from '../../domain/quotes.ts';
import { flash, requireChannel } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { getCart, localizeCart } from '../cart/index.ts';
import { quotesOfBuyer } from './queries.ts';
import { AcceptForm, MessageForm } from './schemas.ts';
import { acceptQuote, type Answerer, rejectQuote, requestQuote } from './service.ts';
import type { CurrentUser } from '../../http/types.ts';
import { route, routes } from '../../http/route.ts';
import { nameOf, quoteJson, quoteView } from './quote-view.ts';
import { registerQuoteBackOffice } from './admin-routes.ts';

const ACCOUNT = '/account/quotes';

/** The buyer's side of a signed-in user: their organisation's approver when they hold organisation.users. */
const answererOf = (u: CurrentUser): Answerer => ({
  id: u.id,
  email: u.email,
  organisationId: u.organisationId,
  approver: u.permissions.has('organisation.users'),
});

export function quoteRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  registerQuoteRequests(r, s);
  registerQuoteAnswers(r, s);
  registerQuoteBackOffice(r, s);
  return r;
}

/** The buyer's quotes, the request form and the request itself. */
function registerQuoteRequests(r: Router, s: Services): void {
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
}

/** The buyer's quote, and their answer to its offer. */
function registerQuoteAnswers(r: Router, s: Services): void {
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
}
