/**
 * Error messages in the visitor's language. Services throw AppErrors in English (the spec's
 * wording); this module finds the interface text key of such a message and its values:
 *   - an AppError may name its key and params itself (`withText(err, key, params)`);
 *   - otherwise its English sentence is looked up in src/i18n/text/errors*.ts: first exactly,
 *     then as a pattern (`'Quantity must be at least {{min}}.'` matches 'Quantity must be at
 *     least 1.' with min = '1'), the most specific pattern first.
 * A message with no row stays as it is (test/domain/error-text.test.ts keeps that list empty for
 * every message thrown in src). Pure: no framework imports.
 */
import { ERROR_ROWS } from './text/errors.ts';
import { ERROR_ROWS_ACCOUNT } from './text/errors-account.ts';
import { ERROR_ROWS_ADMIN } from './text/errors-admin.ts';
import { ERROR_ROWS_B2B } from './text/errors-b2b.ts';
import { ERROR_ROWS_CATALOG } from './text/errors-catalog.ts';
import { ERROR_ROWS_CHECKOUT } from './text/errors-checkout.ts';
import { ERROR_ROWS_CONTENT } from './text/errors-content.ts';
import { ERROR_ROWS_MISC } from './text/errors-misc.ts';
import { ERROR_ROWS_OPERATIONS } from './text/errors-operations.ts';
import { ERROR_ROWS_ORDERS } from './text/errors-orders.ts';
import { ERROR_ROWS_PAYMENTS } from './text/errors-payments.ts';
import { ERROR_ROWS_GUEST } from './text/guest.ts';
import { ERROR_ROWS_MACHINES } from './text/machines.ts';
import { ERROR_ROWS_CORES } from './text/cores.ts';
import { ERROR_ROWS_MACHINE_DOWN } from './text/machine-down.ts';
import { ERROR_ROWS_RETURNS } from './text/returns.ts';
import { ERROR_ROWS_BACKORDERS } from './text/backorders.ts';
import { ERROR_ROWS_SPLIT_SHIP } from './text/split-ship.ts';

export type ErrorText = { key: string; params?: Record<string, string> };

// Keys are numbered in this order and patterns of equal weight are tried in it: keep it stable.
const ROWS = [
  ...ERROR_ROWS,
  ...ERROR_ROWS_ACCOUNT,
  ...ERROR_ROWS_CATALOG,
  ...ERROR_ROWS_CHECKOUT,
  ...ERROR_ROWS_PAYMENTS,
  ...ERROR_ROWS_ORDERS,
  ...ERROR_ROWS_B2B,
  ...ERROR_ROWS_ADMIN,
  ...ERROR_ROWS_CONTENT,
  ...ERROR_ROWS_OPERATIONS,
  ...ERROR_ROWS_MISC,
  ...ERROR_ROWS_GUEST,
  ...ERROR_ROWS_MACHINES,
  ...ERROR_ROWS_CORES,
  ...ERROR_ROWS_MACHINE_DOWN,
  ...ERROR_ROWS_RETURNS,
  ...ERROR_ROWS_BACKORDERS,
  ...ERROR_ROWS_SPLIT_SHIP,
];

/** 'Quantity must be at least {{min}}.' → 'error.msg.quantity_must_be_at_least_min' (unique). */
function keysOf(rows: readonly (readonly [string, string, string])[]): string[] {
  const seen = new Set<string>();
  return rows.map(([en]) => {
    const slug =
      en
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .split('_')
        .slice(0, 9)
        .join('_') || 'message';
    let key = `error.msg.${slug}`;
    for (let n = 2; seen.has(key); n++) key = `error.msg.${slug}_${n}`;
    seen.add(key);
    return key;
  });
}

const KEYS = keysOf(ROWS);

/** The catalog area of these messages (merged into src/i18n/catalog.ts). */
export const errorTexts = {
  en: Object.fromEntries(ROWS.map((r, i) => [KEYS[i], r[0]])) as Record<string, string>,
  fr: Object.fromEntries(ROWS.map((r, i) => [KEYS[i], r[1]])) as Record<string, string>,
  es: Object.fromEntries(ROWS.map((r, i) => [KEYS[i], r[2]])) as Record<string, string>,
};

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const exact = new Map<string, string>();
type Pattern = { key: string; names: string[]; re: RegExp; literal: number };
const patterns: Pattern[] = [];

ROWS.forEach(([en], i) => {
  if (!PLACEHOLDER.test(en)) return void exact.set(en, KEYS[i]);
  PLACEHOLDER.lastIndex = 0;
  const names = [...en.matchAll(PLACEHOLDER)].map((m) => m[1]);
  const parts = en.split(PLACEHOLDER).filter((_, j) => j % 2 === 0);
  const re = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)')}$`, 's');
  patterns.push({ key: KEYS[i], names, re, literal: parts.join('').length });
});
patterns.sort((a, b) => b.literal - a.literal);

/** The key (and values) of an English error message, or null when it has no row. */
export function errorTextOf(message: string): ErrorText | null {
  const key = exact.get(message);
  if (key) return { key };
  for (const p of patterns) {
    const m = p.re.exec(message);
    if (m) return { key: p.key, params: Object.fromEntries(p.names.map((n, j) => [n, m[j + 1]])) };
  }
  return null;
}

type T = (key: string, params?: Record<string, string>) => string;

/**
 * The message in the translator's language; the English itself when it has no row. A value that
 * is itself interface text ('First name' in '{{label}} is required.') is translated too, through
 * `labelKey` (English text → key, given by the caller that holds the catalog).
 */
export function translateError(
  t: T,
  message: string,
  text: ErrorText | null = errorTextOf(message),
  labelKey?: (english: string) => string | undefined,
): string {
  if (!text) return message;
  const params =
    text.params &&
    Object.fromEntries(
      Object.entries(text.params).map(([n, v]) => {
        const key = labelKey?.(v);
        const label = key ? t(key) : v;
        return [n, typeof label === 'string' && label !== key ? label : v];
      }),
    );
  const out = params ? t(text.key, { ...params, interpolation: { escapeValue: false } } as never) : t(text.key);
  return typeof out === 'string' && out !== text.key ? out : message;
}
