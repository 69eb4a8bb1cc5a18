/** The calendar editor's event dialog: title, dates (mm/dd/yy), all day or times, description, and its actions. */
import type { ReactNode } from 'react';
import type { Errors, EventForm } from './event-form.ts';
import type { CalendarEditorState } from './use-calendar-editor.ts';

type Labels = Record<string, string>;

/** One labelled field with its hint and error beside it. */
function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: keyof EventForm;
  label: string;
  hint?: string;
  errors: Errors;
  children: ReactNode;
}) {
  return (
    <div className={`field${errors[name] ? ' has-error' : ''}`} data-field={name}>
      <label htmlFor={`cal-${name}`}>{label}</label>
      {children}
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
}

/** The input's aria-describedby: its error when it has one, else its hint. */
const describedBy = (errors: Errors) => (name: string, hint?: boolean) =>
  errors[name] ? `cal-${name}-error` : hint ? `cal-${name}-hint` : undefined;

function DateFields({ ed, labels, maxDate }: { ed: CalendarEditorState; labels: Labels; maxDate: string }) {
  const { form, errors, set } = ed;
  const described = describedBy(errors);
  return (
    <div className="form-row">
      <Field name="date" label={labels['field.date']} hint={`${labels.dateHint} (≤ ${maxDate})`} errors={errors}>
        <input
          id="cal-date"
          name="date"
          value={form.date}
          onChange={set('date')}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={!!errors.date}
          aria-describedby={described('date', true)}
        />
      </Field>
      <Field name="endDate" label={labels['field.endDate']} hint={labels.dateHint} errors={errors}>
        <input
          id="cal-endDate"
          name="endDate"
          value={form.endDate}
          onChange={set('endDate')}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={!!errors.endDate}
          aria-describedby={described('endDate', true)}
        />
      </Field>
    </div>
  );
}

function TimeFields({ ed, labels }: { ed: CalendarEditorState; labels: Labels }) {
  const { form, errors, set } = ed;
  const described = describedBy(errors);
  return (
    <div className="form-row">
      <Field name="start" label={labels['field.start']} errors={errors}>
        <input
          id="cal-start"
          name="start"
          type="time"
          value={form.start}
          onChange={set('start')}
          aria-invalid={!!errors.start}
          aria-describedby={described('start')}
        />
      </Field>
      <Field name="end" label={labels['field.end']} errors={errors}>
        <input
          id="cal-end"
          name="end"
          type="time"
          value={form.end}
          onChange={set('end')}
          aria-invalid={!!errors.end}
          aria-describedby={described('end')}
        />
      </Field>
    </div>
  );
}

function FormActions({ ed, labels }: { ed: CalendarEditorState; labels: Labels }) {
  const { form, busy, close, confirmDelete } = ed;
  return (
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
  );
}

export function EventDialog({ ed, labels, maxDate }: { ed: CalendarEditorState; labels: Labels; maxDate: string }) {
  const { dialog, form, errors, set, close, submit } = ed;
  const described = describedBy(errors);
  return (
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
        <Field name="title" label={labels['field.title']} errors={errors}>
          <input
            id="cal-title"
            name="title"
            value={form.title}
            onChange={set('title')}
            maxLength={200}
            required
            aria-invalid={!!errors.title}
            aria-describedby={described('title')}
          />
        </Field>
        <DateFields ed={ed} labels={labels} maxDate={maxDate} />
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
        {form.allDay ? null : <TimeFields ed={ed} labels={labels} />}
        <Field name="description" label={labels['field.description']} errors={errors}>
          <textarea
            id="cal-description"
            name="description"
            value={form.description}
            onChange={set('description')}
            maxLength={2000}
            aria-describedby={described('description')}
          />
        </Field>
        <FormActions ed={ed} labels={labels} />
      </form>
    </dialog>
  );
}
