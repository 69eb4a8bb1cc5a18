/**
 * Checkout (spec §2 /cart/checkout, §4 "Checkout", §7 "Checkout"), under /{locale}/:
 *   GET  /cart/checkout                 the tabbed checkout island (also unprefixed /cart/checkout)
 *   POST /order/customer-info           step 1 (the spec's form fields)
 *   GET  /order/shipping-method         step 2: per-warehouse quotes (?addressId=)
 *   POST /order/shipping-method         step 2: order_id, selected_methods, preferredName
 *   GET  /order/payment-methods         step 3: the channel's methods
 *   POST /order/place                   place the order (Idempotency-Key header); 202 when sent for approval
 *   GET  /address/places, /address/places/{id}   places autocomplete (maps provider)
 */
import type { Router, Request, Response } from 'express';
import { byUserOrIp, pgRateLimit } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { parseInput } from '../../http/validate.ts';
import { createRateProvider, carrierOptionsFromConfig } from '../../providers/shipping/index.ts';
import { createMapsProvider } from '../../providers/maps/index.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { getCart } from '../../features/cart/index.ts';
import { checkoutPageProps } from './view-model.ts';
import { ShippingQuery, ShippingSelection } from '../../domain/checkout-input.ts';
import { quoteShipping, selectShipping } from './shipping.ts';
import { z } from 'zod';
import { requireChannel } from '../../http/context.ts';
import { fromCents } from '../../domain/money.ts';
import { isGuestSession } from '../../features/guest/index.ts';
import { mount, route, routes } from '../../http/route.ts';
import { machineDownRoute } from './machine-down.ts';
import { splitShipmentRoute } from './split-shipment.ts';
import {
  type CheckoutDeps,
  cartOfUser,
  customerInfoHandler,
  newAccountLimit,
  paymentMethodsHandler,
  placeOrderHandler,
  totalsJson,
} from './step-handlers.ts';

export { CHECKOUT_ACCOUNT_TRIES_PER_EMAIL, type CheckoutDeps, totalsJson } from './step-handlers.ts';

/** The visitor's channel, by the one missing-channel policy (src/http/context.ts requireChannel). */
const channelOf = requireChannel;

const PlacesQuery = z.object({
  q: z.string().trim().min(3, 'Type at least 3 characters.').max(200),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** The providers checkout uses, built once per app from its configuration. */
export function checkoutDeps(s: Services): CheckoutDeps {
  return { payments: paymentProviderOf(s), maps: createMapsProvider({ apiKey: s.config.providers.mapsApiKey }) };
}

export function checkoutRoutes(s: Services, deps: CheckoutDeps): Router {
  const r = routes({ mergeParams: true });
  const rates = createRateProvider(s.db, carrierOptionsFromConfig(s.config));
  const cartOf = cartOfUser(s);

  /** GET /{locale}/cart/checkout (and /cart/checkout, see checkoutRouting) */
  route(r, 'get', '/cart/checkout', { allow: 'public' }, checkoutPage(s, deps));

  /** POST /{locale}/order/customer-info */
  route(
    r,
    'post',
    '/order/customer-info',
    { allow: 'public', note: 'signs a new buyer in (a guest to a guest record); a signed-in one uses its own cart' },
    newAccountLimit(s),
    customerInfoHandler(s, cartOf),
  );

  /** GET /{locale}/order/shipping-method?addressId= */
  route(r, 'get', '/order/shipping-method', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    const { addressId } = parseInput(ShippingQuery, req.query);
    const { userId, orderId } = await cartOf(req);
    const channels = await s.channels.all();
    const currencyRates = Object.fromEntries(channels.map((c) => [c.currency, c.midMarketRate]));
    // Product names in the visitor's language, as the summary beside them shows them.
    const names = await s.catalogText.forLocale(req.locale);
    res.json(
      await quoteShipping(s.db, rates, {
        userId,
        orderId,
        addressId,
        channel: channelOf(res),
        currencyRates,
        titleOf: (l) => names.product(l.productId, l.title),
      }),
    );
  });

  /** POST /{locale}/order/shipping-method */
  route(r, 'post', '/order/shipping-method', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    const body = parseInput(ShippingSelection, req.body);
    const { userId, orderId } = await cartOf(req);
    if (body.order_id !== orderId)
      throw invalid('That is not your open order.', { order_id: 'That is not your open order.' });
    const result = await selectShipping(s.db, {
      userId,
      orderId,
      quoteIds: body.selected_methods,
      preferredName: body.preferredName,
      channelId: channelOf(res).id,
    });
    const cart = await getCart(s.db, { userId }, channelOf(res));
    // promotions: each by name with what it took off (a free-shipping one's share of shipping included), for a named discount row.
    res.json({
      order_id: orderId,
      selected_methods: result.quoteIds,
      selections: result.selections,
      totals: cart ? totalsJson(cart.totals) : null,
      promotions: (cart?.promotions ?? []).map((p) => ({ name: p.name, amount: fromCents(p.valueCents) })),
    });
  });

  /** GET /{locale}/order/payment-methods */
  route(r, 'get', '/order/payment-methods', { allow: 'signed-in', note: 'own cart' }, paymentMethodsHandler(s, deps));

  /** POST /{locale}/order/place (Idempotency-Key header) */
  route(r, 'post', '/order/place', { allow: 'signed-in', note: 'own cart' }, placeOrderHandler(s, deps));

  /** POST /{locale}/order/machine-down: the fastest shipping per warehouse, served first */
  machineDownRoute(r, s, rates, cartOf);

  /** POST /{locale}/order/split-shipment: back-ordered units ship later, or everything together */
  splitShipmentRoute(r, s, cartOf);

  registerAddressPlaces(r, deps);
  return r;
}

/** The places autocomplete the address forms ask (the maps provider). */
function registerAddressPlaces(r: Router, deps: CheckoutDeps): void {
  /** GET /{locale}/address/places?q=&country= → [{id, description}] (offline: always []) */
  route(r, 'get', '/address/places', { allow: 'public' }, async (req, res) => {
    const q = parseInput(PlacesQuery, req.query);
    res.json(await deps.maps.autocomplete({ query: q.q, country: q.country }));
  });

  /** GET /{locale}/address/places/{id} → {components} for filling the form */
  route(r, 'get', '/address/places/:placeId', { allow: 'public' }, async (req, res) => {
    const id = parseInput(z.object({ placeId: z.string().trim().min(1).max(300) }), req.params).placeId;
    const components = await deps.maps.details(id);
    if (!components) throw new AppError(404, 'not_found', 'Not found.');
    res.json({ components });
  });
}

/**
 * Unprefixed /payments: the card provider's own endpoints (the tokeniser), each card bounded per
 * signed-in user or client address (config payments.cardTokensPer10Min, in PostgreSQL),
 * so the tokeniser cannot be used to test stolen card numbers at speed.
 */
export function paymentProviderRoutes(s: Services, deps: CheckoutDeps): Router {
  const r = routes();
  route(
    r,
    'post',
    '/tokens',
    { allow: 'public', note: "the card provider's tokenizer, rate limited per user or address" },
    pgRateLimit(s.database.pool, 'cardtokens', {
      windowMs: 10 * 60_000,
      limit: s.config.payments?.cardTokensPer10Min ?? 30,
      key: byUserOrIp,
    }),
  );
  mount(r, deps.payments.router());
  return r;
}

/** The checkout page: an empty cart and an anonymous visitor get a clear page, never a broken island. */
export function checkoutPage(s: Services, deps: CheckoutDeps) {
  return async (req: Request, res: Response) => {
    const channel = channelOf(res);
    const ref = req.user ? { userId: req.user.id } : { cartOrderId: req.session?.cartOrderId ?? null };
    const cart = await getCart(s.db, ref, channel, {});
    const hasLines = !!cart && cart.lines.some((l) => l.lineType !== LINE_TYPES.PROMOTION);
    res.locals.cartCount = cart?.count ?? 0;
    if (!hasLines) return void (await res.page('checkout/empty', { title: req.t('checkout.title') }));
    if (!req.user && req.query.new !== '1' && req.query.guest !== '1') {
      const back = `/${req.locale}/cart/checkout`;
      if (req.session.returnTo !== back) req.session.returnTo = back; // sign-in comes back here
      return void (await res.page('checkout/choose', { title: req.t('checkout.title') }));
    }
    // A guest (chosen on the page before, or already checking out as one) gets the guest form.
    const guest = req.user ? isGuestSession(req) : req.query.guest === '1';
    const props = await checkoutPageProps(s, { req, res, channel, cart: cart!, payments: deps.payments, guest });
    await res.page('checkout/index', { title: req.t('checkout.title'), props });
  };
}
