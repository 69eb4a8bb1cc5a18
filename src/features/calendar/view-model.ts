/** Calendar rows → the days of a view and the editor island's props. */
import type { Request } from 'express';
import {
  addDays,
  dayInZone,
  isoDay,
  parseIsoDay,
  stepAnchor,
  timeInZone,
  viewRange,
  type CalendarView,
} from '../../domain/calendar.ts';
import {
  formatDate,
  formatPickerDate,
  formatTimeDisplay,
  maxPickerDate,
  type CalendarDate,
  type DateFormat,
} from '../../domain/dates.ts';
import { intlTag } from '../../i18n/locales.ts';
import type { calendarRange } from './queries.ts';

type Range = Awaited<ReturnType<typeof calendarRange>>;

export type CalendarItem = {
  kind: 'event' | 'promotion' | 'delivery';
  id: number;
  title: string;
  time?: string;
  short?: string;
  href?: string;
  more?: number;
};
export type CalendarDay = {
  iso: string;
  day: number;
  inMonth: boolean;
  today: boolean;
  weekday: string;
  label: string;
  items: CalendarItem[];
};

/** Promotions start and end on calendar days stored as UTC midnight. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export function buildDays(
  req: Request,
  view: CalendarView,
  anchor: CalendarDate,
  range: Range,
  now: Date,
  tz: string,
): CalendarDay[] {
  const { from, days } = viewRange(view, anchor);
  const tag = intlTag(req.locale);
  const todayIso = dayInZone(now, tz);
  const t = (k: string, o?: Record<string, unknown>) => String(req.t(k as never, o as never));
  const out: CalendarDay[] = [];
  const byIso = new Map<string, CalendarDay>();
  for (let i = 0; i < days; i++) {
    const d = addDays(from, i);
    const iso = isoDay(d);
    const date = new Date(`${iso}T00:00:00Z`);
    const day: CalendarDay = {
      iso,
      day: d.day,
      inMonth: view !== 'month' || d.month === anchor.month,
      today: iso === todayIso,
      weekday: formatDate(date, tag, { weekday: 'short' }),
      label: formatDate(date, tag, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
      items: [],
    };
    out.push(day);
    byIso.set(iso, day);
  }
  for (const e of range.events) {
    const first = dayInZone(e.startsAt, tz);
    const last = dayInZone(e.endsAt ?? e.startsAt, tz);
    for (const day of out) {
      if (day.iso < first || day.iso > last) continue;
      // §9 time display (weekday, month and day before the time unless it is today); the month grid's
      // cells already name the day, so they show the time alone.
      const time = e.allDay ? t('calendar.allDay') : formatTimeDisplay(e.startsAt, now, req.locale, tz);
      const short = e.allDay ? t('calendar.allDay') : formatTimeDisplay(e.startsAt, e.startsAt, req.locale, tz);
      day.items.push({ kind: 'event', id: e.id, title: e.title, time, short });
    }
  }
  for (const p of range.promos) {
    for (const [at, word] of [
      [p.startsAt, 'calendar.promotionStarts'],
      [p.endsAt, 'calendar.promotionEnds'],
    ] as const) {
      const day = at ? byIso.get(dayOf(at)) : undefined;
      if (day) day.items.push({ kind: 'promotion', id: p.id, title: `${p.name} — ${t(word)}` });
    }
  }
  for (const d of range.deliveries) {
    const day = byIso.get(d.day);
    if (!day) continue;
    for (const id of d.ids)
      day.items.push({
        kind: 'delivery',
        id,
        title: t('calendar.deliveryOf', { id }),
        href: `/admin/orders/detail/${id}`,
      });
    if (d.orders > d.ids.length)
      day.items.push({
        kind: 'delivery',
        id: 0,
        title: t('calendar.more', { n: d.orders - d.ids.length }),
        more: d.orders - d.ids.length,
      });
  }
  return out;
}

export function viewLinks(req: Request, view: CalendarView, anchor: CalendarDate, now: Date, tz: string) {
  const base = `/${req.locale}/account/dashboard/calendar`;
  const href = (v: CalendarView, d: CalendarDate) => `${base}?view=${v}&date=${isoDay(d)}`;
  const today = parseIsoDay(dayInZone(now, tz))!;
  return {
    prev: href(view, stepAnchor(view, anchor, -1)),
    next: href(view, stepAnchor(view, anchor, 1)),
    today: href(view, today),
    views: (['month', 'week', 'agenda'] as const).map((v) => ({ view: v, href: href(v, anchor), current: v === view })),
  };
}

export function heading(req: Request, view: CalendarView, anchor: CalendarDate): string {
  const tag = intlTag(req.locale);
  const { from, days } = viewRange(view, anchor);
  const f = (d: CalendarDate, o: DateFormat) => formatDate(isoDay(d), tag, o);
  if (view === 'month') return f(anchor, { month: 'long', year: 'numeric' });
  const to = addDays(from, days - 1);
  return `${f(from, { month: 'short', day: 'numeric' })} – ${f(to, { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

/** The editor island's props: the staff events of the range as the form shows them (mm/dd/yy, hh:mm). */
export function editorProps(req: Request, anchor: CalendarDate, range: Range, now: Date, tz: string) {
  const t = (k: string, o?: Record<string, unknown>) => String(req.t(k as never, o as never));
  const pick = (d: Date) => formatPickerDate(parseIsoDay(dayInZone(d, tz))!);
  const max = maxPickerDate(now);
  const keys = [
    'editor.new',
    'editor.edit',
    'field.title',
    'field.date',
    'field.endDate',
    'field.start',
    'field.end',
    'field.allDay',
    'field.description',
    'dateHint',
    'save',
    'cancel',
    'delete',
    'deleteYes',
    'keep',
    'saved',
    'deleted',
    'unsaved.title',
    'unsaved.body',
    'unsaved.leave',
    'unsaved.stay',
    'error',
    'newEvent',
  ];
  return {
    timeZone: tz,
    endpoint: `/${req.locale}/account/dashboard/calendar/events`,
    defaultDate: formatPickerDate(anchor),
    maxDate: formatPickerDate({ year: max.getUTCFullYear(), month: max.getUTCMonth() + 1, day: max.getUTCDate() }),
    events: range.events.map((e) => ({
      id: e.id,
      title: e.title,
      date: pick(e.startsAt),
      endDate: e.endsAt && dayInZone(e.endsAt, tz) !== dayInZone(e.startsAt, tz) ? pick(e.endsAt) : '',
      allDay: e.allDay,
      start: e.allDay ? '' : timeInZone(e.startsAt, tz),
      end: e.allDay || !e.endsAt ? '' : timeInZone(e.endsAt, tz),
      description: e.description ?? '',
    })),
    labels: Object.fromEntries(keys.map((k) => [k, t(`calendar.${k}`)])) as Record<string, string>,
    deleteConfirm: t('calendar.deleteConfirm', { title: '{{title}}' }),
  };
}
