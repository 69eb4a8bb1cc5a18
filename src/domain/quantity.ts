/**
 * Quantity limits and clamps (spec §5). The clamps are forgiving, for buttons and typed input in
 * the browser: whatever is typed becomes an allowed value. parseQuantity is strict, for the
 * server, which must reject rather than guess.
 */

/** Cart line quantity range. */
export const CART_MIN = 1;
export const CART_MAX = 999;

/** Product option quantity range; 35 is the largest value a one-character stock-code suffix (Z) can carry. */
export const OPTION_MIN = 0;
export const OPTION_MAX = 35;

/** Option type whose choices carry a quantity; other options are on (1) or off (0). */
export const QUANTITY_OPTION_TYPE = 1;

/** Why: numbers and numeric strings count as numeric; anything else (empty, null, booleans) does not. */
function numeric(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v.trim());
  return Number.NaN;
}

/** Why: cart quantity buttons and typed input must always land in 1..999; junk becomes 1, fractions are truncated. */
export function clampCartQuantity(v: unknown): number {
  const n = numeric(v);
  if (Number.isNaN(n)) return CART_MIN;
  return Math.min(CART_MAX, Math.max(CART_MIN, Math.trunc(n)));
}

/** Why: option quantities stay in 0..35, and only quantity options (type 1) may go above 1. */
export function clampOptionQuantity(v: unknown, optionType: number): number {
  const n = numeric(v);
  if (Number.isNaN(n)) return OPTION_MIN;
  const q = Math.min(OPTION_MAX, Math.max(OPTION_MIN, Math.trunc(n)));
  return optionType === QUANTITY_OPTION_TYPE ? q : Math.min(q, 1);
}

/** Why: the server accepts only a whole number (number or digit string, optional sign); null means "reject", the range check is the caller's. */
export function parseQuantity(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v || 0 : null;
  if (typeof v !== 'string' || !/^\s*[+-]?\d{1,15}\s*$/.test(v)) return null;
  return Number(v.trim()) || 0;
}
