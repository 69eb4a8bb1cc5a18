/**
 * The calendar editor, on the calendar's own path (spec §2). "New event" and every staff event
 * in the server-rendered view (buttons with data-calendar-event) open one dialog: create, edit,
 * move (change its date) or delete (after a confirmation). Dates are typed as mm/dd/yy and read
 * by the §5 rules of src/domain/dates.ts, limited to 21 years ahead (§9). While the form has
 * unsaved changes, leaving (a link, closing the dialog, closing the tab) asks first: the nav
 * warning modal. After a save the page reloads, so the server's view shows the truth.
 */
import { text, type IslandTextName } from '../lib/text.ts';
import { ISLAND_ERRORS } from '../../src/i18n/text/islands-en.ts';
import { shownMessages } from '../lib/errors.ts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { eventWindow } from '../../src/domain/calendar.ts';
import { maxPickerDate, parseFlexibleDate } from '../../src/domain/dates.ts';
import { isAppRequestError, request } from '../lib/request.ts';

type EventForm = {
  id?: number;
  title: string;
  date: string;
  endDate: string;
  allDay: boolean;
  start: string;
  end: string;
  description: string;
};

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

const EMPTY = (date: string): EventForm => ({
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
function check(f: EventForm, timeZone: string): Record<string, string> {
  const errors: Record<string, string> = {};
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

export default function CalendarEditor({
  timeZone,
  endpoint,
  defaultDate,
  maxDate,
  events,
  labels,
  deleteConfirm,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const leave = useRef<HTMLDialogElement>(null);
  const confirmDelete = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<EventForm>(EMPTY(defaultDate));
  const [initial, setInitial] = useState<EventForm>(EMPTY(defaultDate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pendingLeave = useRef<(() => void) | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty && !!dialog.current?.open;

  const open = (f: EventForm) => {
    setForm(f);
    setInitial(f);
    setErrors({});
    dialog.current?.showModal();
  };

  // Event chips are server-rendered outside this island: one delegated listener opens them.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const chip = (e.target as Element).closest?.('[data-calendar-event]');
      if (chip) {
        const ev = events.find((x) => x.id === Number(chip.getAttribute('data-calendar-event')));
        if (ev) open({ ...ev });
        return;
      }
      // The nav warning: a link followed with unsaved changes waits for the person's answer.
      const link = (e.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
      if (link && dirtyRef.current && !link.closest('dialog')) {
        e.preventDefault();
        pendingLeave.current = () => window.location.assign(link.href);
        leave.current?.showModal();
      }
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [events]);

  const set = (k: keyof EventForm) => (e: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    const value = k === 'allDay' ? (e.target as HTMLInputElement).checked : e.target.value;
    setForm((f) => ({ ...f, [k]: value }));
  };

  const close = () => {
    if (dirty) {
      pendingLeave.current = () => {
        setInitial(form);
        dialog.current?.close();
      };
      leave.current?.showModal();
      return;
    }
    dialog.current?.close();
  };

  const done = () => {
    dirtyRef.current = false;
    setInitial(form);
    window.location.reload();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(form, timeZone);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        title: form.title,
        date: form.date,
        endDate: form.endDate,
        allDay: form.allDay,
        start: form.start,
        end: form.end,
        description: form.description,
      };
      if (form.id) await request('PUT', `${endpoint}/${form.id}`, body, { json: true });
      else await request('POST', endpoint, body, { json: true });
      done();
    } catch (err) {
      setBusy(false);
      if (isAppRequestError(err)) {
        const fields = (err.body as { error?: { fields?: Record<string, string> } })?.error?.fields;
        setErrors(fields && Object.keys(fields).length ? fields : { _: shownMessages(err)[0] });
      } else setErrors({ _: labels.error });
    }
  };

  const remove = async () => {
    confirmDelete.current?.close();
    setBusy(true);
    try {
      await request('DELETE', `${endpoint}/${form.id}`);
      done();
    } catch (err) {
      setBusy(false);
      setErrors({ _: isAppRequestError(err) ? shownMessages(err)[0] : labels.error });
    }
  };

  const field = (name: keyof EventForm, label: string, input: ReactNode, hint?: string) => (
    <div className={`field${errors[name] ? ' has-error' : ''}`} data-field={name}>
      <label htmlFor={`cal-${name}`}>{label}</label>
      {input}
      {hint ? (
        <span className="hint" id={`cal-${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {errors[name] ? (
        <span className="field-error" id={`cal-${name}-error`} data-testid={`cal-error-${name}`}>
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  const described = (name: string, hint?: boolean) =>
    errors[name] ? `cal-${name}-error` : hint ? `cal-${name}-hint` : undefined;

  return (
    <div className="cal-editor">
      <button type="button" className="btn" data-testid="cal-new" onClick={() => open(EMPTY(defaultDate))}>
        + {labels.newEvent}
      </button>
      <dialog
        ref={dialog}
        className="cal-dialog"
        aria-labelledby="cal-dialog-title"
        data-testid="cal-dialog"
        onCancel={(e) => (e.preventDefault(), close())}
      >
        <form className="form" onSubmit={submit} noValidate>
          <h2 id="cal-dialog-title">{form.id ? labels['editor.edit'] : labels['editor.new']}</h2>
          {errors._ ? (
            <p className="form-error" role="alert">
              {errors._}
            </p>
          ) : null}
          {field(
            'title',
            labels['field.title'],
            <input
              id="cal-title"
              name="title"
              value={form.title}
              onChange={set('title')}
              maxLength={200}
              required
              aria-invalid={!!errors.title}
              aria-describedby={described('title')}
            />,
          )}
          <div className="form-row">
            {field(
              'date',
              labels['field.date'],
              <input
                id="cal-date"
                name="date"
                value={form.date}
                onChange={set('date')}
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={!!errors.date}
                aria-describedby={described('date', true)}
              />,
              `${labels.dateHint} (≤ ${maxDate})`,
            )}
            {field(
              'endDate',
              labels['field.endDate'],
              <input
                id="cal-endDate"
                name="endDate"
                value={form.endDate}
                onChange={set('endDate')}
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={!!errors.endDate}
                aria-describedby={described('endDate', true)}
              />,
              labels.dateHint,
            )}
          </div>
          <label className="check">
            <input
              type="checkbox"
              name="allDay"
              checked={form.allDay}
              onChange={set('allDay')}
              data-testid="cal-allday"
            />{' '}
            {labels['field.allDay']}
          </label>
          {form.allDay ? null : (
            <div className="form-row">
              {field(
                'start',
                labels['field.start'],
                <input
                  id="cal-start"
                  name="start"
                  type="time"
                  value={form.start}
                  onChange={set('start')}
                  aria-invalid={!!errors.start}
                  aria-describedby={described('start')}
                />,
              )}
              {field(
                'end',
                labels['field.end'],
                <input
                  id="cal-end"
                  name="end"
                  type="time"
                  value={form.end}
                  onChange={set('end')}
                  aria-invalid={!!errors.end}
                  aria-describedby={described('end')}
                />,
              )}
            </div>
          )}
          {field(
            'description',
            labels['field.description'],
            <textarea
              id="cal-description"
              name="description"
              value={form.description}
              onChange={set('description')}
              maxLength={2000}
              aria-describedby={described('description')}
            />,
          )}
          <div className="form-actions">
            <button className="btn" type="submit" disabled={busy} data-testid="cal-save">
              {labels.save}
            </button>
            <button className="btn btn-ghost" type="button" onClick={close} data-testid="cal-cancel">
              {labels.cancel}
            </button>
            {form.id ? (
              <button
                className="btn btn-danger cal-delete"
                type="button"
                disabled={busy}
                onClick={() => confirmDelete.current?.showModal()}
                data-testid="cal-delete"
              >
                {labels.delete}
              </button>
            ) : null}
          </div>
        </form>
      </dialog>
      <dialog
        ref={confirmDelete}
        className="cal-dialog cal-confirm"
        role="alertdialog"
        aria-labelledby="cal-del-title"
        data-testid="cal-confirm-delete"
      >
        <p id="cal-del-title">{deleteConfirm.replace('{{title}}', form.title)}</p>
        <div className="form-actions">
          <button className="btn btn-danger" type="button" onClick={remove} data-testid="cal-delete-yes">
            {labels.deleteYes}
          </button>
          <button className="btn btn-ghost" type="button" onClick={() => confirmDelete.current?.close()} autoFocus>
            {labels.keep}
          </button>
        </div>
      </dialog>
      <dialog
        ref={leave}
        className="cal-dialog cal-confirm"
        role="alertdialog"
        aria-labelledby="cal-leave-title"
        aria-describedby="cal-leave-body"
        data-testid="nav-warning"
      >
        <h2 id="cal-leave-title">{labels['unsaved.title']}</h2>
        <p id="cal-leave-body">{labels['unsaved.body']}</p>
        <div className="form-actions">
          <button
            className="btn btn-danger"
            type="button"
            data-testid="nav-warning-leave"
            onClick={() => (leave.current?.close(), (dirtyRef.current = false), pendingLeave.current?.())}
          >
            {labels['unsaved.leave']}
          </button>
          <button
            className="btn btn-ghost"
            type="button"
            data-testid="nav-warning-stay"
            autoFocus
            onClick={() => leave.current?.close()}
          >
            {labels['unsaved.stay']}
          </button>
        </div>
      </dialog>
    </div>
  );
}
