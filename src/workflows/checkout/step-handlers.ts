/**
 * The handlers of checkout's steps that do more than answer one query: the customer info (which
 * may create an account or a guest record), the payment methods on offer, and placing the order.
 * Mounted with their access rules by checkoutRoutes (routes.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { pgRateLimit } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { AppError, invalid, unauthorized } from '../../domain/errors.ts';
import { NO_COUNTRY_SELECTED } from '../../domain/checkout.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { parseInput } from '../../http/validate.ts';
import type { MapsProvider } from '../../providers/maps/index.ts';
import { bankLinkProviderOf } from '../../providers/bank/index.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { findCartId, getCart } from '../../features/cart/index.ts';
import { paymentMethodName } from './view-model.ts';
import { checkAddress, checkCountry, createCheckoutAccount, saveCustomerInfo } from './customer-info.ts';
import { startSession } from '../../features/auth/index.ts';
import { placeOrder } from './place-order.ts';
import { offeredPaymentMethods, savedAddresses } from './queries.ts';
import {
  type CustomerInfo,
  IdempotencyKey,
  InputError,
  parseCustomerInfo,
  PlaceOrder,
} from '../../domain/checkout-input.ts';
import { sendConfirmation } from '../../features/orders/index.ts';
import { can } from '../../http/guards.ts';
import { requireChannel } from '../../http/context.ts';
import { eppPlacementOf } from '../../features/epp/index.ts';
import { pageApiToken } from '../../http/api-token.ts';
import { invoiceMethod, invoiceOffer } from '../../features/terms/index.ts';
import { fromCents } from '../../domain/money.ts';
import { NeedsApproval, requestApproval } from '../../features/approvals/index.ts';
// Guest checkout: buying without a password.
import { guestCustomerInfo, guestPlaceCheck, finishGuestOrder, isGuestSession } from '../../features/guest/index.ts';

/** The visitor's channel, by the one missing-channel policy (src/http/context.ts requireChannel). */
const channelOf = requireChannel;

/** Tries one email may make at checkout's new-account step in 15 minutes. */
export const CHECKOUT_ACCOUNT_TRIES_PER_EMAIL = 5;

export type CheckoutDeps = { payments: PaymentProvider; maps: MapsProvider };

export type CartOf = (req: Request) => Promise<{ userId: number; orderId: number }>;

/** The signed-in user's cart id, or 401 / 404. */
export function cartOfUser(s: Services): CartOf {
  return async (req) => {
    if (!req.user) throw unauthorized();
    const orderId = await findCartId(s.db, { userId: req.user.id });
    if (orderId === null) throw new AppError(404, 'no_cart', 'Your cart is empty.');
    return { userId: req.user.id, orderId };
  };
}

/**
 * A visitor's customer info creates an account, and refuses an email that has one (409):
 * both are bounded per client address (config payments.checkoutAccountsPerHour) and per email
 * (5 in 15 minutes), counted in PostgreSQL, so checkout reveals no more accounts than that.
 */
export function newAccountLimit(s: Services) {
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
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.user) return next();
    accountLimits[0](req, res, (err?: unknown) => (err ? next(err) : accountLimits[1](req, res, next)));
  };
}

/** A new buyer's info: checked against the visitor's cart, then signed in as a guest or a new account. */
async function signInNewBuyer(
  req: Request,
  res: Response,
  s: Services,
  info: Extract<CustomerInfo, { returning: false }>,
  guest: ReturnType<typeof guestCustomerInfo>,
): Promise<void> {
  const channel = channelOf(res);
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
}

/** POST /{locale}/order/customer-info */
export function customerInfoHandler(s: Services, cartOf: CartOf) {
  return async (req: Request, res: Response) => {
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
      await signInNewBuyer(req, res, s, info, guest);
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
  };
}

/** GET /{locale}/order/payment-methods */
export function paymentMethodsHandler(s: Services, deps: CheckoutDeps) {
  return async (req: Request, res: Response) => {
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
  };
}

/** POST /{locale}/order/place (Idempotency-Key header) */
export function placeOrderHandler(s: Services, deps: CheckoutDeps) {
  return async (req: Request, res: Response) => {
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
