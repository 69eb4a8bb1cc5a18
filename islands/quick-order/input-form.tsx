/** The quick-order box: the part numbers typed or pasted, a CSV file read into it, and the check. */
import type { QuickOrderState } from './use-quick-order.ts';

type Props = { id: string; labels: Record<string, string>; quick: QuickOrderState };

export function QuickInput({ id, labels: L, quick }: Props) {
  const { textValue, setText, check, readFile, busy, rows, clear } = quick;
  return (
    <form className="quick-order__input" onSubmit={check} noValidate>
      <div className="field">
        <label htmlFor={`${id}text`}>{L.text}</label>
        <textarea
          id={`${id}text`}
          name="text"
          rows={8}
          value={textValue}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}text-hint`}
          spellCheck={false}
          className="mono"
          data-testid="quick-text"
        />
        <span className="hint" id={`${id}text-hint`}>
          {L['text.hint']}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}csv`}>{L.csv}</label>
        <input
          id={`${id}csv`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={readFile}
          aria-describedby={`${id}csv-hint`}
          data-testid="quick-csv"
        />
        <span className="hint" id={`${id}csv-hint`}>
          {L['csv.hint']}
        </span>
      </div>
      <div className="quick-order__actions">
        <button type="submit" className="btn" disabled={busy !== null} data-testid="quick-check">
          {busy === 'check' ? L.checking : L.check}
        </button>
        {rows && (
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {L.clear}
          </button>
        )}
      </div>
    </form>
  );
}
