/**
 * Percentages in the page's language (issue 22): fr-ca writes "16,12 %", en-us "16.12%". A rate
 * given in percent ('16.12', 9.9) keeps up to two decimals; shared by views and islands.
 */
import { intlLocale } from './locale-tag.ts';

const formats = new Map<string, Intl.NumberFormat>();
const format = (locale: string, style: 'decimal' | 'percent', digits: number) => {
  const key = `${locale}|${style}|${digits}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(intlLocale(locale), { style, minimumFractionDigits: 0, maximumFractionDigits: digits })));
  return f;
};

/** 16.12 → '16,12 %' (fr-ca), '16.12%' (en-us); digits = most decimals shown. */
export function formatPercent(percent: number | string, locale: string, digits = 2): string {
  const n = Number(percent);
  return Number.isFinite(n) ? format(locale, 'percent', digits).format(n / 100) : String(percent);
}

/** The number alone, for texts that place their own percent sign ('{{apr}} %'): 16.12 → '16,12' (fr-ca). */
export function formatRateNumber(percent: number | string, locale: string, digits = 2): string {
  const n = Number(percent);
  return Number.isFinite(n) ? format(locale, 'decimal', digits).format(n) : String(percent);
}
