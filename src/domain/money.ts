/**
 * Money as integer minor units (cents). Amounts enter as decimal strings or numbers, are turned
 * into cents exactly (decimal arithmetic on BigInt, never float multiplication), and every
 * rounding to 2 decimals goes through this file, half away from zero.
 *
 * Numbers are read through `toPrecision(15)`: fifteen significant digits is what a double holds
 * faithfully, so float noise such as 4.034999999999999 (from 1.345 * 3) reads as 4.035, and
 * 1.005 reads as 1.005 rather than its binary value 1.00499999...
 *
 * Cents assume a currency with 2 decimals (USD, CAD, MXN are the channel currencies).
 */
import { intlLocale } from './locale-tag.ts';

export { intlLocale };

/** How to drop digits beyond the cent: 'half-away' (1.005 → 1.01, -1.005 → -1.01) or 'down' (toward zero). */
export type Rounding = 'half-away' | 'down';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,6}))?$/i;

/** A decimal as sign × mantissa × 10^exponent, so money maths can stay exact. */
interface Decimal {
  negative: boolean;
  mantissa: bigint;
  exponent: number;
}

/** Why: one parser for strings and numbers, so '12.345' and 12.345 give the same cents. */
function parseDecimal(v: string | number): Decimal | null {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    s = v.toPrecision(15);
  } else if (typeof v === 'string') {
    s = v.trim();
  } else {
    return null;
  }
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  if (int === '' && frac === '') return null;
  return { negative: sign === '-', mantissa: BigInt(int + frac), exponent: Number(exp) - frac.length };
}

/** Why: mantissa × 10^exp rounded to an integer is the one rounding step every function shares. */
function roundScaled(negative: boolean, mantissa: bigint, exp: number, mode: Rounding): bigint {
  let q: bigint;
  if (mantissa === 0n) {
    q = 0n;
  } else if (exp >= 0) {
    if (exp > 40) throw new RangeError('Amount out of range');
    q = mantissa * 10n ** BigInt(exp);
  } else if (-exp > mantissa.toString().length + 1) {
    q = 0n; // below a tenth of the unit: rounds to zero either way
  } else {
    const d = 10n ** BigInt(-exp);
    q = mantissa / d;
    if (mode === 'half-away' && 2n * (mantissa % d) >= d) q += 1n;
  }
  return negative ? -q : q;
}

/** Why: turns a BigInt result back into a JS number only when it is exactly representable. */
function safeNumber(b: bigint): number {
  if (b > BigInt(Number.MAX_SAFE_INTEGER) || b < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('Amount out of range');
  }
  return Number(b);
}

/** Why: converts a user or API amount to cents exactly; throws RangeError when it is not a decimal number. */
export function toCents(v: string | number, rounding: Rounding = 'half-away'): number {
  const d = parseDecimal(v);
  if (!d) throw new RangeError(`Not a decimal amount: ${String(v)}`);
  return safeNumber(roundScaled(d.negative, d.mantissa, d.exponent + 2, rounding));
}

/** Why: like toCents for input that may be empty or junk (form fields), giving null instead of throwing. */
export function parseCents(v: unknown, rounding: Rounding = 'half-away'): number | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  try {
    return toCents(v, rounding);
  } catch {
    return null;
  }
}

/** Why: the API and forms speak decimal strings ('12.30'); cents are turned back without float formatting. */
export function fromCents(c: number): string {
  if (!Number.isSafeInteger(c)) throw new RangeError(`Cents must be an integer: ${c}`);
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Why: the one rounding-to-2-decimals for dollar numbers, half away from zero and immune to float noise (1.005 → 1.01). */
export function round2(n: number): number {
  // Beyond 1e15 a double has no cents left to round (and NaN/Infinity pass through like Math.round).
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) return n;
  const d = parseDecimal(n) as Decimal;
  return Number(roundScaled(d.negative, d.mantissa, d.exponent + 2, 'half-away')) / 100;
}

/** Why: a price in another currency is multiplied by the channel's mid_market_rate and rounded to cents exactly once. */
export function convert(cents: number, rate: string | number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const r = parseDecimal(rate);
  if (!r || (r.negative && r.mantissa !== 0n)) throw new RangeError(`Not a valid rate: ${String(rate)}`);
  const negative = cents < 0;
  return safeNumber(roundScaled(negative, BigInt(Math.abs(cents)) * r.mantissa, r.exponent, 'half-away'));
}

/**
 * Why: a price in a currency other than USD reaches another channel through USD: cents × toRate /
 * fromRate (both rates are units per USD), computed exactly and rounded to the cent once.
 */
export function convertBetween(cents: number, fromRate: string | number, toRate: string | number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const f = parseDecimal(fromRate);
  const t = parseDecimal(toRate);
  if (!f || f.negative || f.mantissa === 0n) throw new RangeError(`Not a valid rate: ${String(fromRate)}`);
  if (!t || (t.negative && t.mantissa !== 0n)) throw new RangeError(`Not a valid rate: ${String(toRate)}`);
  const exp = t.exponent - f.exponent;
  let num = BigInt(Math.abs(cents)) * t.mantissa;
  let den = f.mantissa;
  if (exp >= 0) num *= 10n ** BigInt(exp);
  else den *= 10n ** BigInt(-exp);
  const q = (2n * num + den) / (2n * den);
  return safeNumber(cents < 0 ? -q : q);
}

/** The currency promotions, shipping tables and all-channel reports are kept in. */
export const BASE_CURRENCY = 'USD';

/**
 * Why: a report or chart filtered to one channel is in that channel's currency; across every
 * channel (or for a code no channel has) it is in the base currency. One rule for the reports
 * page, its JSON and the dashboard.
 */
export function reportCurrency(
  channelCode: string | null | undefined,
  channels: readonly { code: string; currency: string }[],
): string {
  return (channelCode ? channels.find((c) => c.code === channelCode)?.currency : undefined) ?? BASE_CURRENCY;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Why: prices show in the channel's currency and the page's locale; an unknown currency code degrades to '12.30 XYZ' rather than breaking the page. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const tag = intlLocale(locale);
  const code = String(currency).trim().toUpperCase();
  const key = `${tag}|${code}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    try {
      fmt = new Intl.NumberFormat(tag, { style: 'currency', currency: code });
    } catch {
      return `${fromCents(cents)} ${code}`;
    }
    formatters.set(key, fmt);
  }
  return fmt.format(cents / 100);
}

/**
 * Why: an amount shared out evenly (a line's price per unit after its promotions, an average order
 * value) is rounded like every other amount here, half away from zero, exactly (BigInt), never by
 * Math.round (half up: −2.5 → −2) or through float dollars.
 */
export function divideCents(cents: number, divisor: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  if (!Number.isSafeInteger(divisor) || divisor <= 0)
    throw new RangeError(`Divisor must be a whole number above 0: ${divisor}`);
  const n = BigInt(Math.abs(cents));
  const d = BigInt(divisor);
  const q = (2n * n + d) / (2n * d);
  return safeNumber(cents < 0 ? -q : q);
}

/** Why: a chart plots numbers, not strings; cents become major units once, here, from the exact 2-decimal text. */
export function toMajor(cents: number): number {
  return Number(fromCents(cents));
}

/** Why: client-side order totals and discounts never go below zero (spec §5). */
export function floorAtZero(cents: number): number {
  return cents > 0 ? cents : 0;
}

/** Why: sums cents and refuses non-integers, which would mean dollars slipped in. */
export function sumCents(list: readonly number[]): number {
  let total = 0;
  for (const c of list) {
    if (!Number.isSafeInteger(c)) throw new RangeError(`Cents must be an integer: ${c}`);
    total += c;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Amount out of range');
  return total;
}

/** Why: a line's total is unit price × quantity less the line's whole discount; not floored, so promotion lines may be negative. */
export function lineTotal(unitCents: number, qty: number, discountCents = 0): number {
  return sumCents([unitCents * qty, -discountCents]);
}

/**
 * A sum for a summary card: exact below a million, compact above it ("$478.7M"), with the exact
 * figure kept for a tooltip and for assistive technology by the caller.
 */
export function formatMoneyCompact(
  cents: number,
  currency: string,
  locale: string,
): { text: string; exact: string; compact: boolean } {
  const exact = formatMoney(cents, currency, locale);
  if (Math.abs(cents) < 100_000_000) return { text: exact, exact, compact: false };
  try {
    const text = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: String(currency).trim().toUpperCase(),
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(cents / 100);
    return { text, exact, compact: true };
  } catch {
    return { text: exact, exact, compact: false };
  }
}
