/** The checked lines: each with its verdict, a quantity to fix, a part search when it did not resolve. */
import { fill, qtyChanged, type Row } from './lines.ts';
import { PartSearch } from './part-search.tsx';
import type { QuickOrderState } from './use-quick-order.ts';

type Props = { id: string; typeaheadUrl: string; labels: Record<string, string>; quick: QuickOrderState };

export function LinesSection({ id, typeaheadUrl, labels: L, quick, rows }: Props & { rows: Row[] }) {
  const { tableRef, okCount, allOk, busy, addAll } = quick;
  return (
    <section className="quick-order__lines" aria-labelledby={`${id}table`}>
      <h2 id={`${id}table`} tabIndex={-1} ref={tableRef} className="h3">
        {L.table}
      </h2>
      <p aria-live="polite" data-testid="quick-summary">
        {fill(L.summary, { ok: okCount, count: rows.length })}
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}table`}>
        <table className="table quick-table" data-testid="quick-table">
          <LinesHead labels={L} />
          <tbody>
            {rows.map((r) => (
              <LineRow key={r.line} id={id} typeaheadUrl={typeaheadUrl} labels={L} quick={quick} rows={rows} row={r} />
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
  );
}

function LinesHead({ labels: L }: { labels: Record<string, string> }) {
  return (
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
  );
}

type RowProps = Props & { rows: Row[]; row: Row };

function LineRow(props: RowProps) {
  const { labels: L, quick, rows, row: r } = props;
  return (
    <tr
      data-testid="quick-line"
      data-line={r.line}
      data-status={r.status}
      className={r.status === 'ok' ? undefined : 'quick-line--problem'}
    >
      <td className="num" data-label={L['col.line']}>
        {r.line}
      </td>
      <PartCell {...props} />
      <ProductCell labels={L} row={r} />
      <QtyCell {...props} />
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
        {r.fit_warning ? (
          <span className="fit-warning" data-testid="fit-warning">
            {r.fit_warning}
          </span>
        ) : null}
      </td>
      <td>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={fill(L.removeLine, { line: r.line })}
          onClick={() => quick.recheck(rows.filter((x) => x.line !== r.line))}
        >
          {L.remove}
        </button>
      </td>
    </tr>
  );
}

function PartCell({ id, typeaheadUrl, labels: L, quick, rows, row: r }: RowProps) {
  return (
    <td data-label={L['col.part']}>
      <span className="mono">{r.stockcode}</span>
      {(r.status === 'unknown' || r.status === 'not_sold' || r.status === 'duplicate') && (
        <PartSearch
          id={`${id}fix-${r.line}`}
          url={typeaheadUrl}
          label={fill(L.fix, { line: r.line })}
          placeholder={L['fix.placeholder']}
          onPick={(stockcode) => quick.recheck(rows.map((x) => (x.line === r.line ? { ...x, stockcode } : x)))}
        />
      )}
    </td>
  );
}

function ProductCell({ labels: L, row: r }: { labels: Record<string, string>; row: Row }) {
  return (
    <td data-label={L['col.product']}>
      {r.product ? (
        <>
          {r.product.title}
          {r.product.stock.label && (
            <span className={`quick-stock quick-stock--${r.product.stock.state}`}>{r.product.stock.label}</span>
          )}
        </>
      ) : (
        '—'
      )}
    </td>
  );
}

function QtyCell({ labels: L, quick, rows, row: r }: RowProps) {
  return (
    <td data-label={L['col.qty']}>
      <input
        className="input quick-qty"
        type="text"
        inputMode="numeric"
        aria-label={fill(L.qtyFor, { line: r.line })}
        value={r.qty}
        onChange={(e) => quick.setQty(r.line, e.target.value)}
        onBlur={() => qtyChanged(r) && quick.recheck(rows)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (qtyChanged(r)) quick.recheck(rows);
          }
        }}
        data-testid="quick-qty"
      />
    </td>
  );
}
