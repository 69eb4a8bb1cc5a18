/**
 * Staff order editing (spec §3 Order / Line item / Payment, §4 Order editing, §5): the shapes the
 * orders API sends and takes (shared by the server and the order editor island), and the pure
 * re-pricing of an order after its lines change. Money in the JSON is 2-decimal strings; the
 * arithmetic is integer cents through money.ts, totals through order-totals.ts, promotion shares
 * through prorate.ts.
 */
import { fromCents, toCents } from './money.ts';
import type { Promotion } from './order-totals.ts';
import { priceOrder } from './price-order.ts';
import { ledgerPromotion, type PromotionRowLike } from './promotions.ts';

/** A money value as the API sends it (spec: total.value, amount.value). */
export type MoneyValue = { value: string };

export type LineOptionJson = {
  choice_id: number;
  quantity: number;
  option_id: number;
  option_type: number;
  option_name?: string;
  choice_name?: string;
};

export type LineItemJson = {
  order_line_item_id: number;
  line_type: number;
  product_id: number | null;
  promotion_id: number | null;
  product: { title: string; image: string | null; stockcode: string | null };
  quantity: number;
  currency_id: number;
  warehouse_id: number | null;
  unit_price: string;
  discount: string;
  total: string;
  total_discounted: string;
  paid_total: string;
  unpaid_total: string;
  line_options: LineOptionJson[];
  /** On a core deposit line: the part's line it is the deposit of (no discount takes from it). */
  core_of_line_id?: number | null;
};

/**
 * Fee allocations (type 1) carry `paid`: whether the payment that covers the fee went through.
 * Type 2 pays the shipping, type 3 one tax named by tax_name (null for the others).
 */
export type AllocationJson = {
  payment_allocation_id: number;
  type: number;
  amount: MoneyValue;
  order_line_item_id: number | null;
  fee_id: number | null;
  tax_name?: string | null;
  paid?: boolean;
};
/** What a refund took back: a line (type 0), the shipping (2) or a tax (3, tax_name). */
export type RefundAllocationJson = {
  type: number;
  amount: MoneyValue;
  order_line_item_id: number | null;
  tax_name: string | null;
};
export type RefundJson = {
  refund_id: number;
  amount: MoneyValue;
  reason: string | null;
  /** The return whose goods the refund paid back (they are off the bill), or null. */
  return_id?: number | null;
  created_at: string;
  allocations?: RefundAllocationJson[];
};
export type PaymentJson = {
  payment_id: number;
  payment_type: number;
  successful: boolean;
  total: MoneyValue;
  allocations: AllocationJson[];
  check_number: string | null;
  payment_method_id: string | null;
  created_at: string;
  /** Card refunds of this payment and their sum. */
  refunds: RefundJson[];
  refunded: MoneyValue;
};
export type FeeJson = { fee_id: number; name: string; amount: MoneyValue; paid: boolean };

export type OrderTotalsJson = {
  subtotal: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
  unpaid_total: string;
  total_discounted: string;
};

export type AddressJson = {
  id: number;
  person_id: number | null;
  person_name: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  region: { code: string };
  postalcode: string;
  postalCode: string;
  country: string;
  phone: string | null;
  /** Spec §3 Address `method`: the shipping method chosen for this address (the order's, on its ship-to), else null. */
  method: string | null;
};

export type ShipmentQuoteJson = {
  id: number;
  warehouse_id: number;
  /** Spec §3 Shipment quote `method`: the method as a person reads it (carrier and service, shipmentMethodName). */
  method: string;
  carrier: string;
  description: string;
  service_type: string;
  shipment_method: string;
  total: MoneyValue;
  shipment_date: string | null;
  delivery_date: string | null;
  min_days: number | null;
  max_days: number | null;
  residential: boolean;
  tax_duty_fees: string;
  selected: boolean;
};

/** The full order (GET /{locale}/api/orders/{id}/synchronize): every field of spec §3 Order. */
export type OrderJson = {
  order_id: number;
  version: number;
  draft: boolean;
  locale: string;
  status: string;
  notes: string | null;
  channel: {
    id: number;
    code: string;
    currency_code: string;
    mid_market_rate: string;
    zone_location: string;
    payment_methods: { method: string; label: string; payment_type: number | null }[];
    tax_exempt_available: boolean;
  };
  order_currency: string;
  tax_exempt_id: string | null;
  tax_exempt: boolean;
  line_items: LineItemJson[];
  /** Each line's total by id. */
  line_totals: Record<string, string>;
  /** Labels of the totals in the order's locale. */
  total_type_translations: Record<keyof OrderTotalsJson, string>;
  payment_type: number | null;
  selected_payment_method: string | null;
  /** Paid by invoice on the organisation's terms (payment type 4): the day it is due ('YYYY-MM-DD'), else null. */
  payment_due_on: string | null;
  payments: PaymentJson[];
  fees: { paid: FeeJson[]; unpaid: FeeJson[] };
  totals: OrderTotalsJson;
  erp_id: string | null;
  po_number: string | null;
  attention: string | null;
  org_discount: string;
  order_discount_eligible: boolean;
  quote: boolean;
  third_party_info: Record<string, unknown> | null;
  tax_breakdown: { name: string; rate: number; amount: string }[];
  promotions: { promotion_id: number; name: string; code: string | null; configuration: Promotion['configuration'] }[];
  shipment_quotes: ShipmentQuoteJson[];
  shipment_method: string | null;
  shipment_quote_id: number | null;
  processor_source: string | null;
  ship_to: AddressJson | null;
  bill_to: AddressJson | null;
  ship_from: { id: number; code: string; name: string; city: string; region: string; country: string } | null;
  user_id: number | null;
  person: {
    id: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
    organization: { id: number; name: string } | null;
  } | null;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
  log_count: number;
  personLink: string | null;
  distributorLink: string | null;
  distributorName: string | null;
  /** Who made the order (spec §3 User: id, first_name, last_name, email, phone). */
  creator: { id: number; first_name: string; last_name: string; email: string; phone: string | null } | null;
};

/** One line of POST /{locale}/api/orders/{id}/update: a stored id, or a placeholder string for a new line. */
export type UpdateLineInput = {
  order_line_item_id: number | string;
  line_type: number;
  product_id: number | null;
  quantity: number;
  currency_id?: number | null;
  warehouse_id?: number | null;
  line_options?: { choice_id: number; quantity?: number; option_id?: number; option_type?: number }[];
};

export type UpdateRequest = {
  /** The version the editor loaded; a different stored version is a 409 (someone else saved first). */
  version: number;
  status?: string;
  po_number?: string | null;
  attention?: string | null;
  notes?: string | null;
  line_items: UpdateLineInput[];
  line_items_for_deletion?: number[];
};

export type UpdateResponse = { order: OrderJson; new_lines: { placeholder_id: string; stored_id: number }[] };

/** New lines in the editor carry an id of this form until the update reply maps it to a stored id. */
export const PLACEHOLDER_PREFIX = 'new-';
export const isPlaceholderId = (id: unknown): id is string =>
  typeof id === 'string' && id.startsWith(PLACEHOLDER_PREFIX);

// ---------------------------------------------------------------- re-pricing

export type RepriceLine = {
  key: number | string;
  line_type: number;
  unit_cents: number;
  quantity: number;
  paid_cents: number;
  /** What the line is, for a promotion on some goods only (domain/promotions.ts lineTags: a part). */
  tags?: readonly string[];
};

export type RepricedLine = {
  key: number | string;
  discount: number;
  total: number;
  total_discounted: number;
  unpaid: number;
};

export type RepriceResult = {
  lines: RepricedLine[];
  tax_breakdown: { name: string; rate: number; amount: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  /** Σ lines' total_discounted: what the goods cost after promotions. */
  total_discounted: number;
  /** Each promotion's amount as the ledger capped it, in the order given: what its type-5 line shows. */
  promotion_applied: number[];
};

/**
 * Why: after staff change lines, every figure of the order follows from the stored unit prices,
 * recomputed by THE order pricing (price-order.ts), as the cart and checkout compute it. An
 * exempt order keeps its rates at zero; promotion lines (type 5) carry nothing to pay, and show
 * what their promotion took off (promotion_applied, capped at the goods by the ledger).
 */
export function repriceOrder(
  lines: readonly RepriceLine[],
  promotions: readonly (Omit<PromotionRowLike, 'name'> & { name?: string })[],
  opts: {
    orgDiscount: string | number;
    shippingCents: number;
    taxRates: readonly { name: string; rate: number }[];
    taxExempt: boolean;
    usdRate?: string | number;
  },
): RepriceResult {
  // Each promotion as the ledger takes it (domain/promotions.ts): its USD value at the order's channel rate, its scope, free shipping.
  const ledgerPromos = promotions.map((p, i) =>
    ledgerPromotion({ ...p, name: p.name ?? `promotion ${i + 1}` }, { midMarketRate: opts.usdRate ?? 1 }),
  );
  const priced = priceOrder({
    lines: lines.map((l) => ({
      key: l.key,
      lineType: l.line_type,
      unitCents: l.unit_cents,
      quantity: l.quantity,
      paidCents: l.paid_cents,
      tags: l.tags,
    })),
    orgDiscountPercent: opts.orgDiscount,
    promotionCents: ledgerPromos.map((p) => p.amountCents),
    promotions: ledgerPromos,
    shippingCents: opts.shippingCents,
    tax: { rates: opts.taxRates, exempt: opts.taxExempt },
  });
  return {
    lines: priced.lines.map((l) => ({
      key: l.key,
      discount: l.discount,
      total: l.total,
      total_discounted: l.totalDiscounted,
      unpaid: l.unpaid,
    })),
    tax_breakdown: priced.taxLines,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    tax: priced.tax,
    total: priced.total,
    total_discounted: priced.totalDiscounted,
    promotion_applied: priced.promotionApplied,
  };
}

/** Cents → the API's 2-decimal string. */
export const money2 = (cents: number) => fromCents(cents);

// ---------------------------------------------------------------- a unit price staff set

/** The most a unit price can be (numeric(12, 2)). */
export const UNIT_PRICE_MAX_CENTS = 99_999_999_99;
export const UNIT_PRICE_MESSAGE = 'Enter a unit price of 0 or more with at most 2 decimals, such as 129.50.';

/**
 * Why: staff may set a line's unit price by hand (a quote's counter-offer); the line and
 * order totals then follow from it by repriceOrder. A price is 0 to 99,999,999.99 with at most two
 * decimals (thousands separators allowed); anything else is null (refused with UNIT_PRICE_MESSAGE).
 */
export function staffUnitPriceCents(v: unknown): number | null {
  const s =
    typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim().replace(/,/g, '') : '';
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return null;
  const cents = toCents(s);
  return cents <= UNIT_PRICE_MAX_CENTS ? cents : null;
}
