/**
 * Quick order: paste or type part numbers and quantities (or read a CSV file in the
 * browser into the same box), check them (POST …/quick-order/resolve), fix the lines that need it
 * — a quantity, or the right part found by typeahead — and add every line to the cart at once
 * (POST …/quick-order/add, all or nothing). The server decides every verdict, price and stock
 * state; this screen only shows them and sends the lines back.
 */
import { useId, useRef, useState } from 'react';
import { request, isAppRequestError } from '../lib/request.ts';
import { shownMessages } from '../lib/errors.ts';
import { setCartCount } from '../behaviours/cart-count.ts';
import { PartSearch } from './part-search.tsx';

type Status = 'ok' | 'unknown' | 'not_sold' | 'bad_quantity' | 'duplicate';

export type QuickLine = {
  line: number;
  stockcode: string;
  quantity: number | null;
  quantity_text: string;
  status: Status;
  message: string;
  product: null | {
    id: number;
    title: string;
    stockcode: string;
    image: string | null;
    priceCents: number;
    currency: string;
    price: string;
    total: string | null;
    stock: { state: string | null; label: string };
  };
};

type Resolved = { lines: QuickLine[]; count: number; ok_count: number; all_ok: boolean };

export type Props = {
  resolveUrl: string;
  addUrl: string;
  typeaheadUrl: string;
  maxLines: number;
  labels: Record<string, string>;
};

/** Rows as shown: the server's verdict and what the person has typed since in the quantity box. */
type Row = QuickLine & { qty: string };

/** A CSV or text file bigger than this is refused before it is read. */
const MAX_FILE_BYTES = 200 * 1024;

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

const toRows = (lines: QuickLine[]): Row[] =>
  lines.map((l) => ({ ...l, qty: l.quantity_text || (l.quantity === null ? '' : String(l.quantity)) }));

export default function QuickOrder({ resolveUrl, addUrl, typeaheadUrl, labels: L }: Props) {
  const id = useId();
  const [textValue, setText] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState<'check' | 'add' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tableRef = useRef<HTMLHeadingElement>(null);

  const okCount = rows?.filter((r) => r.status === 'ok').length ?? 0;
  const allOk = !!rows && rows.length > 0 && okCount === rows.length;

  async function resolve(body: Record<string, unknown>, focusTable = false) {
    setBusy('check');
    setError(null);
    try {
      const reply = await request<Resolved>('POST', resolveUrl, body, { json: true });
      setRows(toRows(reply.lines));
      if (focusTable) requestAnimationFrame(() => tableRef.current?.focus());
    } catch (err) {
      setError(shownMessages(err).join(' '));
    } finally {
      setBusy(null);
    }
  }

  const linesOf = (list: Row[]) => list.map((r) => ({ line: r.line, stockcode: r.stockcode, quantity: r.qty }));

  function check(event: React.FormEvent) {
    event.preventDefault();
    void resolve({ text: textValue }, true);
  }

  function recheck(next: Row[]) {
    setRows(next);
    if (next.length) void resolve({ lines: linesOf(next) });
  }

  function readFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError(L['csv.tooLarge']);
    const reader = new FileReader();
    reader.onload = () => {
      const content = typeof reader.result === 'string' ? reader.result : '';
      setText(content);
      void resolve({ text: content }, true);
    };
    reader.onerror = () => setError(L['csv.unreadable']);
    reader.readAsText(file);
  }

  async function addAll() {
    if (!rows || !allOk) return;
    setBusy('add');
    setError(null);
    try {
      const reply = await request<{ cart: { count: number }; redirect: string }>(
        'POST',
        addUrl,
        { lines: linesOf(rows) },
        { json: true },
      );
      setCartCount(reply.cart.count);
      window.location.assign(reply.redirect);
    } catch (err) {
      // Refused as a whole: the lines come back with their verdicts (something changed since the check).
      const body = isAppRequestError(err) ? (err.body as Partial<Resolved> | null) : null;
      if (body?.lines) setRows(toRows(body.lines));
      setError(shownMessages(err).join(' '));
      setBusy(null);
    }
  }

  const setQty = (line: number, qty: string) =>
    setRows((list) => list && list.map((r) => (r.line === line ? { ...r, qty } : r)));
  const qtyChanged = (r: Row) => r.qty.trim() !== (r.quantity_text || (r.quantity === null ? '' : String(r.quantity)));

  return (
    <div className="quick-order" data-testid="quick-order">
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
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setRows(null);
                setText('');
                setError(null);
              }}
            >
              {L.clear}
            </button>
          )}
        </div>
      </form>

      <div role="alert" className={error ? 'alert alert-error' : undefined} data-testid="quick-error">
        {error}
      </div>

      {rows && rows.length > 0 && (
        <section className="quick-order__lines" aria-labelledby={`${id}table`}>
          <h2 id={`${id}table`} tabIndex={-1} ref={tableRef} className="h3">
            {L.table}
          </h2>
          <p aria-live="polite" data-testid="quick-summary">
            {fill(L.summary, { ok: okCount, count: rows.length })}
          </p>
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}table`}>
            <table className="table quick-table" data-testid="quick-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {L['col.line']}
                  </th>
                  <th scope="col">{L['col.part']}</th>
                  <th scope="col">{L['col.product']}</th>
                  <th scope="col">{L['col.qty']}</th>
                  <th scope="col" className="num">
                    {L['col.price']}
                  </th>
                  <th scope="col" className="num">
                    {L['col.total']}
                  </th>
                  <th scope="col">{L['col.status']}</th>
                  <th scope="col">
                    <span className="visually-hidden">{L['col.actions']}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.line}
                    data-testid="quick-line"
                    data-line={r.line}
                    data-status={r.status}
                    className={r.status === 'ok' ? undefined : 'quick-line--problem'}
                  >
                    <td className="num" data-label={L['col.line']}>
                      {r.line}
                    </td>
                    <td data-label={L['col.part']}>
                      <span className="mono">{r.stockcode}</span>
                      {(r.status === 'unknown' || r.status === 'not_sold' || r.status === 'duplicate') && (
                        <PartSearch
                          id={`${id}fix-${r.line}`}
                          url={typeaheadUrl}
                          label={fill(L.fix, { line: r.line })}
                          placeholder={L['fix.placeholder']}
                          onPick={(stockcode) =>
                            recheck(rows.map((x) => (x.line === r.line ? { ...x, stockcode } : x)))
                          }
                        />
                      )}
                    </td>
                    <td data-label={L['col.product']}>
                      {r.product ? (
                        <>
                          {r.product.title}
                          {r.product.stock.label && (
                            <span className={`quick-stock quick-stock--${r.product.stock.state}`}>
                              {r.product.stock.label}
                            </span>
                          )}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label={L['col.qty']}>
                      <input
                        className="input quick-qty"
                        type="text"
                        inputMode="numeric"
                        aria-label={fill(L.qtyFor, { line: r.line })}
                        value={r.qty}
                        onChange={(e) => setQty(r.line, e.target.value)}
                        onBlur={() => qtyChanged(r) && recheck(rows)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            if (qtyChanged(r)) recheck(rows);
                          }
                        }}
                        data-testid="quick-qty"
                      />
                    </td>
                    <td className="num" data-label={L['col.price']}>
                      {r.product?.price ?? '—'}
                    </td>
                    <td className="num" data-label={L['col.total']}>
                      {r.product?.total ?? '—'}
                    </td>
                    <td data-label={L['col.status']}>
                      {r.status === 'ok' ? (
                        <span className="quick-status quick-status--ok">{L.ready}</span>
                      ) : (
                        <span className="quick-status quick-status--problem" data-testid="quick-message">
                          {r.message}
                        </span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        aria-label={fill(L.removeLine, { line: r.line })}
                        onClick={() => recheck(rows.filter((x) => x.line !== r.line))}
                      >
                        {L.remove}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!allOk && (
            <p className="muted" data-testid="quick-fix-first">
              {L.fixFirst}
            </p>
          )}
          <div className="quick-order__actions">
            <button
              type="button"
              className="btn btn-accent"
              disabled={!allOk || busy !== null}
              onClick={addAll}
              data-testid="quick-add"
            >
              {busy === 'add' ? L.adding : fill(rows.length === 1 ? L.add_one : L.add_other, { count: rows.length })}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
