/**
 * Stock codes of configured products (spec §5).
 *
 * Format: the product's base stock code, then one segment per selected option, in option order,
 * each preceded by '-'. A segment is the choice's stock-code value left-padded with zeros to at
 * least 3 characters. For a quantity option (type 1) the quantity, 0..35, is appended to the value
 * as one character, 0-9 then A-Z for 10-35, before padding.
 *
 * Example: base 'DEMO-CONFIG'; choice '8'; choice '30'; quantity option '4' with quantity 10
 *   → 'DEMO-CONFIG-008-030-04A'
 */
import { clampOptionQuantity, OPTION_MAX, OPTION_MIN, QUANTITY_OPTION_TYPE } from './quantity.ts';

/** One selected option choice as the stock code needs it. */
export interface StockCodeSelection {
  stockCodeValue: string;
  optionType: number;
  quantity: number;
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Why: a quantity must fit one stock-code character: 0-9, then A-Z for 10-35; out-of-range values are forced in. */
export function encodeOptionQuantity(q: number): string {
  const n = Number.isNaN(q) ? OPTION_MIN : Math.min(OPTION_MAX, Math.max(OPTION_MIN, Math.trunc(q)));
  return DIGITS[n];
}

/** Why: stock-code segments have a fixed minimum width so codes sort and read alike. */
export function padSegment(s: string, width = 3): string {
  return String(s).padStart(width, '0');
}

/** Why: the warehouse identifies a configured product by this code, so server and browser must build it identically. */
export function buildStockCode(base: string, selections: readonly StockCodeSelection[]): string {
  let code = base;
  for (const s of selections) {
    const value =
      s.optionType === QUANTITY_OPTION_TYPE
        ? s.stockCodeValue + encodeOptionQuantity(clampOptionQuantity(s.quantity, QUANTITY_OPTION_TYPE))
        : s.stockCodeValue;
    code += `-${padSegment(value)}`;
  }
  return code;
}
