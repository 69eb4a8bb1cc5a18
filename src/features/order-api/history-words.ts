/**
 * An order's history in words: one entry per save of the order editor, naming the
 * products by title (never a line id), each change (quantity 2 → 3, added, removed, tax exemption,
 * shipping removed, status, PO number…), the total before → after in money, and who saved it:
 *
 *   'Quick Hitch: quantity 2 → 3, total $2,714.11 → $3,424.14, by staff@example.com'
 *
 * The entry stores the changes as data (logs.data.words) so each reader sees it in their own
 * language (historyText with their translator); logs.message keeps the English sentence.
 */
import { formatMoney, toCents } from '../../domain/money.ts';
import { en as coreEn } from '../../i18n/text/en.ts';
import { orderHistoryText } from '../../i18n/text/order-history.ts';
import type { Snapshot } from './writes.ts';

export type HistoryChange =
  | { kind: 'quantity'; title: string; from: number; to: number }
  | { kind: 'added'; title: string; quantity: number }
  | { kind: 'removed'; title: string; quantity: number }
  | { kind: 'tax_exempt'; from: string | null; to: string | null }
  | { kind: 'shipping_removed'; method: string | null }
  | { kind: 'status'; from: string; to: string }
  | { kind: 'po'; from: string | null; to: string | null }
  | { kind: 'attention'; from: string | null; to: string | null }
  | { kind: 'notes' };

export type HistoryWords = {
  changes: HistoryChange[];
  total_before_cents: number;
  total_after_cents: number;
  currency: string;
  by: string;
};

type Vars = Record<string, string | number>;
export type WordsTranslate = (key: string, vars?: Vars) => string;

const exempt = (v: string | null) => (v && v !== '0' ? v : null);

/** Why: what a save changed, in the order a person reads it: lines first (by title), then the order's fields. */
export function historyChanges(before: Snapshot, after: Snapshot): HistoryChange[] {
  const changes: HistoryChange[] = [];
  const afterById = new Map(after.lines.map((l) => [l.id, l]));
  const beforeIds = new Set(before.lines.map((l) => l.id));
  for (const b of before.lines) {
    const a = afterById.get(b.id);
    if (!a) changes.push({ kind: 'removed', title: b.title, quantity: b.quantity });
    else if (a.quantity !== b.quantity)
      changes.push({ kind: 'quantity', title: b.title, from: b.quantity, to: a.quantity });
  }
  for (const a of after.lines)
    if (!beforeIds.has(a.id)) changes.push({ kind: 'added', title: a.title, quantity: a.quantity });
  if (exempt(before.tax_exempt_id) !== exempt(after.tax_exempt_id))
    changes.push({ kind: 'tax_exempt', from: exempt(before.tax_exempt_id), to: exempt(after.tax_exempt_id) });
  if (before.shipment_method && !after.shipment_method)
    changes.push({ kind: 'shipping_removed', method: before.shipment_method });
  if (before.status !== after.status) changes.push({ kind: 'status', from: before.status, to: after.status });
  if ((before.po_number ?? null) !== (after.po_number ?? null))
    changes.push({ kind: 'po', from: before.po_number, to: after.po_number });
  if ((before.attention ?? null) !== (after.attention ?? null))
    changes.push({ kind: 'attention', from: before.attention, to: after.attention });
  if ((before.notes ?? null) !== (after.notes ?? null)) changes.push({ kind: 'notes' });
  return changes;
}

export function historyWords(before: Snapshot, after: Snapshot, currency: string, by: string): HistoryWords {
  return {
    changes: historyChanges(before, after),
    total_before_cents: toCents(before.total),
    total_after_cents: toCents(after.total),
    currency,
    by,
  };
}

/** Why: the one sentence of a save, in the reader's language (t) and money format (locale). */
export function historyText(w: HistoryWords, t: WordsTranslate, locale: string): string {
  const none = t('oa.history.none');
  const status = (s: string) => t(`order.status.${s}`);
  const parts = w.changes.map((c) => {
    switch (c.kind) {
      case 'quantity':
        return t('oa.history.quantity', { title: c.title, from: c.from, to: c.to });
      case 'added':
        return t('oa.history.added', { title: c.title, quantity: c.quantity });
      case 'removed':
        return t('oa.history.removed', { title: c.title, quantity: c.quantity });
      case 'tax_exempt':
        return t('oa.history.taxExempt', { from: c.from ?? none, to: c.to ?? none });
      case 'shipping_removed':
        return t('oa.history.shippingRemoved', { method: c.method ?? '' }).replace(/\s+/g, ' ');
      case 'status':
        return t('oa.history.status', { from: status(c.from), to: status(c.to) });
      case 'po':
        return t('oa.history.po', { from: c.from ?? none, to: c.to ?? none });
      case 'attention':
        return t('oa.history.attention', { from: c.from ?? none, to: c.to ?? none });
      case 'notes':
        return t('oa.history.notes');
    }
  });
  if (!parts.length) parts.push(t('oa.history.noChange'));
  const money = (c: number) => formatMoney(c, w.currency, locale);
  parts.push(
    t('oa.history.total', { from: money(w.total_before_cents), to: money(w.total_after_cents) }),
    t('oa.history.by', { email: w.by }),
  );
  return parts.join(', ');
}

/** The English sentence stored in logs.message (readers of the log screen and exports see it as is). */
export function englishHistoryText(w: HistoryWords): string {
  const en = { ...coreEn, ...orderHistoryText.en } as Record<string, string>;
  const t: WordsTranslate = (key, vars = {}) =>
    (en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
  return historyText(w, t, 'en-us');
}

/** Whether a log entry's data carries a save in words. */
export function isHistoryWords(v: unknown): v is HistoryWords {
  return (
    !!v &&
    typeof v === 'object' &&
    Array.isArray((v as HistoryWords).changes) &&
    typeof (v as HistoryWords).by === 'string'
  );
}
