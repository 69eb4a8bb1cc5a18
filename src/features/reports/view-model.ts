/** Report rows → what a person reads: dates in the locale, statuses in words; filters → links. */
import type { Request } from 'express';
import { intlTag } from '../../i18n/locales.ts';
import { formatDate, formatPickerDate } from '../../domain/dates.ts';
import { parseIsoDay } from '../../domain/calendar.ts';

/** Why: a group key ('2026-05-03', '2026-05', 'on_hold') becomes the words of the row's first cell, in the page's locale. */
export function rowLabel(req: Request, group: string, key: string, label: string): string {
  const tag = intlTag(req.locale);
  if (group === 'day' || group === 'week') {
    const d = new Date(`${key}T00:00:00Z`);
    if (Number.isNaN(d.getTime())) return label;
    const text = formatDate(d, tag, { dateStyle: 'medium' });
    return group === 'week' ? req.t('reports.weekOf' as never, { date: text }) : text;
  }
  if (group === 'month') {
    const d = new Date(`${key}-01T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? label : formatDate(d, tag, { month: 'long', year: 'numeric' });
  }
  if (group === 'status') return req.t(`order.status.${key}` as never);
  return label;
}

/** Why: links (pages, CSV) carry every filter, dates as ISO days so they read back the same. */
export function reportQueryString(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === 'page' && v === 1) continue;
    p.set(k, typeof v === 'object' ? '' : String(v));
  }
  return p.toString();
}

/** The date field's shown value: what the person typed, else the resolved day as mm/dd/yy (spec §9). */
export function pickerValue(typed: unknown, iso: string | undefined): string {
  if (typeof typed === 'string' && typed.trim()) return typed;
  const d = iso ? parseIsoDay(iso) : null;
  return d ? formatPickerDate(d) : '';
}
