/**
 * The calendar editor, on the calendar's own path (spec §2). "New event" and every staff event
 * in the server-rendered view (buttons with data-calendar-event) open one dialog: create, edit,
 * move (change its date) or delete (after a confirmation). Dates are typed as mm/dd/yy and read
 * by the §5 rules of src/domain/dates.ts, limited to 21 years ahead (§9). While the form has
 * unsaved changes, leaving (a link, closing the dialog, closing the tab) asks first: the nav
 * warning modal. After a save the page reloads, so the server's view shows the truth.
 */
import { DeleteConfirm, NavWarning } from './confirm-dialogs.tsx';
import { EventDialog } from './event-dialog.tsx';
import { EMPTY, type Props } from './event-form.ts';
import { useCalendarEditor } from './use-calendar-editor.ts';

export type { Props } from './event-form.ts';

export default function CalendarEditor(props: Props) {
  const ed = useCalendarEditor(props);
  const { defaultDate, maxDate, labels, deleteConfirm } = props;
  return (
    <div className="cal-editor">
      <button type="button" className="btn" data-testid="cal-new" onClick={() => ed.open(EMPTY(defaultDate))}>
        + {labels.newEvent}
      </button>
      <EventDialog ed={ed} labels={labels} maxDate={maxDate} />
      <DeleteConfirm ed={ed} labels={labels} deleteConfirm={deleteConfirm} />
      <NavWarning ed={ed} labels={labels} />
    </div>
  );
}
