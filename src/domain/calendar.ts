/**
 * Calendar grids (spec §9: the week starts on Sunday). Pure: dates are ISO calendar days
 * ('2026-06-05'), computed in UTC so no time zone shifts a day.
 */
import { WEEK_STARTS_ON, daysInMonth, type CalendarDate } from './dates.ts';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY_MS = 86_400_000;

export const isoDay = (d: CalendarDate): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export function parseIsoDay(s: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= daysInMonth(d.year, d.month) ? d : null;
}

const toUtc = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): CalendarDate => {
  const x = new Date(ms);
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};

export function addDays(d: CalendarDate, n: number): CalendarDate {
  return fromUtc(toUtc(d) + n * DAY_MS);
}

/** The Sunday (WEEK_STARTS_ON) on or before the day. */
export function startOfWeek(d: CalendarDate): CalendarDate {
  const dow = new Date(toUtc(d)).getUTCDay();
  return addDays(d, -((dow - WEEK_STARTS_ON + 7) % 7));
}

/** Same day-of-month n months later, clamped to the month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(d: CalendarDate, n: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

/**
 * The days a view shows: a month is whole weeks from the Sunday on or before the 1st to the
 * Saturday on or after the last day (4 to 6 rows of 7); a week is Sunday..Saturday; the agenda
 * is the 30 days from the anchor.
 */
export function viewRange(view: CalendarView, anchor: CalendarDate): { from: CalendarDate; days: number } {
  if (view === 'week') return { from: startOfWeek(anchor), days: 7 };
  if (view === 'agenda') return { from: anchor, days: 30 };
  const first = { year: anchor.year, month: anchor.month, day: 1 };
  const from = startOfWeek(first);
  const last = { year: anchor.year, month: anchor.month, day: daysInMonth(anchor.year, anchor.month) };
  const to = addDays(startOfWeek(last), 6);
  return { from, days: Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1 };
}

/** The anchor of the previous / next page of a view. */
export function stepAnchor(view: CalendarView, anchor: CalendarDate, dir: 1 | -1): CalendarDate {
  if (view === 'month') return addMonths({ ...anchor, day: 1 }, dir);
  return addDays(anchor, dir * (view === 'week' ? 7 : 30));
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function partsInZone(d: Date, timeZone: string) {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormats.set(timeZone, f);
  }
  const o: Record<string, string> = {};
  for (const p of f.formatToParts(d)) o[p.type] = p.value;
  return { y: Number(o.year), mo: Number(o.month), d: Number(o.day), h: Number(o.hour) % 24, mi: Number(o.minute) };
}

/** Why: an event belongs to the calendar day of the business's time zone, not of UTC. */
export function dayInZone(d: Date, timeZone: string): string {
  const p = partsInZone(d, timeZone);
  return isoDay({ year: p.y, month: p.mo, day: p.d });
}

/** 'HH:MM' (24 h) of an instant in a zone: what the editor's time inputs hold. */
export function timeInZone(d: Date, timeZone: string): string {
  const p = partsInZone(d, timeZone);
  return `${String(p.h).padStart(2, '0')}:${String(p.mi).padStart(2, '0')}`;
}

/** Why: the editor's wall-clock time in the business's zone becomes one instant (daylight saving included). */
export function zonedToUtc(day: CalendarDate, hh: number, mm: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hh, mm);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = partsInZone(new Date(guess), timeZone);
    const seen = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi);
    guess += wall - seen;
  }
  return new Date(guess);
}

/** What the event editor sends, after its dates were parsed by the §5 rules. */
export type EventInput = { date: CalendarDate; endDate?: CalendarDate; allDay: boolean; start?: string; end?: string };

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * Why: one rule, shared by the editor and the server, for the instants an event covers: an all-day
 * event runs 00:00 to 23:59 of its days in the business's time zone; a timed one needs a start, and its end (default: the
 * start) may not come before it. Returns the field that is wrong otherwise.
 */
export function eventWindow(
  e: EventInput,
  timeZone = 'UTC',
): { startsAt: Date; endsAt: Date } | { field: 'start' | 'end' | 'endDate'; message: string } {
  const at = (d: CalendarDate, hhmm: string) => {
    const [, h, m] = TIME.exec(hhmm)!;
    return zonedToUtc(d, Number(h), Number(m), timeZone);
  };
  if (!e.allDay && (!e.start || !TIME.test(e.start)))
    return { field: 'start', message: 'Enter a start time as hh:mm.' };
  if (!e.allDay && e.end && !TIME.test(e.end)) return { field: 'end', message: 'Enter an end time as hh:mm.' };
  const last = e.endDate ?? e.date;
  const startsAt = at(e.date, e.allDay ? '00:00' : e.start!);
  const endsAt = at(last, e.allDay ? '23:59' : e.end || e.start!);
  if (endsAt < startsAt)
    return e.endDate && isoDay(e.endDate) < isoDay(e.date)
      ? { field: 'endDate', message: 'The end date must be on or after the start date.' }
      : { field: 'end', message: 'The event must end after it starts.' };
  return { startsAt, endsAt };
}
