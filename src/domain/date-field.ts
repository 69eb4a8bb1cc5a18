/**
 * A date typed into a picker field (spec §5, §9), composed from dates.ts: the flexible parse
 * (several day/month/year orders, two-digit years 0–38 → 20xx, 70–99 → 19xx), no earlier than
 * `min` (default: today) and at most 21 years ahead, shown as mm/dd/yy.
 */
import { formatPickerDate, maxPickerDate, parseFlexibleDate, type CalendarDate } from './dates.ts';

export type DateFieldResult =
  | { ok: true; date: CalendarDate; iso: string; display: string }
  | { ok: false; error: 'format' | 'past' | 'future' };

const iso = (d: CalendarDate) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const utcDay = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });

export function checkDateField(input: string, now: Date, opts: { allowPast?: boolean } = {}): DateFieldResult {
  const date = parseFlexibleDate(input);
  if (!date) return { ok: false, error: 'format' };
  const value = iso(date);
  if (!opts.allowPast && value < iso(utcDay(now))) return { ok: false, error: 'past' };
  if (value > iso(utcDay(maxPickerDate(now)))) return { ok: false, error: 'future' };
  return { ok: true, date, iso: value, display: formatPickerDate(date) };
}

export const DATE_FIELD_MESSAGES = {
  format: 'Enter a date such as 05/13/27.',
  past: 'Choose today or a later date.',
  future: 'Choose a date within the next 21 years.',
} as const;
