/**
 * The calendar editor's state: the event in the dialog, its errors, and the nav warning that
 * asks before unsaved changes are left (a link, closing the dialog, closing the tab).
 */
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { shownMessages } from '../lib/errors.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { check, EMPTY, type Errors, type EventForm, eventBody, type Props, saveErrors } from './event-form.ts';

// Event chips are server-rendered outside this island: one delegated listener opens them.
function useEventChips(
  events: Props['events'],
  open: (f: EventForm) => void,
  dirtyRef: RefObject<boolean>,
  pendingLeave: RefObject<(() => void) | null>,
  leave: RefObject<HTMLDialogElement | null>,
) {
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
}

export function useCalendarEditor({ timeZone, endpoint, defaultDate, events, labels }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const leave = useRef<HTMLDialogElement>(null);
  const confirmDelete = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<EventForm>(EMPTY(defaultDate));
  const [initial, setInitial] = useState<EventForm>(EMPTY(defaultDate));
  const [errors, setErrors] = useState<Errors>({});
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

  useEventChips(events, open, dirtyRef, pendingLeave, leave);

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
      const body = eventBody(form);
      if (form.id) await request('PUT', `${endpoint}/${form.id}`, body, { json: true });
      else await request('POST', endpoint, body, { json: true });
      done();
    } catch (err) {
      setBusy(false);
      setErrors(saveErrors(err, labels.error));
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

  /** The nav warning's Leave: what was waiting for the answer goes ahead. */
  const leaveAnyway = () => (leave.current?.close(), (dirtyRef.current = false), pendingLeave.current?.());

  return { dialog, leave, confirmDelete, form, errors, busy, open, set, close, submit, remove, leaveAnyway };
}

export type CalendarEditorState = ReturnType<typeof useCalendarEditor>;
