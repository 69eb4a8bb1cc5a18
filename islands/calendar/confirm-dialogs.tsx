/** The calendar editor's confirmations: deleting an event, and leaving with unsaved changes (the nav warning). */
import type { CalendarEditorState } from './use-calendar-editor.ts';

type Labels = Record<string, string>;

export function DeleteConfirm({
  ed,
  labels,
  deleteConfirm,
}: {
  ed: CalendarEditorState;
  labels: Labels;
  deleteConfirm: string;
}) {
  const { confirmDelete, form, remove } = ed;
  return (
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
  );
}

export function NavWarning({ ed, labels }: { ed: CalendarEditorState; labels: Labels }) {
  const { leave, leaveAnyway } = ed;
  return (
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
        <button className="btn btn-danger" type="button" data-testid="nav-warning-leave" onClick={leaveAnyway}>
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
  );
}
