/**
 * Promotions, EPP rules and the orders: ten hand-written scenarios (order 1 is customer@example.com's
 * first order, order 4 their open cart) followed by generated orders, any number of them.
 *
 * Money follows src/domain/price-order.ts (the one ledger), in cents:
 *   line.total        = unit_price × quantity − line discount (the organisation discount)
 *   order.subtotal    = Σ unit_price × quantity over lines of type 0/1/2
 *   order.discount    = Σ line discounts + Σ promotions (only on US orders, in USD), each capped at
 *                       the goods left that it applies to (domain/ledger.ts STACKING_RULE; "Parts
 *                       Bundle" comes off parts only: an order without a part has no line for it)
 *   order.total       = subtotal − discount + shipping + tax
 * A promotion also appears as a line of type 5 (unit_price = total = −what it took off). It is spread
 * over the product lines by largest remainder: line.total_discounted = total − that share, and
 * paid_total + unpaid_total = total_discounted. The promotion line itself carries 0 in those three.
 */
import { sql } from 'drizzle-orm';
import {
  eppRules,
  lineItemOptions,
  orderFees,
  orderLineItems,
  orderPromotions,
  orders,
  paymentAllocations,
  payments,
  promotions,
  shipmentQuotes,
  surveys,
} from '../schema/index.ts';
import { FEE_ALLOCATION_TYPE, LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { convert, fromCents, toCents } from '../../domain/money.ts';
import { computePlan } from '../../domain/epp.ts';
import { priceOrder } from '../../domain/price-order.ts';
import { ledgerPromotion, lineTags } from '../../domain/promotions.ts';
import { optionPriceCents } from '../../domain/pricing.ts';
import { distributePayment } from '../../domain/prorate.ts';
import { buildStockCode } from '../../domain/stock-code.ts';
import { ACME_TAX_EXEMPT_ID, ORGANISATIONS, type PersonRef } from './accounts.ts';
import type { ProductRef } from './catalog.ts';
import type { GeoIds } from './geo.ts';
import { customerPlans, otherPlans } from './named-orders.ts';
import { USER, WAREHOUSE } from './ids.ts';
import { rateQuotes } from './inventory.ts';
import {
  addMinutes,
  daysAgo,
  EPOCH,
  insertMany,
  isoDate,
  money,
  unnestInserts,
  type Rng,
  type SeedTx,
} from './util.ts';

import {
  CURRENCY,
  EPP_RULES,
  generate,
  PROMOTIONS,
  promoConfig,
  TAX,
  type Channel,
  type LinePlan,
  type OrderPlan,
} from './order-plans.ts';
type Rows = {
  orders: (typeof orders.$inferInsert)[];
  lines: (typeof orderLineItems.$inferInsert)[];
  options: (typeof lineItemOptions.$inferInsert)[];
  orderPromotions: (typeof orderPromotions.$inferInsert)[];
  fees: (typeof orderFees.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  allocations: (typeof paymentAllocations.$inferInsert)[];
  quotes: (typeof shipmentQuotes.$inferInsert)[];
};
const emptyRows = (): Rows => ({
  orders: [],
  lines: [],
  options: [],
  orderPromotions: [],
  fees: [],
  payments: [],
  allocations: [],
  quotes: [],
});

/** Running ids for every table the orders fill. */
class Ids {
  line = 0;
  option = 0;
  fee = 0;
  payment = 0;
  allocation = 0;
  quote = 0;
}

export async function seedPromotions(tx: SeedTx): Promise<void> {
  const at = daysAgo(200);
  await insertMany(
    tx,
    promotions,
    PROMOTIONS.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      configuration: promoConfig(p.value),
      startsAt: new Date(`${p.startsAt}T00:00:00Z`),
      endsAt: new Date(`${p.endsAt}T00:00:00Z`),
      active: p.active,
      priority: p.priority,
      appliesTo: 'appliesTo' in p ? p.appliesTo : 'all',
      createdBy: USER.admin,
      createdAt: at,
      updatedAt: at,
    })),
  );
  await insertMany(tx, eppRules, [{ id: 1, ...EPP_RULES, active: true, createdAt: at, updatedAt: at }]);
}

export type OrdersSummary = { orders: number; lineItems: number; payments: number };

export async function seedOrders(
  tx: SeedTx,
  geo: GeoIds,
  people: PersonRef[],
  products: Map<string, ProductRef>,
  rng: Rng,
  count: number,
  onProgress?: (done: number, total: number) => void,
): Promise<OrdersSummary> {
  const planned = [...customerPlans(people, products), ...otherPlans(people, products)];
  const config = products.get('DEMO-CONFIG')!;
  const total = await writeOrders(tx, { geo, people, products, rng, count, onProgress, planned, config });
  // Placed orders keep a copy of their ship-to and bill-to (src/domain/order-address.ts);
  // the same statement as the migration's backfill and src/features/orders/address-copies.ts.
  const copy = (column: string) =>
    sql.raw(`(select jsonb_build_object('id', a.id, 'personId', a.person_id, 'firstName', a.first_name, 'lastName', a.last_name,
    'company', a.company, 'address1', a.address1, 'address2', a.address2, 'city', a.city, 'regionCode', a.region_code, 'postalCode', a.postal_code,
    'countryCode', a.country_code, 'phone', a.phone) from addresses a where a.id = o.${column})`);
  await tx.execute(
    sql`update orders o set ship_to = ${copy('ship_to_address_id')}, bill_to = ${copy('bill_to_address_id')} where o.status <> 'cart'`,
  );

  await seedSurveys(tx, count);
  return total;
}

/** The planned orders, then generated ones up to `count`, written in batches of 5000. */
async function writeOrders(
  tx: SeedTx,
  a: {
    geo: GeoIds;
    people: PersonRef[];
    products: Map<string, ProductRef>;
    rng: Rng;
    count: number;
    onProgress?: (done: number, total: number) => void;
    planned: OrderPlan[];
    config: ProductRef;
  },
): Promise<OrdersSummary> {
  const { geo, people, products, rng, count, onProgress, planned, config } = a;
  const ids = new Ids();
  let rows = emptyRows();
  const total: OrdersSummary = { orders: 0, lineItems: 0, payments: 0 };
  const flush = async () => {
    // Orders and their shipment quotes point at each other: one statement writes both, and
    // PostgreSQL checks both foreign keys at its end.
    const orderInserts = unnestInserts(orders, rows.orders, rows.orders.length);
    const quoteInserts = unnestInserts(shipmentQuotes, rows.quotes, rows.quotes.length);
    if (!orderInserts || !quoteInserts) throw new Error('order and quote rows must set the same columns');
    if (rows.orders.length)
      await tx.execute(quoteInserts.length ? sql`with q as (${quoteInserts[0]}) ${orderInserts[0]}` : orderInserts[0]);
    await insertMany(tx, orderLineItems, rows.lines);
    await insertMany(tx, lineItemOptions, rows.options);
    await insertMany(tx, orderPromotions, rows.orderPromotions);
    await insertMany(tx, orderFees, rows.fees);
    await insertMany(tx, payments, rows.payments);
    await insertMany(tx, paymentAllocations, rows.allocations);
    total.orders += rows.orders.length;
    total.lineItems += rows.lines.length;
    total.payments += rows.payments.length;
    rows = emptyRows();
    onProgress?.(total.orders, count);
  };

  const buyers = people.filter((x) => x.addresses.length > 0);
  const catalogue = [...products.values()].filter((x) => x.orderable);
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const plan = i < planned.length ? planned[i] : generate(rng, id, count, buyers, catalogue, config);
    buildOrder(id, plan, geo, ids, rows);
    if (rows.orders.length >= 5000) await flush();
  }
  await flush();
  return total;
}

/** Two answered surveys, on orders 1 and 6 (when there are that many). */
async function seedSurveys(tx: SeedTx, count: number): Promise<void> {
  await insertMany(
    tx,
    surveys,
    count >= 6
      ? [
          {
            id: 1,
            orderId: 1,
            answers: {
              heardFrom: 'dealer',
              rating: 5,
              recommend: true,
              comment: 'Planter arrived on time and the setup video helped.',
            },
            createdAt: addMinutes(daysAgo(300), 30),
          },
          {
            id: 2,
            orderId: 6,
            answers: {
              heardFrom: 'farm_show',
              rating: 4,
              recommend: true,
              comment: 'Would like more soybean plate options.',
            },
            createdAt: addMinutes(daysAgo(160), 45),
          },
        ]
      : [],
  );
}

type Ctx = {
  id: number;
  plan: OrderPlan;
  geo: GeoIds;
  ids: Ids;
  rows: Rows;
  person: OrderPlan['person'];
  channel: Channel;
  rate: string;
  currencyId: number;
  warehouseId: number;
  createdAt: Date;
  updatedAt: Date;
};

function buildOrder(id: number, plan: OrderPlan, geo: GeoIds, ids: Ids, rows: Rows): void {
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

type OrderLine = {
  plan: LinePlan;
  unit: number;
  discount: number;
  total: number;
  id: number;
  totalDiscounted: number;
  paid: number;
};
type Fee = { id: number; amount: number; paid: boolean; name: string };
type Address = PersonRef['addresses'][number] | undefined;
type Quote = ReturnType<typeof rateQuotes>[number];
type Totals = ReturnType<typeof priceOrder<number>>;
type EppChoice = { percentDown: number; months: number } | null;
type EppPlan = ReturnType<typeof computePlan> | null;
type Paid = {
  paymentType: number | null;
  eppPercentDown: number | null;
  eppMonths: number | null;
  pm: string;
  checkNumber: string;
};

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

/** Payments as the plan says, each allocated over the lines (and the paid fees). */
function payOrder(
  c: Ctx,
  d: { lines: OrderLine[]; fees: Fee[]; full: number; eppChoice: EppChoice; eppPlan: EppPlan },
): Paid {
  const { id, plan, person, createdAt } = c;
  const { lines, fees, full, eppChoice, eppPlan } = d;
  const byUser = plan.createdBy ?? person?.userId ?? null;
  const pm = `pm_demo_${['visa_4242', 'mc_4444', 'amex_0005'][id % 3]}`;
  const checkNumber = String(1000 + ((id * 37) % 9000));
  const at = addMinutes(createdAt, 15);
  const paymentRow = (type: number, successful: boolean, cents: number, when: Date) =>
    addPayment(c, { pm, checkNumber, byUser }, { type, successful, cents, when });
  const allocate = (paymentId: number, perLine: number[], when: Date) =>
    addAllocations(c, { lines, fees }, { paymentId, perLine, when });
  let paymentType: number | null = null;
  let eppPercentDown: number | null = null;
  let eppMonths: number | null = null;
  if (full > 0) {
    switch (plan.payment) {
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: the failed attempt is followed by a card payment that succeeds
      case 'failed-then-card':
        paymentRow(PAYMENT_TYPES.CARD, false, full, at);
      // falls through: the second attempt succeeds
      case 'card': {
        const p = paymentRow(PAYMENT_TYPES.CARD, true, full, addMinutes(at, plan.payment === 'card' ? 0 : 20));
        allocate(
          p.id,
          lines.map((l) => l.totalDiscounted),
          p.createdAt,
        );
        paymentType = PAYMENT_TYPES.CARD;
        break;
      }
      case 'check': {
        const p = paymentRow(PAYMENT_TYPES.CHECK, true, full, addMinutes(at, 60 * 24 * 3));
        allocate(
          p.id,
          lines.map((l) => l.totalDiscounted),
          p.createdAt,
        );
        paymentType = PAYMENT_TYPES.CHECK;
        break;
      }
      case 'pending-check':
        paymentRow(PAYMENT_TYPES.CHECK, false, full, at);
        paymentType = PAYMENT_TYPES.CHECK;
        break;
      case 'failed':
        paymentRow(PAYMENT_TYPES.CARD, false, full, at);
        paymentType = PAYMENT_TYPES.CARD;
        break;
      case 'epp': {
        eppPercentDown = eppChoice!.percentDown;
        eppMonths = eppChoice!.months;
        const down = eppPlan!.downPaymentCents;
        const p = paymentRow(PAYMENT_TYPES.CARD, true, down, at);
        const assigned = distributePayment(
          down / 100,
          lines.map((l) => ({ id: l.id, unpaid_total: l.totalDiscounted / 100 })),
        );
        allocate(
          p.id,
          assigned.map((a) => toCents(a.assigned)),
          p.createdAt,
        );
        paymentType = PAYMENT_TYPES.CARD;
        break;
      }
      case 'none':
        break;
    }
  }
  return { paymentType, eppPercentDown, eppMonths, pm, checkNumber };
}

/** One payment row (card or check), as the plan's buyer made it. */
function addPayment(
  c: Ctx,
  by: { pm: string; checkNumber: string; byUser: number | null },
  r: { type: number; successful: boolean; cents: number; when: Date },
) {
  const { id, ids, rows } = c;
  const { pm, checkNumber, byUser } = by;
  const { type, successful, cents, when } = r;
  const row = {
    id: ++ids.payment,
    orderId: id,
    paymentType: type,
    successful,
    total: money(cents),
    providerRef: type === PAYMENT_TYPES.CARD ? `offline_ch_${String(id).padStart(6, '0')}_${ids.payment}` : null,
    paymentMethodId: type === PAYMENT_TYPES.CARD ? pm : null,
    checkNumber: type === PAYMENT_TYPES.CHECK ? checkNumber : null,
    createdBy: byUser,
    createdAt: when,
    updatedAt: when,
  };
  rows.payments.push(row);
  return row;
}

/** A payment's allocations: each line's share, then every paid fee in full. */
function addAllocations(
  c: Ctx,
  o: { lines: OrderLine[]; fees: Fee[] },
  a: { paymentId: number; perLine: number[]; when: Date },
): void {
  const { ids, rows } = c;
  const { lines, fees } = o;
  const { paymentId, perLine, when } = a;
  perLine.forEach((cents, k) => {
    if (cents <= 0) return;
    lines[k].paid += cents;
    rows.allocations.push({
      id: ++ids.allocation,
      paymentId,
      type: 0,
      lineItemId: lines[k].id,
      feeId: null,
      amount: money(cents),
      createdAt: when,
    });
  });
  for (const f of fees.filter((x) => x.paid)) {
    rows.allocations.push({
      id: ++ids.allocation,
      paymentId,
      type: FEE_ALLOCATION_TYPE,
      lineItemId: null,
      feeId: f.id,
      amount: money(f.amount),
      createdAt: when,
    });
  }
}

/** The selected quote and its alternative; the selected one's id. */
function pushQuotes(c: Ctx, address: Address, selectedQuote?: Quote, alternative?: Quote): number | null {
  const { id, person, ids, rows, rate, warehouseId, createdAt } = c;
  let shipmentQuoteId: number | null = null;
  for (const q of [selectedQuote, alternative]) {
    if (!q) continue;
    if (q === selectedQuote) shipmentQuoteId = ids.quote + 1;
    rows.quotes.push({
      id: ++ids.quote,
      orderId: id,
      warehouseId,
      addressId: address?.id ?? null,
      carrier: q.rate.carrier,
      serviceType: q.rate.serviceType,
      description: q.rate.service,
      shipmentMethod: q.method,
      total: money(convert(q.usdCents, rate)),
      shipmentDate: q.shipmentDate,
      deliveryDate: q.deliveryDate,
      minDays: q.rate.minDays,
      maxDays: q.rate.maxDays,
      residential: !person?.org,
      taxDutyFees: '0.00',
      selected: q === selectedQuote,
      createdAt,
    });
  }
  return shipmentQuoteId;
}

/** The order's row. */
function orderRow(
  c: Ctx,
  d: {
    orgDiscount: string;
    submitted: boolean;
    taxExemptId: string | null;
    taxLines: Totals['taxLines'];
    totals: Totals;
    paid: Paid;
    selectedQuote?: Quote;
    shipmentQuoteId: number | null;
    address: Address;
  },
) {
  const { id, plan, person, geo, channel, currencyId, warehouseId, createdAt, updatedAt } = c;
  const { orgDiscount, submitted, taxExemptId, taxLines, totals, selectedQuote, shipmentQuoteId, address } = d;
  const { paymentType, eppPercentDown, eppMonths, pm, checkNumber } = d.paid;
  const currency = CURRENCY[channel];
  const orderCreatedBy = plan.createdBy ?? person?.userId ?? null;
  return {
    id,
    status: plan.status,
    locale: person?.locale ?? 'en-us',
    notes: plan.notes ?? null,
    channelId: geo.channelId[channel],
    currencyId,
    orderCurrency: currency,
    userId: person?.userId ?? null,
    personId: person?.personId ?? null,
    sessionId: person ? null : `demo-anonymous-${id}`,
    taxExemptId,
    paymentType,
    selectedPaymentMethod:
      paymentType === PAYMENT_TYPES.CARD ? pm : paymentType === PAYMENT_TYPES.CHECK ? checkNumber : null,
    erpId: submitted && plan.status !== 'pending' ? `SO-${240000 + id}` : null,
    poNumber: person?.org && submitted ? `PO-${String(person.org).padStart(2, '0')}-${4100 + id}` : null,
    attention: person?.org && submitted ? person.name : null,
    orgDiscount,
    orderDiscountEligible: true,
    quote: plan.status === 'quote',
    thirdPartyInfo: id % 23 === 0 ? { source: 'dealer', dealerName: 'Heartland Planter Supply' } : null,
    taxBreakdown: taxLines.map((t) => ({ name: t.name, rate: t.rate, amount: money(t.amount) })),
    shipmentMethod: selectedQuote?.method ?? null,
    shipmentQuoteId,
    processorSource: paymentType === PAYMENT_TYPES.CARD ? 'offline' : null,
    shipToAddressId: address?.id ?? null,
    billToAddressId: address && person ? person.addresses[0].id : null,
    shipFromWarehouseId: plan.status === 'cart' ? null : warehouseId,
    subtotal: money(totals.subtotal),
    shipping: money(totals.shipping),
    tax: money(totals.tax),
    discount: money(totals.discount),
    total: money(totals.total),
    showDiscount: true,
    eppPercentDown,
    eppMonths,
    submittedAt: submitted ? createdAt : null, // an order is dated when it is placed (migration 0019)
    createdBy: orderCreatedBy,
    createdAt,
    updatedAt,
  };
}

/** The product lines and their chosen options. */
function pushLines(c: Ctx, lines: OrderLine[]): void {
  const { id, plan, ids, rows, currencyId, warehouseId, createdAt, updatedAt } = c;
  lines.forEach((l, k) => {
    const selections = (l.plan.picks ?? []).map((pk) => ({
      stockCodeValue: pk.choice.value,
      optionType: pk.choice.optionType,
      quantity: pk.quantity,
    }));
    rows.lines.push({
      id: l.id,
      orderId: id,
      lineType: l.plan.lineType ?? LINE_TYPES.PRODUCT,
      productId: l.plan.product.id,
      promotionId: null,
      title: l.plan.product.title,
      stockcode: buildStockCode(l.plan.product.stockcode, selections),
      quantity: l.plan.quantity,
      currencyId,
      warehouseId: plan.status === 'cart' ? null : warehouseId,
      unitPrice: money(l.unit),
      discount: money(l.discount),
      total: money(l.total),
      totalDiscounted: money(l.totalDiscounted),
      paidTotal: money(l.paid),
      unpaidTotal: money(l.totalDiscounted - l.paid),
      sort: k,
      createdAt,
      updatedAt,
    });
    for (const pk of l.plan.picks ?? []) {
      rows.options.push({
        id: ++ids.option,
        lineItemId: l.id,
        optionId: pk.choice.optionId,
        choiceId: pk.choice.id,
        optionType: pk.choice.optionType,
        quantity: pk.quantity,
      });
    }
  });
}

/** A line per promotion that took something off (none of its goods here: no line). */
function pushPromotionLines(
  c: Ctx,
  promoDefs: ReturnType<typeof promotionsOf>['promoDefs'],
  applied: number[],
  after: number,
): void {
  const { id, ids, rows, currencyId, createdAt, updatedAt } = c;
  promoDefs.forEach((x, k) => {
    const cents = applied[k]; // what it took off, capped at the goods it applies to (domain/ledger.ts)
    if (cents <= 0) return; // none of its goods in this order: no promotion line
    rows.lines.push({
      id: ++ids.line,
      orderId: id,
      lineType: LINE_TYPES.PROMOTION,
      productId: null,
      promotionId: x.id,
      title: x.name,
      stockcode: null,
      quantity: 1,
      currencyId,
      warehouseId: null,
      unitPrice: money(-cents),
      discount: '0.00',
      total: money(-cents),
      totalDiscounted: '0.00',
      paidTotal: '0.00',
      unpaidTotal: '0.00',
      sort: after + k,
      createdAt,
      updatedAt,
    });
    rows.orderPromotions.push({ orderId: id, promotionId: x.id, createdAt });
  });
}
