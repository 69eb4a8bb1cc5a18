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
import type { Router, NextFunction, Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { byUserOrIp, pgRateLimit } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { AppError, invalid, unauthorized } from '../../domain/errors.ts';
import { NO_COUNTRY_SELECTED } from '../../domain/checkout.ts';
import { PAYMENT_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { parseInput } from '../../http/validate.ts';
import { createRateProvider, carrierOptionsFromConfig } from '../../providers/shipping/index.ts';
import { createMapsProvider, type MapsProvider } from '../../providers/maps/index.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { bankLinkProviderOf } from '../../providers/bank/index.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { findCartId, getCart } from '../../features/cart/index.ts';
import { checkoutPageProps, paymentMethodName } from './view-model.ts';
import { checkAddress, checkCountry, createCheckoutAccount, saveCustomerInfo } from './customer-info.ts';
import { startSession } from '../../features/auth/index.ts';
import { placeOrder } from './place-order.ts';
import { offeredPaymentMethods, savedAddresses } from './queries.ts';
import {
  IdempotencyKey,
  InputError,
  parseCustomerInfo,
  PlaceOrder,
  ShippingQuery,
  ShippingSelection,
} from '../../domain/checkout-input.ts';
import { quoteShipping, selectShipping } from './shipping.ts';
import { sendConfirmation } from '../../features/orders/index.ts';
import { z } from 'zod';
import { can } from '../../http/guards.ts';
import { requireChannel } from '../../http/context.ts';
import { eppPlacementOf } from '../../features/epp/index.ts';
import { pageApiToken } from '../../http/api-token.ts';
import { invoiceMethod, invoiceOffer } from '../../features/terms/index.ts';
import { fromCents } from '../../domain/money.ts';
import { NeedsApproval, requestApproval } from '../../features/approvals/index.ts';
// Guest checkout: buying without a password.
import { guestCustomerInfo, guestPlaceCheck, finishGuestOrder, isGuestSession } from '../../features/guest/index.ts';
import { mount, route, routes } from '../../http/route.ts';

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

/** Tries one email may make at checkout's new-account step in 15 minutes. */
export const CHECKOUT_ACCOUNT_TRIES_PER_EMAIL = 5;

export type CheckoutDeps = { payments: PaymentProvider; maps: MapsProvider };

/** The providers checkout uses, built once per app from its configuration. */
export function checkoutDeps(s: Services): CheckoutDeps {
  return { payments: paymentProviderOf(s), maps: createMapsProvider({ apiKey: s.config.providers.mapsApiKey }) };
}

export function checkoutRoutes(s: Services, deps: CheckoutDeps): Router {
  const r = routes({ mergeParams: true });
  const rates = createRateProvider(s.db, carrierOptionsFromConfig(s.config));

  /** The signed-in user's cart id, or 401 / 404. */
  const cartOf = async (req: Request): Promise<{ userId: number; orderId: number }> => {
    if (!req.user) throw unauthorized();
    const orderId = await findCartId(s.db, { userId: req.user.id });
    if (orderId === null) throw new AppError(404, 'no_cart', 'Your cart is empty.');
    return { userId: req.user.id, orderId };
  };

  /** GET /{locale}/cart/checkout (and /cart/checkout, see checkoutRouting) */
  route(r, 'get', '/cart/checkout', { allow: 'public' }, checkoutPage(s, deps));

  /**
   * A visitor's customer info creates an account, and refuses an email that has one (409):
   * both are bounded per client address (config payments.checkoutAccountsPerHour) and per email
   * (5 in 15 minutes), counted in PostgreSQL, so checkout reveals no more accounts than that.
   */
  const accountLimits = [
    pgRateLimit(s.database.pool, 'checkoutaccount:ip', {
      windowMs: 60 * 60_000,
      limit: s.config.payments?.checkoutAccountsPerHour ?? 20,
      key: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
    }),
    pgRateLimit(s.database.pool, 'checkoutaccount:email', {
      windowMs: 15 * 60_000,
      limit: CHECKOUT_ACCOUNT_TRIES_PER_EMAIL,
      key: (req) =>
        String(req.body?.email ?? '')
          .trim()
          .toLowerCase() || `ip:${ipKeyGenerator(req.ip ?? '')}`,
    }),
  ];
  const newAccountLimit = (req: Request, res: Response, next: NextFunction) => {
    if (req.user) return next();
    accountLimits[0](req, res, (err?: unknown) => (err ? next(err) : accountLimits[1](req, res, next)));
  };

  /** POST /{locale}/order/customer-info */
  route(
    r,
    'post',
    '/order/customer-info',
    { allow: 'public', note: 'signs a new buyer in (a guest to a guest record); a signed-in one uses its own cart' },
    newAccountLimit,
    async (req, res) => {
      const channel = channelOf(res);
      let info;
      try {
        info = parseCustomerInfo(req.body, !!req.user);
      } catch (e) {
        if (e instanceof InputError) throw invalid(e.message, e.fields);
        throw e;
      }
      const country = info.returning ? info.newAddress?.country : info.address.country;
      if (country === '') throw invalid(NO_COUNTRY_SELECTED, { country: NO_COUNTRY_SELECTED });
      let fresh = false;
      const guest = guestCustomerInfo(req, info); // A guest's choices checked, before anything is written
      if (!info.returning) {
        if (req.user)
          throw invalid('You are signed in: choose one of your addresses or add a new one.', {
            returning: 'You are signed in.',
          });
        const cartOrderId = req.session?.cartOrderId;
        if (!cartOrderId || (await findCartId(s.db, { cartOrderId })) === null)
          throw new AppError(404, 'no_cart', 'Your cart is empty.');
        await checkAddress(s.db, info.address, 'shipping-');
        checkCountry(channel, await s.channels.all(), info.address.country);
        if (guest) {
          // No account: the guest's own record, signed in until the order is placed (src/features/guest/session.ts).
          await startSession(req, s, await guest.create(s.db));
          req.session.guest = true;
        } else {
          const userId = await createCheckoutAccount(s.auth, info, req.locale);
          await startSession(req, s, userId);
          const base = publicBase(s.config);
          await s.auth
            .requestPasswordReset(info.email, `${base}/${req.locale}/password/reset`)
            .catch((err) => req.log?.warn({ err }, 'welcome mail failed'));
        }
        fresh = true;
      }
      const { userId, orderId } = await cartOf(req);
      const result = await saveCustomerInfo(s.db, { userId, orderId, channel, channels: await s.channels.all(), info });
      const addresses = await savedAddresses(s.db, userId);
      const cart = await getCart(s.db, { userId }, channel);
      res.json({
        totals: cart ? totalsJson(cart.totals) : null,
        order_id: orderId,
        user_id: userId,
        ship_to: result.shipToId,
        bill_to: result.billToId,
        tax_exempt_id: result.taxExemptId,
        addresses: addresses.map((a) => ({
          id: a.id,
          firstName: a.firstName,
          lastName: a.lastName,
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          region: a.regionCode,
          postalcode: a.postalCode,
          country: a.countryCode,
          phone: a.phone,
        })),
        // A new account means a new session: the page's tokens change with it.
        ...(fresh ? { csrf_token: req.csrfToken(), api_token: pageApiToken(s.config.sessionSecret, req) } : {}),
      });
    },
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
  route(r, 'get', '/order/payment-methods', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    if (!req.user) throw unauthorized();
    const rows = await offeredPaymentMethods(s.db, channelOf(res).id, deps.payments.kind !== 'none');
    const invoice = await invoiceOffer(s.db, req.user.id, channelOf(res).currency); // The organisation's net terms
    res.json([
      ...rows.map((m) => ({
        method: m.method,
        label: paymentMethodName(m.method as 'card' | 'check', m.label, req.locale, req.t as never),
        payment_type: m.method === 'card' ? PAYMENT_TYPES.CARD : PAYMENT_TYPES.CHECK,
        ...(m.method === 'card' ? { provider: deps.payments.kind, tokenize_url: deps.payments.tokenizeUrl } : {}),
      })),
      ...(invoice
        ? [
            {
              method: 'invoice',
              label: invoiceMethod(invoice, req.t).label,
              payment_type: PAYMENT_TYPES.INVOICE,
              net_days: invoice.netDays,
              available: fromCents(invoice.availableCents),
            },
          ]
        : []),
    ]);
  });

  /** POST /{locale}/order/place (Idempotency-Key header) */
  route(r, 'post', '/order/place', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    if (!req.user) throw unauthorized();
    const key = parseInput(IdempotencyKey, req.get('idempotency-key'));
    const input = parseInput(PlaceOrder, req.body);
    const epp = eppPlacementOf(req.body, parseInput); // EPP: null unless the buyer pays by EPP
    if (isGuestSession(req)) guestPlaceCheck(input, !!epp); // A guest pays in full, by new card or check
    const base = publicBase(s.config);
    let result;
    try {
      result = await placeOrder(s.db, deps.payments, {
        userId: req.user.id,
        channel: channelOf(res),
        key,
        input,
        locale: req.locale,
        bank: bankLinkProviderOf(s),
        epp,
        eppAdmin: can(req.user, 'epp.admin'),
        logger: req.log,
        leaseMs: s.config.payments?.attemptLeaseMs,
      });
    } catch (e) {
      // Spending limits: over the member's limit, the cart is sent for approval (202), nothing placed.
      if (!(e instanceof NeedsApproval)) throw e;
      const { approvalId } = await requestApproval(s, {
        userId: req.user.id,
        need: e,
        input,
        locale: req.locale,
        channelId: channelOf(res).id,
        currency: channelOf(res).currency,
        base,
      });
      return void res
        .status(202)
        .json({ status: 'pending_approval', approval_id: approvalId, message: req.t('approvals.sent') });
    }
    if (!result.replayed && isGuestSession(req)) {
      // The mail offers an account; the session keeps only this order's confirmation.
      result = { ...result, body: { ...result.body, redirect: await finishGuestOrder(req, s, result.body.order_id) } };
    } else if (!result.replayed) {
      await sendConfirmation(s, result.body.order_id, req.locale, base).catch((err) =>
        req.log?.error({ err }, 'order confirmation mail failed'),
      );
    }
    res.status(result.status).set('Idempotent-Replayed', String(result.replayed)).json(result.body);
  });

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

  return r;
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

export function totalsJson(t: { subtotal: number; shipping: number; tax: number; discount: number; total: number }) {
  const m = fromCents;
  return {
    subtotal: m(t.subtotal),
    shipping: m(t.shipping),
    tax: m(t.tax),
    discount: m(t.discount),
    total: m(t.total),
  };
}
