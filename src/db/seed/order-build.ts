/** One demo order from its plan: priced as the shop prices it, paid as the plan says. */
import { LINE_TYPES } from '../../domain/constants.ts';
import { convert, fromCents, toCents } from '../../domain/money.ts';
import { computePlan } from '../../domain/epp.ts';
import { priceOrder } from '../../domain/price-order.ts';
import { ledgerPromotion, lineTags } from '../../domain/promotions.ts';
import { optionPriceCents } from '../../domain/pricing.ts';
import { ACME_TAX_EXEMPT_ID, ORGANISATIONS } from './accounts.ts';
import type { GeoIds } from './geo.ts';
import { WAREHOUSE } from './ids.ts';
import { rateQuotes } from './inventory.ts';
import { addMinutes, EPOCH, isoDate, money } from './util.ts';
import { CURRENCY, EPP_RULES, PROMOTIONS, promoConfig, TAX, type Channel, type OrderPlan } from './order-plans.ts';
import type { Address, Ctx, EppChoice, EppPlan, Fee, Ids, OrderLine, Quote, Rows, Totals } from './order-types.ts';
import { orderRow, payOrder, pushLines, pushPromotionLines, pushQuotes } from './order-rows.ts';

/** Adds one order, from its plan, to the batch's rows. */
export function buildOrder(id: number, plan: OrderPlan, geo: GeoIds, ids: Ids, rows: Rows): void {
  const person = plan.person;
  const channel: Channel = person?.channel ?? 'US';
  const rate = geo.channelRate[channel];
  const currency = CURRENCY[channel];
  const currencyId = geo.currencyId[currency];
  const warehouseId = channel === 'CA' ? WAREHOUSE.ca : WAREHOUSE.us;
  const address = person ? person.addresses[Math.min(plan.addressIndex ?? 0, person.addresses.length - 1)] : undefined;
  const orgDiscount = ORGANISATIONS.find((o) => o.id === person?.org)?.orgDiscount ?? '0.00';
  const submitted = !['cart', 'quote'].includes(plan.status);
  const createdAt = plan.createdAt;
  const updatedAt =
    submitted && ['shipped', 'completed', 'cancelled'].includes(plan.status)
      ? new Date(Math.min(EPOCH.getTime(), createdAt.getTime() + (2 + (id % 9)) * 86_400_000))
      : createdAt;
  const c: Ctx = { id, plan, geo, ids, rows, person, channel, rate, currencyId, warehouseId, createdAt, updatedAt };

  // Product lines.
  const units = unitPrices(plan, channel, rate);
  const { promoDefs, ledgerPromos } = promotionsOf(plan, channel, rate);
  const { selectedQuote, alternative } = shippingQuotes(c, address);
  const shippingCents = selectedQuote ? convert(selectedQuote.usdCents, rate) : 0;

  const taxExemptId = plan.taxExempt ? ACME_TAX_EXEMPT_ID : null;
  const totals = priceTotals(c, { units, orgDiscount, ledgerPromos, shippingCents, address, taxExemptId });
  const taxLines = taxExemptId ? [] : totals.taxLines;
  const lines: OrderLine[] = plan.lines.map((l, k) => {
    const p = totals.lines[k];
    return {
      plan: l,
      unit: units[k],
      discount: p.discount,
      total: p.total,
      id: ++ids.line,
      totalDiscounted: p.totalDiscounted,
      paid: 0,
    };
  });
  const { eppChoice, eppPlan } = eppFor(c, totals.total);
  const fees = feesOf(c, eppPlan);
  const paid = payOrder(c, {
    lines,
    fees,
    full: totals.total + fees.filter((f) => f.paid).reduce((s, f) => s + f.amount, 0),
    eppChoice,
    eppPlan,
  });
  const shipmentQuoteId = pushQuotes(c, address, selectedQuote, alternative);
  rows.orders.push(
    orderRow(c, {
      orgDiscount,
      submitted,
      taxExemptId,
      taxLines,
      totals,
      paid,
      selectedQuote,
      shipmentQuoteId,
      address,
    }),
  );
  pushLines(c, lines);
  pushPromotionLines(c, promoDefs, totals.promotionApplied, lines.length);
  const at = addMinutes(createdAt, 15);
  for (const f of fees)
    rows.fees.push({
      id: f.id,
      orderId: id,
      name: f.name,
      amount: money(f.amount),
      paid: f.paid,
      createdAt: at,
      updatedAt: at,
    });
}

/** Unit prices by the storefront's rules (src/domain/pricing.ts), like a real cart. */
function unitPrices(plan: OrderPlan, channel: Channel, rate: string): number[] {
  return plan.lines.map(
    (l) =>
      l.product.cents[channel] +
      (l.picks ?? []).reduce(
        (s, pk) =>
          s +
          optionPriceCents(fromCents(pk.choice.priceCents), { midMarketRate: rate }) *
            (pk.choice.optionType === 1 ? pk.quantity : 1),
        0,
      ),
  );
}

/** The order's promotions (US only), each as the shop prices it. */
function promotionsOf(plan: OrderPlan, channel: Channel, rate: string) {
  const promos = channel === 'US' ? (plan.promotions ?? []) : [];
  const promoDefs = promos.map((pid) => PROMOTIONS.find((x) => x.id === pid)!);
  // Each as the shop prices it (domain/promotions.ts): its USD value at the channel's rate, parts only when it says so.
  const ledgerPromos = promoDefs.map((x) =>
    ledgerPromotion(
      {
        name: x.name,
        configuration: promoConfig(x.value),
        priority: x.priority,
        appliesTo: 'appliesTo' in x ? x.appliesTo : 'all',
      },
      { midMarketRate: rate },
    ),
  );
  return { promoDefs, ledgerPromos };
}

/** Shipping: the cheapest ground (or freight) service is selected, an express one offered beside it. */
function shippingQuotes(c: Ctx, address: Address): { selectedQuote?: Quote; alternative?: Quote } {
  const { plan, person, warehouseId, createdAt } = c;
  const parcels = plan.lines
    .filter((l) => l.product.physical)
    .map((l) => ({
      weightKg: l.product.weight,
      lengthCm: l.product.dims[0],
      widthCm: l.product.dims[1],
      heightCm: l.product.dims[2],
      quantity: l.quantity,
    }));
  const quotes =
    plan.status !== 'cart' && address
      ? rateQuotes(
          warehouseId,
          { country: address.country, postalCode: address.postalCode },
          parcels,
          !person?.org,
          createdAt,
        ).sort((a, b) => a.usdCents - b.usdCents)
      : [];
  const selectedQuote = quotes.find((q) => q.rate.serviceType !== 'express') ?? quotes[0];
  const alternative = quotes.find((q) => q !== selectedQuote && q.rate.serviceType === 'express');
  return { selectedQuote, alternative };
}

/** THE order pricing (src/domain/price-order.ts), as the cart, checkout and the order editor price it. */
function priceTotals(
  c: Ctx,
  d: {
    units: number[];
    orgDiscount: string;
    ledgerPromos: ReturnType<typeof promotionsOf>['ledgerPromos'];
    shippingCents: number;
    address: Address;
    taxExemptId: string | null;
  },
): Totals {
  const { plan, channel } = c;
  const { units, orgDiscount, ledgerPromos, shippingCents, address, taxExemptId } = d;
  return priceOrder({
    lines: plan.lines.map((l, k) => ({
      key: k,
      lineType: l.lineType ?? LINE_TYPES.PRODUCT,
      unitCents: units[k],
      quantity: l.quantity,
      tags: lineTags(l.product.isPart),
    })),
    orgDiscountPercent: orgDiscount,
    promotionCents: ledgerPromos.map((x) => x.amountCents),
    promotions: ledgerPromos,
    shippingCents,
    tax: {
      rates:
        !address || plan.status === 'cart'
          ? []
          : (TAX[channel].regions[address.region] ?? TAX[channel].default).map(([name, r]) => ({ name, rate: r })),
      exempt: !!taxExemptId,
    },
  });
}

/** An EPP order's plan, as checkout computes it (src/domain/epp.ts): its fee is a percent of the amount financed. */
function eppFor(c: Ctx, totalCents: number): { eppChoice: EppChoice; eppPlan: EppPlan } {
  const { plan, id, createdAt } = c;
  const eppChoice =
    plan.payment === 'epp'
      ? { percentDown: id % 2 ? EPP_RULES.defaultPercentDown : 30, months: id % 2 ? EPP_RULES.defaultMonths : 18 }
      : null;
  const eppPlan = eppChoice
    ? computePlan({
        totalCents,
        ...eppChoice,
        ratePercent: EPP_RULES.interestRatePercent,
        feePercent: EPP_RULES.feePercent,
        start: isoDate(createdAt),
      })
    : null;
  return { eppChoice, eppPlan };
}

/** The order's fees: a paid one, and an unpaid one (an EPP plan's fee). */
function feesOf(c: Ctx, eppPlan: EppPlan): Fee[] {
  const { plan, ids, rate } = c;
  const fees: Fee[] = [];
  if (plan.paidFee)
    fees.push({ id: ++ids.fee, name: plan.paidFee.name, amount: convert(toCents(plan.paidFee.usd), rate), paid: true });
  if (plan.unpaidFee) {
    const amount =
      plan.unpaidFee.name === 'EPP fee' ? (eppPlan?.feeCents ?? 0) : convert(toCents(plan.unpaidFee.usd), rate);
    if (amount > 0) fees.push({ id: ++ids.fee, name: plan.unpaidFee.name, amount, paid: false });
  }
  return fees;
}
