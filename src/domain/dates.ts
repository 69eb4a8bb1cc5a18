/**
 * Date rules (spec §5, §9): flexible parsing of typed dates, the date picker's limits and format,
 * and the short time display. Pure: `now`, the locale and the time zone are always passed in.
 */
import { DATE_PICKER_MAX_YEARS } from './constants.ts';
import { intlLocale } from './locale-tag.ts';

/** A calendar date with a 1-based month. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The part orders a typed date may use. */
export type DateOrder = 'mdy' | 'dmy' | 'ymd';

/** The date picker's week starts on Sunday (0, as Date#getDay counts). */
export const WEEK_STARTS_ON = 0;

/**
 * Two-digit years up to this pivot (0..38) are 20xx; above it (39..99) are 19xx. The spec names
 * 0-38 → 20xx and 70-99 → 19xx; 39-69 is unstated and taken as 19xx, so a one-century window
 * ending in 2038 covers every two-digit year.
 */
export const TWO_DIGIT_YEAR_PIVOT = 38;

const SEPARATORS = /[/\-.\s]+/;

/** Why: a two- (or one-) digit year needs a century; four digits are taken as written. */
function fullYear(s: string): number | null {
  if (/^\d{4}$/.test(s)) return Number(s) >= 1 ? Number(s) : null;
  if (/^\d{1,2}$/.test(s)) {
    const yy = Number(s);
    return yy <= TWO_DIGIT_YEAR_PIVOT ? 2000 + yy : 1900 + yy;
  }
  return null;
}

/** Why: the number of days in a month, leap years included, so 02/30 is refused. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why: true for a real calendar date (month 1..12, day within the month). */
export function isValidDate(d: CalendarDate): boolean {
  return (
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.year >= 1 &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= daysInMonth(d.year, d.month)
  );
}

/**
 * Why: people type dates as 5/13/24, 13.05.2024 or 2024-05-13; each order is tried in turn and the
 * first that makes a real date wins. Separators: / - . or spaces. Month and day take 1-2 digits,
 * the year 1-2 or 4 (in first place for ymd, last place otherwise). Null when nothing fits.
 */
export function parseFlexibleDate(
  input: string,
  order: readonly DateOrder[] = ['mdy', 'dmy', 'ymd'],
): CalendarDate | null {
  const parts = String(input).trim().split(SEPARATORS);
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p))) return null;
  for (const o of order) {
    const [y, m, d] =
      o === 'ymd'
        ? [parts[0], parts[1], parts[2]]
        : o === 'mdy'
          ? [parts[2], parts[0], parts[1]]
          : [parts[2], parts[1], parts[0]];
    if (m.length > 2 || d.length > 2) continue;
    const year = fullYear(y);
    if (year === null) continue;
    const date = { year, month: Number(m), day: Number(d) };
    if (isValidDate(date)) return date;
  }
  return null;
}

/**
 * Why: the date picker allows dates up to 21 years ahead. Computed in UTC; Feb 29 maps to Feb 28
 * when the target year is not a leap year (rather than rolling into March).
 */
export function maxPickerDate(now: Date): Date {
  const d = new Date(now.getTime());
  const year = d.getUTCFullYear() + DATE_PICKER_MAX_YEARS;
  const month = d.getUTCMonth();
  d.setUTCFullYear(year, month, Math.min(now.getUTCDate(), daysInMonth(year, month + 1)));
  return d;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Why: the picker's display format is mm/dd/yy (spec §9). */
export function formatPickerDate(d: CalendarDate): string {
  return `${pad2(d.month)}/${pad2(d.day)}/${pad2(((d.year % 100) + 100) % 100)}`;
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/** Why: the calendar day and wall-clock time of an instant in a given zone, read with Latin digits whatever the UI locale. */
function zonedParts(date: Date, timeZone: string): ZonedParts {
  let fmt = zonedFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zonedFormatters.set(timeZone, fmt);
  }
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute };
}

/**
 * Why: times are shown short (spec §9): '4:05 pm' for today, and 'Tue, Nov 3, 4:05 pm' for any
 * other day, "today" being judged in the given time zone. The weekday/month/day part follows the
 * locale; the time is always h:mm am/pm as the spec fixes it.
 */
export function formatTimeDisplay(date: Date, now: Date, locale: string, timeZone = 'UTC'): string {
  const p = zonedParts(date, timeZone);
  const n = zonedParts(now, timeZone);
  const time = `${p.hour % 12 || 12}:${pad2(p.minute)} ${p.hour < 12 ? 'am' : 'pm'}`;
  if (p.year === n.year && p.month === n.month && p.day === n.day) return time;
  return `${formatDate(date, locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone })}, ${time}`;
}

/** What formatDate reads: an instant, or a calendar day written 'YYYY-MM-DD'. */
export type DateInput = Date | string | number;

/**
 * How formatDate writes it: Intl's options (dateStyle 'medium' when none are given), with
 * `timeZone` the zone the code knows (a warehouse's, the calendar's), 'UTC' when it knows none, or
 * 'local' for the device's own clock (an island telling its user when they saved).
 */
export type DateFormat = Omit<Intl.DateTimeFormatOptions, 'timeZone'> & { timeZone?: string };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * THE date formatter: every date a person reads (pages, mail, islands) is written here, in the
 * page's language (`locale`: ours, 'fr-ca', or a BCP 47 tag). A calendar day ('2026-12-01', or a
 * timestamp's date part when it is only a day) is that day whatever the zone: it is read in UTC.
 * Empty input gives ''; input that is not a date is returned as it is (never a thrown RangeError
 * in the middle of a page).
 */
export function formatDate(value: DateInput | null | undefined, locale: string, format: DateFormat = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const day = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}$/.exec(value.trim()) : null;
  const date = day ? new Date(`${day[0]}T00:00:00Z`) : value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const { timeZone = 'UTC', ...rest } = format;
  const options: Intl.DateTimeFormatOptions = Object.keys(rest).length ? rest : { dateStyle: 'medium' };
  const zone = day ? 'UTC' : timeZone === 'local' ? undefined : timeZone;
  const tag = intlLocale(locale);
  const key = `${tag}|${zone ?? 'local'}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
    // Bounded: a handful of locales × formats × zones in practice.
    if (dateFormats.size < 500) dateFormats.set(key, f);
  }
  return f.format(date);
}

/**
 * A calendar day ('2026-12-01', a delivery or resupply date) in the page's language: 'Dec 1, 2026'
 * (en-us), '1 déc. 2026' (fr-ca). Input that is not a date is returned as it is.
 */
export function formatCalendarDay(iso: string, locale: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(String(iso));
  return m ? formatDate(m[1], locale) : String(iso);
}
