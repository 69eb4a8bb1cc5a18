/**
 * The cart (spec §7 "Channel and cart"), under /{locale}/:
 *   POST   /cart/add/inline          add a product (priced by the server) → {product_id, quantity, cart, html}
 *   GET    /cart                     the cart page
 *   GET    /cart/synchronize         the cart state as JSON
 *   POST   /cart/viewdiscounts       showDiscount 1|0
 *   PUT    /cart/{line_item_id}      quantity (clamped 1..999) — also POST with _method=put
 *   DELETE /cart/{line_item_id}      remove a line — also POST with _method=delete
 * and the hooks the app calls: sign-in (merge the anonymous cart), channel change (re-price),
 * page locals (the header's cart count).
 */
import { withBackorderNotes } from './backorders.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import { formatMoney } from '../../domain/money.ts';
import type { ChannelInfo } from '../channels/index.ts';
import { keepCartChannel, keepCartInSession, requireChannel } from '../../http/context.ts';
import { cartBadge, findCartId, visitorCartRef } from './queries.ts';
import { parseAdd, parseLineId, parseQuantityBody, parseShowDiscount } from './schemas.ts';
import { addLine, getCart, setShowDiscount, type CartRef } from './service.ts';
import { removeLine, updateQuantity } from './line-edits.ts';
import { mergeAnonymousIntoUser } from './merge.ts';
import { repriceForChannel, settleCartChannel } from './reprice.ts';
import { cartPageProps, deleteJson, putJson, syncJson } from './view-model.ts';
import { localizeCart } from './localize.ts';
import { eppIslandProps } from '../../domain/epp-labels.ts';
import { latestApprovalOf } from '../approvals/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { route, routes } from '../../http/route.ts';
import { customerFit } from '../machines/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const refOf = (req: Request): CartRef =>
  visitorCartRef({ userId: req.user?.id, sessionCartId: req.session?.cartOrderId });
const channelOf = requireChannel;
const showDiscountOf = (req: Request) => req.session?.showDiscount ?? true;

export function cartRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // Another engineer's partial; included only when it exists (checked once, at startup).
  const hasEstimate = existsSync(path.join(root, 'views/shipping/estimate.ejs'));

  // Spending limits: a signed-in member's cart waiting for approval refuses every write
  // (409): add, quantity and removal check it in their own transaction, under the cart's lock
  // (service.ts; the cart's one read says it).

  /** POST /{locale}/cart/add/inline */
  route(r, 'post', '/cart/add/inline', { allow: 'public', note: "the visitor's own cart" }, addInline(s));

  /** GET /{locale}/cart */
  route(r, 'get', '/cart', { allow: 'public', note: "the visitor's own cart" }, cartPage(s, hasEstimate));

  /** GET /{locale}/cart/synchronize */
  route(r, 'get', '/cart/synchronize', { allow: 'public', note: "the visitor's own cart" }, async (req, res) => {
    const channel = channelOf(res);
    const names = await s.catalogText.forLocale(req.locale);
    const state = await withBackorderNotes(
      s.db,
      localizeCart(await getCart(s.db, refOf(req), channel), names),
      req.locale,
      req.t,
    );
    res.json(
      syncJson(state, {
        currency: channel.currency,
        currencyId: channel.currencyId,
        showDiscount: showDiscountOf(req),
      }),
    );
  });

  /** POST /{locale}/cart/viewdiscounts */
  route(r, 'post', '/cart/viewdiscounts', { allow: 'public' }, async (req, res) => {
    const show = parseShowDiscount(req.body);
    req.session.showDiscount = show;
    await setShowDiscount(s.db, refOf(req), show);
    res.json({ showDiscount: show ? 1 : 0 });
  });

  const update = async (req: Request, res: Response) =>
    void res.json(await setLineQuantity(s, askedBy(req, res), req.params.lineId, req.body));
  const remove = async (req: Request, res: Response) =>
    void res.json(await removeCartLine(s, askedBy(req, res), req.params.lineId));

  /** PUT /{locale}/cart/{line_item_id} */
  route(r, 'put', '/cart/:lineId', { allow: 'public', note: "a line of the visitor's own cart" }, update);
  /** DELETE /{locale}/cart/{line_item_id} */
  route(r, 'delete', '/cart/:lineId', { allow: 'public', note: "a line of the visitor's own cart" }, remove);
  /** POST /{locale}/cart/{line_item_id} with _method=put|delete (forms and the spec's method override) */
  route(r, 'post', '/cart/:lineId', { allow: 'public', note: "a line of the visitor's own cart" }, async (req, res) => {
    const method = String((req.body as { _method?: unknown } | undefined)?._method ?? '').toLowerCase();
    if (method === 'put') return update(req, res);
    if (method === 'delete') return remove(req, res);
    throw new AppError(405, 'method_not_allowed', 'Use PUT or DELETE (or _method=put|delete).');
  });

  return r;
}

/** POST /{locale}/cart/add/inline: the line added, with the cart's figures and the added-to-cart HTML. */
function addInline(s: Services) {
  return async (req: Request, res: Response) => {
    const channel = channelOf(res);
    const input = parseAdd(
      req.body,
      req.is('application/x-www-form-urlencoded') ? (req as { rawForm?: string }).rawForm : undefined,
    );
    if (input.currency && input.currency.toUpperCase() !== channel.currency) {
      const message = req.t('cart.error.currency');
      throw invalid(message, { currency: message }, 'currency');
    }
    const result = await addLine(s.db, refOf(req), channel, input, {
      locale: req.locale,
      showDiscount: showDiscountOf(req),
      sessionId: req.sessionID ?? null,
    });
    keepCartInSession(req, result.orderId);
    keepCartChannel(req, channel);
    const names = await s.catalogText.forLocale(req.locale);
    const state = localizeCart(result.state, names);
    const sync = syncJson(state, state);
    const line = sync.line_items.find((l) => l.order_line_item_id === result.lineId)!;
    const money = (c: number) => formatMoney(c, result.state.currency, req.locale);
    const html = await renderPartial(res, 'cart/added', {
      title: names.product(result.priced.productId, result.priced.title),
      image: result.priced.image,
      stockcode: result.priced.stockcode,
      quantity: result.added,
      lineQuantity: result.lineQuantity,
      linePrice: money(result.priced.unitCents * result.added),
      cartHref: `/${req.locale}/cart`,
    });
    res.json({
      product_id: result.priced.productId,
      quantity: result.added,
      cart: { subtotal: sync.totals.subtotal, count: sync.count, total: sync.totals.total, currency: sync.currency },
      line: {
        order_line_item_id: line.order_line_item_id,
        stockcode: line.stockcode,
        quantity: line.quantity,
        unit_price: line.unit_price,
        total: line.total,
      },
      html,
    });
  };
}

/** GET /{locale}/cart: the cart island, with the approval it waits for and the EPP preview. */
function cartPage(s: Services, hasEstimate: boolean) {
  return async (req: Request, res: Response) => {
    const channel = channelOf(res);
    // Reading the cart writes nothing: promotions are recomputed by the writes that change the cart.
    const names = await s.catalogText.forLocale(req.locale);
    const state = await withBackorderNotes(
      s.db,
      localizeCart(await getCart(s.db, refOf(req), channel), names),
      req.locale,
      req.t,
    );
    const showDiscount = state?.showDiscount ?? showDiscountOf(req);
    // The spec's refresh marker (§4): the island updates every price itself, so the page reloads
    // after a discount toggle only when asked to (?refresh=1), e.g. by a page embedding server-rendered prices.
    const refresh = req.query.refresh === '1';
    res.locals.cartCount = state?.count ?? 0;
    // Spending limits: a cart waiting for approval, or just rejected with the approver's reason
    // (a request the member withdrew shows nothing: the flash says so right after).
    const [approval, fit] = await Promise.all([
      req.user && state ? latestApprovalOf(s.db, state.orderId) : undefined,
      customerFit(
        s.db,
        state?.lines.length ? req.user?.id : undefined,
        (state?.lines ?? []).flatMap((l) => (l.productId === null ? [] : [l.productId])),
      ),
    ]);
    res.locals.cartLocked = approval?.status === 'pending';
    await res.page('cart/index', {
      approval: approval && (approval.status === 'pending' || approval.status === 'rejected') ? approval : null,
      title: req.t('cart.title'),
      cart: state,
      // Lines whose part fits none of the signed-in customer's machines (a warning; they stay orderable).
      fitWarnings: (state?.lines ?? []).filter((l) => l.productId !== null && fit.of(l.productId).fitsNone),
      hasEstimate,
      refresh,
      props: cartPageProps(state, {
        locale: req.locale,
        currency: channel.currency,
        currencyId: channel.currencyId,
        showDiscount,
        refresh,
        t: req.t as never,
        locked: approval?.status === 'pending',
      }),
      // The EPP preview: the cart's own figures, before shipping and tax.
      epp: state
        ? eppIslandProps({
            locale: req.locale,
            currency: channel.currency,
            t: req.t as never,
            source: { orderId: state.orderId, subtotalOnly: true },
            mode: 'preview',
          })
        : null,
    });
  };
}

/** Whose cart a line write is on, in which channel, answered in which language. */
type Asker = { locale: Locale; ref: CartRef; channel: ChannelInfo };
const askedBy = (req: Request, res: Response): Asker => ({
  locale: req.locale as Locale,
  ref: refOf(req),
  channel: channelOf(res),
});

/** PUT /{locale}/cart/{line_item_id}: the quantity, clamped. */
async function setLineQuantity(s: Services, who: Asker, lineIdParam: unknown, body: unknown) {
  return quantityJson(s, who, await writeQuantity(s, who, lineIdParam, body));
}
/** The PUT's validation and write (one transaction); what the answer reads. */
async function writeQuantity(s: Services, who: Asker, lineIdParam: unknown, body: unknown) {
  const lineId = parseLineId(lineIdParam);
  const quantity = parseQuantityBody(body);
  return { lineId, result: await updateQuantity(s.db, who.ref, who.channel, lineId, quantity) };
}
/** The PUT's answer, after the commit. */
async function quantityJson(s: Services, who: Asker, w: Awaited<ReturnType<typeof writeQuantity>>) {
  const names = await s.catalogText.forLocale(who.locale);
  return putJson(
    await withBackorderNotes(s.db, localizeCart(w.result.state, names), who.locale, s.texts.forLocale(who.locale)),
    w.lineId,
    w.result.lastQuantity,
  );
}

/** DELETE /{locale}/cart/{line_item_id}. */
async function removeCartLine(s: Services, who: Asker, lineIdParam: unknown) {
  return removalJson(s, who, await writeRemoval(s, who, lineIdParam));
}
/** The DELETE's validation and write (one transaction). */
async function writeRemoval(s: Services, who: Asker, lineIdParam: unknown) {
  return removeLine(s.db, who.ref, who.channel, parseLineId(lineIdParam));
}
/** The DELETE's answer, after the commit. */
async function removalJson(s: Services, who: Asker, result: Awaited<ReturnType<typeof writeRemoval>>) {
  const state = localizeCart(result.state, await s.catalogText.forLocale(who.locale));
  return deleteJson(
    await withBackorderNotes(s.db, state, who.locale, s.texts.forLocale(who.locale)),
    result.lastQuantity,
  );
}

/**
 * The cart's hooks, wired by the composition root (src/app.ts): merge at sign-in, re-price at a
 * channel switch, the header count on every page.
 */
export function cartHooks(
  s: Pick<Services, 'db' | 'channels'>,
): Pick<Services, 'onSignIn' | 'onChannelChange' | 'pageLocals'> {
  return {
    onSignIn: async (req, userId) => {
      const anonymous = req.session.cartOrderId;
      const channel =
        (req.res?.locals.channel as ChannelInfo | undefined) ?? (await s.channels.byCode(req.session.channelCode));
      if (anonymous && channel) await mergeAnonymousIntoUser(s.db, anonymous, userId, channel);
      delete req.session.cartOrderId;
      // The member's cart (from this visit or an earlier one) is priced in this channel now, at sign-in
      // (a POST), and keeps it: their pages never re-price it on a GET.
      const cartId = channel ? await findCartId(s.db, { userId }) : null;
      if (channel && cartId !== null) {
        // A cart waiting for approval keeps its channel, and the visitor's session follows it.
        const inChannel = await settleCartChannel(s.db, cartId, channel, !anonymous);
        keepCartChannel(req, (await s.channels.all()).find((c) => c.id === inChannel) ?? channel);
      }
    },
    onChannelChange: async (req, code) => {
      const channel = await s.channels.byCode(code);
      if (!channel) return;
      const id = await findCartId(s.db, refOf(req));
      if (id !== null) await repriceForChannel(s.db, id, channel);
    },
    pageLocals: async (req, res) => {
      // The count, and whether the cart waits for an approver (the header then offers no Checkout).
      const badge = await cartBadge(s.db, refOf(req));
      res.locals.cartCount = badge.count;
      res.locals.cartLocked = badge.locked;
    },
  };
}

function renderPartial(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) =>
    res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? ''))),
  );
}
