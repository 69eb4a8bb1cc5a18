/** The calendar editor's form: its fields, a blank event, and the client-side check with the shared rules. */
import { eventWindow } from '../../src/domain/calendar.ts';
import { maxPickerDate, parseFlexibleDate } from '../../src/domain/dates.ts';
import { ISLAND_ERRORS } from '../../src/i18n/text/islands-en.ts';
import { shownMessages } from '../lib/errors.ts';
import { isAppRequestError } from '../lib/request.ts';
import { type IslandTextName, text } from '../lib/text.ts';

export type EventForm = {
  id?: number;
  title: string;
  date: string;
  endDate: string;
  allDay: boolean;
  start: string;
  end: string;
  description: string;
};

export type Errors = Record<string, string>;

export type Props = {
  /** The business's time zone: typed times are wall-clock times there. */
  timeZone: string;
  endpoint: string;
  defaultDate: string;
  maxDate: string;
  events: (EventForm & { id: number })[];
  labels: Record<string, string>;
  deleteConfirm: string;
};

export const EMPTY = (date: string): EventForm => ({
  title: '',
  date,
  endDate: '',
  allDay: false,
  start: '09:00',
  end: '10:00',
  description: '',
});

/** The shared rules' messages (src/domain/calendar.ts eventWindow), as the islands' text names them. */
const WINDOW_TEXT: Record<string, IslandTextName> = Object.fromEntries(
  (['eventStart', 'eventEnd', 'eventEndDateOrder', 'eventEndOrder'] as const).map((n) => [ISLAND_ERRORS[n], n]),
);

/** Client-side check with the shared rules; the server checks the same again. */
export function check(f: EventForm, timeZone: string): Errors {
  const errors: Errors = {};
  if (!f.title.trim()) errors.title = text('eventTitle');
  const date = parseFlexibleDate(f.date);
  if (!date) errors.date = text('eventDate');
  const endDate = f.endDate.trim() ? parseFlexibleDate(f.endDate) : undefined;
  if (endDate === null) errors.endDate = text('eventEndDate');
  if (date && endDate !== null) {
    const w = eventWindow({ date, endDate, allDay: f.allDay, start: f.start, end: f.end }, timeZone);
    if ('field' in w) errors[w.field] = WINDOW_TEXT[w.message] ? text(WINDOW_TEXT[w.message]) : w.message;
    else if (w.endsAt > maxPickerDate(new Date())) errors[f.endDate ? 'endDate' : 'date'] = text('eventTooFar');
  }
  return errors;
}

/** What a save sends: the form's fields without its id. */
export const eventBody = (form: EventForm) => ({
  title: form.title,
  date: form.date,
  endDate: form.endDate,
  allDay: form.allDay,
  start: form.start,
  end: form.end,
  description: form.description,
});

/** A refused save: the server's field errors beside their fields, else its message at the top. */
export function saveErrors(err: unknown, fallback: string): Errors {
  if (isAppRequestError(err)) {
    const fields = (err.body as { error?: { fields?: Errors } })?.error?.fields;
    return fields && Object.keys(fields).length ? fields : { _: shownMessages(err)[0] };
  }
  return { _: fallback };
}
