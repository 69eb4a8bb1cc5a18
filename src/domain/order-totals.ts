/**
 * Order arithmetic shared by the cart, checkout and the staff order editor (spec §3, §5, §9), all
 * in integer cents:
 *   subtotal  = Σ unit price × quantity over product lines (types 0, 1, 2)
 *   discount  = Σ line discounts over those lines + Σ promotions, each promotion capped at the goods
 *               left after line discounts and the promotions before it (ledger.ts STACKING_RULE)
 *   total     = subtotal − discount + shipping + tax, floored at 0 (shipping and tax always paid)
 * Promotion lines (type 5) are left out of the subtotal: promotions count through the
 * promotions list, and counting both would take a promotion twice.
 */
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from './constants.ts';
import { ledger, percentOf } from './ledger.ts';
import { floorAtZero, lineTotal, parseCents, sumCents } from './money.ts';
import { prorate } from './prorate.ts';

export interface OrderLine {
  line_type: number;
  unit_price_cents: number;
  quantity: number;
  /** The line's whole discount in cents (not per unit). */
  discount_cents?: number;
}

/** A promotion as the API sends it; the first action's value is a money amount in major units (dollars). */
export interface Promotion {
  configuration?: { actions?: { value?: number | string | null }[] }[];
}

export interface OrderTotals {
  lineTotals: number[];
  subtotal: number;
  lineDiscount: number;
  promotionTotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Why: 0, 1 and 2 are the lines that are sold and discounted; other types (promotion lines) are not. */
export function isProductLine(line: { line_type: number }): boolean {
  return DISCOUNT_LINE_TYPES.includes(Number(line.line_type));
}

/** Why: an order update with no product line (type 0) is refused (spec §5, 'An order requires line items'). */
export function hasProductLines(lines: readonly { line_type: number }[]): boolean {
  return lines.some((l) => Number(l.line_type) === LINE_TYPES.PRODUCT);
}

/** Why: spec §9 — the promotion total is the first action value of each promotion, summed; a missing or junk value counts 0. */
export function promotionTotal(promotions: readonly Promotion[]): number {
  return sumCents(promotions.map((p) => parseCents(p?.configuration?.[0]?.actions?.[0]?.value) ?? 0));
}

/**
 * Why: one calculation of every figure the cart and order editor show, so both always agree; the
 * figures come from the one ledger (ledger.ts), so the promotions are capped at the goods left
 * after line discounts and never come off shipping or tax. A negative or junk promotion counts 0.
 */
export function orderTotals(
  lines: readonly OrderLine[],
  promotions: readonly Promotion[] = [],
  extras: { shippingCents?: number; taxCents?: number } = {},
): OrderTotals {
  const l = ledger({
    lines: lines.map((x, i) => ({
      key: i,
      lineType: Number(x.line_type),
      unitCents: x.unit_price_cents,
      quantity: x.quantity,
      discountCents: x.discount_cents ?? 0,
    })),
    promotions: promotions.map((p, i) => ({
      name: `promotion ${i + 1}`,
      amountCents: parseCents(p?.configuration?.[0]?.actions?.[0]?.value) ?? 0,
    })),
    shipping: [{ warehouseId: null, cents: extras.shippingCents ?? 0 }],
    taxes: [{ name: 'tax', fixedCents: extras.taxCents ?? 0, levied: 'goods' }],
  });
  return {
    lineTotals: lines.map((x) => lineTotal(x.unit_price_cents, x.quantity, x.discount_cents ?? 0)),
    subtotal: l.merchandise,
    lineDiscount: l.lineDiscount,
    promotionTotal: l.promotionDiscount,
    discount: l.goodsDiscount,
    shipping: l.shipping,
    tax: l.tax,
    // The ledger's total is never below zero while every line is; a credit line larger than the goods
    // still shows 0 (spec §5: client-side totals are floored at 0).
    total: floorAtZero(l.total),
  };
}

/** Why: spec §4 — an order is tax exempt when tax_exempt_id is neither empty nor 0 (null, '' and '0' included). */
export function isTaxExempt(tax_exempt_id: unknown): boolean {
  if (tax_exempt_id === null || tax_exempt_id === undefined || tax_exempt_id === false) return false;
  const s = String(tax_exempt_id).trim();
  return s !== '' && Number(s) !== 0;
}

/**
 * Why: the organisation discount is a percentage of a line's gross (unit × quantity), rounded
 * once to the cent; the cart, checkout and the demo seed all take it from here.
 * `percent` is the organisation's discount as stored ('5.00' = 5 %).
 */
export function orgDiscountCents(grossCents: number, percent: string | number): number {
  return percentOf(grossCents, percent);
}

/**
 * Why: the promotion total comes off the product lines in proportion to their totals (largest
 * remainder, so the shares sum exactly), never more than the lines are worth. Returns each
 * line's share, in the order given.
 */
export function spreadPromotion(lineTotalsCents: readonly number[], promotionCents: number): number[] {
  const weights = lineTotalsCents.map((t) => Math.max(0, t));
  const spread = Math.min(
    promotionCents,
    weights.reduce((s, w) => s + w, 0),
  );
  return spread > 0 ? prorate(weights, spread) : weights.map(() => 0);
}
