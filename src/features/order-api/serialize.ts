/** The order as the API sends it (src/domain/order-edit.ts OrderJson): rows → JSON, no I/O. */
import { FEE_ALLOCATION_TYPE, PAYMENT_TYPES } from '../../domain/constants.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { addressOfOrder, type OrderAddress } from '../../domain/order-address.ts';
import { storedOrderBalance } from '../../domain/order-balance.ts';
import { isTaxExempt } from '../../domain/order-totals.ts';
import { quoteMethodName } from '../../domain/shipping.ts';
import {
  money2,
  type AddressJson,
  type FeeJson,
  type OrderJson,
  type OrderTotalsJson,
} from '../../domain/order-edit.ts';
import type { OrderParts, OrderRow } from './queries.ts';

type Translate = (key: string) => string;

const METHOD_TYPE: Record<string, number | null> = {
  card: PAYMENT_TYPES.CARD,
  check: PAYMENT_TYPES.CHECK,
  bank: PAYMENT_TYPES.BANK,
};

/** An order's address; `method` is the shipping method chosen for it (spec §3 Address), null on the bill-to. */
function address(a: OrderAddress | null, method: string | null = null): AddressJson | null {
  if (!a) return null;
  return {
    id: a.id,
    person_id: a.personId,
    person_name: `${a.firstName} ${a.lastName}`,
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    region: { code: a.regionCode },
    postalcode: a.postalCode,
    postalCode: a.postalCode,
    country: a.countryCode,
    phone: a.phone,
    method,
  };
}

type LineJson = OrderJson['line_items'][number];

/** The order's lines, each with its chosen options. */
function lineItemsJson(parts: OrderParts): LineJson[] {
  const optionsByLine = new Map<number, LineJson['line_options']>();
  for (const x of parts.options) {
    const list = optionsByLine.get(x.lineItemId) ?? [];
    list.push({
      choice_id: x.choiceId,
      quantity: x.quantity,
      option_id: x.optionId,
      option_type: x.optionType,
      option_name: x.optionName,
      choice_name: x.choiceName,
    });
    optionsByLine.set(x.lineItemId, list);
  }
  return parts.lines.map(({ line: l, image }) => ({
    order_line_item_id: l.id,
    line_type: l.lineType,
    product_id: l.productId,
    promotion_id: l.promotionId,
    product: { title: l.title, image, stockcode: l.stockcode },
    quantity: l.quantity,
    currency_id: l.currencyId,
    warehouse_id: l.warehouseId,
    unit_price: l.unitPrice,
    discount: l.discount,
    total: l.total,
    total_discounted: l.totalDiscounted,
    paid_total: l.paidTotal,
    unpaid_total: l.unpaidTotal,
    line_options: optionsByLine.get(l.id) ?? [],
    core_of_line_id: l.coreOfLineId,
  }));
}

const fee = (f: OrderParts['fees'][number]): FeeJson => ({
  fee_id: f.id,
  name: f.name,
  amount: { value: f.amount },
  paid: f.paid,
});

function totalsJson(o: OrderRow['order'], parts: OrderParts): OrderTotalsJson {
  // What the order owes, by the one rule (order-balance.ts): total (shipping and tax included) + fees − returned goods − paid + refunds; 0 for a quote, cart or cancelled order.
  const unpaidCents = storedOrderBalance(o, {
    fees: parts.fees,
    payments: parts.payments,
    refunds: parts.refunds,
  }).unpaid;
  return {
    subtotal: o.subtotal,
    shipping: o.shipping,
    tax: o.tax,
    discount: o.discount,
    total: o.total,
    unpaid_total: money2(unpaidCents),
    total_discounted: money2(parts.lines.reduce((s, { line }) => s + toCents(line.totalDiscounted), 0)),
  };
}

function channelJson(row: OrderRow, parts: OrderParts): OrderJson['channel'] {
  return {
    id: row.channel.id,
    code: row.channel.code,
    currency_code: row.order.orderCurrency,
    mid_market_rate: row.channel.midMarketRate,
    zone_location: row.channel.zoneLocation,
    payment_methods: parts.methods.map((m) => ({
      method: m.method,
      label: m.label,
      payment_type: METHOD_TYPE[m.method] ?? null,
    })),
    tax_exempt_available: row.channel.taxExemptAvailable,
  };
}

/** The payments, each with its refunds (and their allocations) and its own allocations. */
function paymentsJson(parts: OrderParts): OrderJson['payments'] {
  return parts.payments.map((p) => ({
    payment_id: p.id,
    payment_type: p.paymentType,
    successful: p.successful,
    total: { value: p.total },
    check_number: p.checkNumber,
    payment_method_id: p.paymentMethodId,
    created_at: p.createdAt.toISOString(),
    refunds: parts.refunds
      .filter((r) => r.paymentId === p.id)
      .map((r) => ({
        refund_id: r.id,
        amount: { value: r.amount },
        reason: r.reason,
        return_id: r.returnId ?? null,
        created_at: r.createdAt.toISOString(),
        allocations: (parts.refundAllocations ?? [])
          .filter((a) => a.refundId === r.id)
          .map((a) => ({
            type: a.type,
            amount: { value: a.amount },
            order_line_item_id: a.lineItemId,
            tax_name: a.taxName,
          })),
      })),
    refunded: {
      value: fromCents(parts.refunds.filter((r) => r.paymentId === p.id).reduce((s, r) => s + toCents(r.amount), 0)),
    },
    allocations: parts.allocations
      .filter((a) => a.paymentId === p.id)
      .map((a) => ({
        payment_allocation_id: a.id,
        type: a.type,
        amount: { value: a.amount },
        order_line_item_id: a.lineItemId,
        fee_id: a.feeId,
        tax_name: a.taxName,
        ...(a.type === FEE_ALLOCATION_TYPE ? { paid: p.successful } : {}),
      })),
  }));
}

function quotesJson(parts: OrderParts): OrderJson['shipment_quotes'] {
  return parts.quotes.map((q) => ({
    id: q.id,
    warehouse_id: q.warehouseId,
    method: quoteMethodName(q),
    carrier: q.carrier,
    description: q.description,
    service_type: q.serviceType,
    shipment_method: q.shipmentMethod,
    total: { value: q.total },
    shipment_date: q.shipmentDate,
    delivery_date: q.deliveryDate,
    min_days: q.minDays,
    max_days: q.maxDays,
    residential: q.residential,
    tax_duty_fees: q.taxDutyFees,
    selected: q.selected,
  }));
}

function personJson(row: OrderRow): OrderJson['person'] {
  return row.person
    ? {
        id: row.person.id,
        firstName: row.person.firstName,
        lastName: row.person.lastName,
        phone: row.person.phone,
        email: row.person.email,
        organization: row.organisation?.id ? { id: row.organisation.id, name: row.organisation.name } : null,
      }
    : null;
}

function creatorJson(row: OrderRow): OrderJson['creator'] {
  return row.creator?.id
    ? {
        id: row.creator.id,
        first_name: row.creator.firstName,
        last_name: row.creator.lastName,
        email: row.creator.email,
        phone: row.creator.phone,
      }
    : null;
}

export function orderJson(row: OrderRow, parts: OrderParts, t: Translate): OrderJson {
  const o = row.order;
  const line_items = lineItemsJson(parts);
  const unpaidFees = parts.fees.filter((f) => !f.paid);
  const totals = totalsJson(o, parts);
  const keys = Object.keys(totals) as (keyof OrderTotalsJson)[];
  const dealerName =
    row.order.thirdPartyInfo && typeof row.order.thirdPartyInfo.dealerName === 'string'
      ? row.order.thirdPartyInfo.dealerName
      : null;
  return {
    order_id: o.id,
    version: o.version,
    draft: o.draft,
    locale: o.locale,
    status: o.status,
    notes: o.notes,
    channel: channelJson(row, parts),
    order_currency: o.orderCurrency,
    tax_exempt_id: o.taxExemptId,
    tax_exempt: isTaxExempt(o.taxExemptId),
    line_items,
    line_totals: Object.fromEntries(line_items.map((l) => [String(l.order_line_item_id), l.total])),
    total_type_translations: Object.fromEntries(
      keys.map((k) => [k, t(`oa.totals.${k}`)]),
    ) as OrderJson['total_type_translations'],
    payment_type: o.paymentType,
    selected_payment_method: o.selectedPaymentMethod,
    payment_due_on: o.paymentDueOn ?? null,
    payments: paymentsJson(parts),
    fees: { paid: parts.fees.filter((f) => f.paid).map(fee), unpaid: unpaidFees.map(fee) },
    totals,
    erp_id: o.erpId,
    po_number: o.poNumber,
    attention: o.attention,
    org_discount: o.orgDiscount,
    order_discount_eligible: o.orderDiscountEligible,
    quote: o.quote,
    third_party_info: o.thirdPartyInfo ?? null,
    tax_breakdown: o.taxBreakdown,
    promotions: parts.promotions.map((p) => ({
      promotion_id: p.id,
      name: p.name,
      code: p.code,
      configuration: p.configuration,
    })),
    shipment_quotes: quotesJson(parts),
    shipment_method: o.shipmentMethod,
    shipment_quote_id: o.shipmentQuoteId,
    processor_source: o.processorSource,
    // A placed order's own copies; a cart's live address-book rows.
    ship_to: address(
      addressOfOrder(
        o.status,
        o.shipTo,
        parts.addresses.find((a) => a.id === o.shipToAddressId),
      ),
      o.shipmentMethod,
    ),
    bill_to: address(
      addressOfOrder(
        o.status,
        o.billTo,
        parts.addresses.find((a) => a.id === o.billToAddressId),
      ),
    ),
    ship_from: row.shipFrom?.id ? row.shipFrom : null,
    user_id: o.userId,
    person: personJson(row),
    submitted_at: o.submittedAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    log_count: parts.logCount,
    personLink: row.person ? `/account/dashboard/customers/${row.person.id}` : null,
    distributorLink: dealerName !== null ? `/${o.locale}/dealers` : null,
    distributorName: dealerName,
    creator: creatorJson(row),
  };
}
