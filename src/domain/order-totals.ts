/**
 * Order arithmetic shared by the cart, checkout and the staff order editor (spec §3, §5, §9), all
 * in integer cents:
 *   subtotal  = Σ unit price × quantity over product lines (types 0, 1, 2)
 *   discount  = Σ line discounts over those lines + Σ promotion values, floored at 0
 *   total     = subtotal − discount + shipping + tax, floored at 0
 * Promotion lines (type 5) are left out of the subtotal: promotions count through the
 * promotions list, and counting both would take a promotion twice.
 */
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from './constants.ts';
import { convert, floorAtZero, lineTotal, parseCents, sumCents, toCents } from './money.ts';
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

/** Why: one calculation of every figure the cart and order editor show, so both always agree. */
export function orderTotals(
  lines: readonly OrderLine[],
  promotions: readonly Promotion[] = [],
  extras: { shippingCents?: number; taxCents?: number } = {},
): OrderTotals {
  const product = lines.filter(isProductLine);
  const subtotal = sumCents(product.map((l) => l.unit_price_cents * l.quantity));
  const lineDiscount = sumCents(product.map((l) => l.discount_cents ?? 0));
  const promo = promotionTotal(promotions);
  const discount = floorAtZero(lineDiscount + promo);
  const shipping = extras.shippingCents ?? 0;
  const tax = extras.taxCents ?? 0;
  return {
    lineTotals: lines.map((l) => lineTotal(l.unit_price_cents, l.quantity, l.discount_cents ?? 0)),
    subtotal,
    lineDiscount,
    promotionTotal: promo,
    discount,
    shipping,
    tax,
    total: floorAtZero(sumCents([subtotal, -discount, shipping, tax])),
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
  const basisPoints = toCents(percent); // 5.00 % → 500
  if (!(basisPoints > 0) || grossCents <= 0) return 0;
  return convert(grossCents, `${basisPoints}e-4`);
}

/**
 * Why: the promotion total comes off the product lines in proportion to their totals (largest
 * remainder, so the shares sum exactly), never more than the lines are worth. Returns each
 * line's share, in the order given.
 */
export function spreadPromotion(lineTotalsCents: readonly number[], promotionCents: number): number[] {
  const weights = lineTotalsCents.map((t) => Math.max(0, t));
  const spread = Math.min(promotionCents, weights.reduce((s, w) => s + w, 0));
  return spread > 0 ? prorate(weights, spread) : weights.map(() => 0);
}
