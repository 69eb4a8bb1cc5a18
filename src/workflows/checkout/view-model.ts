/** Rows → the checkout island's props (src/domain/checkout-props.ts shapes; money as 2-decimal strings). */
import type { Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { sortCountries } from '../../domain/countries.ts';
import { localCountries, localRegions } from '../../domain/place-names.ts';
import type { CheckoutProps } from '../../domain/checkout-props.ts';
import { BIZ_TYPES } from '../../domain/checkout.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { en as checkoutText } from '../../i18n/text/checkout.ts';
import { type ChannelInfo, listCountries, listRegions } from '../../features/channels/index.ts';
import { type CartState, localizeCart } from '../../features/cart/index.ts';
import {
  cartOrderRow,
  liveQuotes,
  offeredPaymentMethods,
  organisationOf,
  savedAddresses,
  type AddressRow,
} from './queries.ts';
import { pipelined } from '../../db/pipelined.ts';
import { quoteCutoff } from './shipping.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { fromCents } from '../../domain/money.ts';
import { invoiceMethod, invoiceOffer } from '../../features/terms/index.ts';
import { MACHINE_DOWN_ISLAND_KEYS } from '../../i18n/text/machine-down.ts';
import { SPLIT_SHIP_ISLAND_KEYS } from '../../i18n/text/split-ship.ts';

const m = fromCents;

export const addressJson = (a: AddressRow) => ({
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
});

export async function checkoutPageProps(
  s: Services,
  ctx: {
    req: Request;
    res: Response;
    channel: ChannelInfo;
    cart: CartState;
    payments: PaymentProvider;
    guest?: boolean;
  },
): Promise<CheckoutProps> {
  const { req, channel } = ctx;
  // The summary's lines and the channel names in the visitor's language.
  const names = await s.catalogText.forLocale(req.locale);
  const cart = localizeCart(ctx.cart, names);
  // Every read of the page in one round trip (src/db/pipelined.ts); an organisation with net terms
  // adds its open balance, and a default country outside the channel's its regions.
  const user = req.user;
  const [countryRows, order, methods, org, quotes, invoice, addresses, channelRegions] = await pipelined(s.db, (one) =>
    Promise.all([
      listCountries(one),
      cartOrderRow(one, cart.orderId),
      offeredPaymentMethods(one, channel.id, ctx.payments.kind !== 'none'),
      user ? organisationOf(one, user.id) : undefined,
      liveQuotes(one, cart.orderId, quoteCutoff(new Date())),
      user ? invoiceOffer(one, user.id, channel.currency) : null,
      user ? savedAddresses(one, user.id) : [],
      Promise.all(channel.countryIds.map((id) => listRegions(one, id))),
    ] as const),
  );
  // Country and region names in the visitor's language.
  const countries = sortCountries(localCountries(countryRows, req.locale)).filter((c) =>
    channels(ctx.res).some((ch) => ch.countryIds.includes(c.id)),
  );
  const defaultCountry = countries.find((c) => channel.countryIds.includes(c.id)) ?? countries[0];
  const regionRows = defaultCountry
    ? (channelRegions[channel.countryIds.indexOf(defaultCountry.id)] ?? (await listRegions(s.db, defaultCountry.id)))
    : [];
  const regions = defaultCountry ? localRegions(defaultCountry.code, regionRows, req.locale) : [];
  const labels = checkoutLabels(req);
  return {
    locale: req.locale,
    currency: cart.currency,
    channel: {
      id: channel.id,
      code: channel.code,
      name: names.channel(channel.id, channel.name),
      taxExemptAvailable: channel.taxExemptAvailable,
    },
    channels: channels(ctx.res).map((c) => ({ id: c.id, code: c.code, name: names.channel(c.id, c.name) })),
    user: req.user
      ? { id: req.user.id, email: req.user.email, firstName: req.user.firstName, lastName: req.user.lastName }
      : null,
    returning: !!req.user,
    organisation: org ? { name: org.name, taxExemptOnFile: !!org.taxExemptId } : null,
    addresses: addresses.map(addressJson),
    countries: countries.map((c) => ({ id: c.id, code: c.code, name: c.name })),
    defaultCountry: defaultCountry?.code ?? channel.countryCodes[0],
    regions,
    bizTypes: [...BIZ_TYPES],
    order: orderProps(cart, order, quotes),
    paymentMethods: [
      ...methods.map((p) => ({
        method: p.method as 'card' | 'check',
        label: p.label,
        paymentType: p.method === 'card' ? (1 as const) : (2 as const),
      })),
      ...(invoice ? [invoiceMethod(invoice, req.t)] : []),
    ],
    card: { provider: ctx.payments.kind, tokenizeUrl: ctx.payments.tokenizeUrl },
    labels,
    // A guest is offered only what src/domain/guest-checkout.ts allows (no EPP, saved methods, terms or tax exemption).
    ...(ctx.guest ? { guest: true } : {}),
  };
}

/** The island's texts in the visitor's language. */
function checkoutLabels(req: Request): Record<string, string> {
  const labels = Object.fromEntries(
    Object.keys(checkoutText).map((k) => [k.replace(/^checkout\./, ''), req.t(k as never)]),
  ) as Record<string, string>;
  // The summary's rows (domain/order-figures.ts).
  for (const k of ['merchandise', 'orgDiscount', 'lineDiscount', 'beforeShippingAndTax'] as const)
    labels[`figures.${k}`] = req.t(`figures.${k}`);
  // "Sent for approval" names the order and links to it in the account's orders.
  for (const k of ['number', 'link'] as const) labels[`approvals.sent.${k}`] = req.t(`approvals.sent.${k}`);
  labels['guest.checkout.note'] = req.t('guest.checkout.note');
  for (const k of MACHINE_DOWN_ISLAND_KEYS) labels[k] = req.t(k); // the "machine down" box
  for (const k of SPLIT_SHIP_ISLAND_KEYS) labels[k] = req.t(k); // ship in parts or together
  return labels;
}

type CartOrder = Awaited<ReturnType<typeof cartOrderRow>>;
type LiveQuote = Awaited<ReturnType<typeof liveQuotes>>[number];

/** The cart as the checkout shows it: its lines, figures, promotions and chosen quotes. */
function orderProps(cart: CartState, order: CartOrder, quotes: LiveQuote[]): CheckoutProps['order'] {
  return {
    id: cart.orderId,
    shipToId: order?.shipToAddressId ?? null,
    taxExemptId: order?.shipToAddressId ? (order?.taxExemptId ?? null) : null,
    poNumber: order?.poNumber ?? null,
    attention: order?.attention ?? null,
    lineTypes: cart.lines.map((l) => l.lineType),
    quoteIds: quotes.map((q) => q.id),
    selectedQuoteIds: quotes.filter((q) => q.selected).map((q) => q.id),
    lines: cart.lines
      .filter((l) => l.lineType !== LINE_TYPES.PROMOTION)
      .map((l) => ({
        id: l.id,
        title: l.title,
        quantity: l.quantity,
        total: m(l.totalCents),
        stockcode: l.stockcode,
      })),
    ledgerLines: cart.lines.map((l) => ({
      id: l.id,
      lineType: l.lineType,
      title: l.title,
      unitPrice: m(l.unitCents),
      quantity: l.quantity,
      discount: m(l.discountCents),
      paidTotal: m(l.paidCents),
      promotionId: l.promotionId,
    })),
    totals: {
      subtotal: m(cart.totals.subtotal),
      shipping: m(cart.totals.shipping),
      tax: m(cart.totals.tax),
      discount: m(cart.totals.discount),
      total: m(cart.totals.total),
    },
    promotions: cart.promotions.map((p) => ({ name: p.name, amount: m(p.valueCents) })),
  };
}

const channels = (res: Response) => (res.locals.channels as ChannelInfo[] | undefined) ?? [];

/**
 * A way to pay as the visitor reads it. The store names its methods in English, as staff wrote
 * them for that store ("Cheque" in Canada); a French or Spanish page shows the shop's translation.
 */
export function paymentMethodName(
  method: 'card' | 'check',
  storeLabel: string,
  locale: string,
  t: (key: never) => string,
): string {
  return locale.startsWith('en') ? storeLabel : t(`checkout.payment.name.${method}` as never);
}
