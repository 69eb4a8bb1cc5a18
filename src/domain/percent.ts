/**
 * Percentages in the page's language: fr-ca writes "16,12 %", en-us "16.12%". A rate
 * given in percent ('16.12', 9.9) keeps up to two decimals; shared by views and islands.
 */
import { intlLocale } from './locale-tag.ts';

const formats = new Map<string, Intl.NumberFormat>();
const format = (locale: string, style: 'decimal' | 'percent', digits: number, minDigits: number) => {
  const key = `${locale}|${style}|${digits}|${minDigits}`;
  let f = formats.get(key);
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat(intlLocale(locale), {
        style,
        minimumFractionDigits: Math.min(minDigits, digits),
        maximumFractionDigits: digits,
      })),
    );
  return f;
};

/** 16.12 → '16,12 %' (fr-ca), '16.12%' (en-us); digits = most decimals shown, minDigits = fewest
 * (an APR is disclosed with two: '0.00%'). */
export function formatPercent(percent: number | string, locale: string, digits = 2, minDigits = 0): string {
  const n = Number(percent);
  return Number.isFinite(n) ? format(locale, 'percent', digits, minDigits).format(n / 100) : String(percent);
}

/** The number alone, for texts that place their own percent sign ('{{apr}} %'): 16.12 → '16,12' (fr-ca). */
export function formatRateNumber(percent: number | string, locale: string, digits = 2, minDigits = 0): string {
  const n = Number(percent);
  return Number.isFinite(n) ? format(locale, 'decimal', digits, minDigits).format(n) : String(percent);
}
