/** A demo order's rows: its payments and allocations, quotes, the order row, its lines. */
import { FEE_ALLOCATION_TYPE, LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { convert, toCents } from '../../domain/money.ts';
import { distributePayment } from '../../domain/prorate.ts';
import { buildStockCode } from '../../domain/stock-code.ts';
import { addMinutes, money } from './util.ts';
import { CURRENCY, type PROMOTIONS } from './order-plans.ts';
import type { Address, Ctx, EppChoice, EppPlan, Fee, OrderLine, Paid, Quote, Totals } from './order-types.ts';

/** Payments as the plan says, each allocated over the lines (and the paid fees). */
export function payOrder(
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
export function pushQuotes(c: Ctx, address: Address, selectedQuote?: Quote, alternative?: Quote): number | null {
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
export function orderRow(
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
export function pushLines(c: Ctx, lines: OrderLine[]): void {
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
export function pushPromotionLines(
  c: Ctx,
  promoDefs: (typeof PROMOTIONS)[number][],
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
