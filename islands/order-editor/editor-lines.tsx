/** The order editor's lines card: the product typeahead, the lines with −/+ and remove, the figures. */
import { LINE_TYPES } from '../../src/domain/constants.ts';
import type { LedgerView } from '../../src/domain/ledger-view.ts';
import { CART_MIN } from '../../src/domain/quantity.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import type { EditLine } from './draft.ts';
import { LedgerRows } from './ledger-rows.tsx';
import type { OrderApi } from './api.ts';
import { ProductSearch } from './product-search.tsx';

type View = LedgerView;
type Figure = View['lines'][number];
type Money = (c: number) => string;

type RowProps = {
  l: EditLine;
  f: Figure | undefined;
  labels: EditorLabels;
  busy: boolean;
  pricing: boolean;
  money: Money;
  step: (line: EditLine, delta: number) => void;
  remove: (line: EditLine) => void;
};

function LineRow({ l, f, labels, busy, pricing, money, step, remove }: RowProps) {
  // '...' while the draft is being priced.
  const lineMoney = (pick: (f: Figure) => number) => (pricing || !f ? '...' : money(pick(f)));
  return (
    <tr data-line-id={String(l.id)} data-line-type={l.line_type}>
      <td className="cell-main">
        <div>{l.title}</div>
        {l.stockcode ? <div className="small muted mono">{l.stockcode}</div> : null}
        {l.option_text.map((t) => (
          <div key={t} className="small muted" data-testid="line-option">
            {t}
          </div>
        ))}
        {!pricing && f
          ? f.discounts.map((d) => (
              <div key={d.name} className="small muted line-discount" data-testid="line-discount">
                {d.line ? labels.lineDiscount : d.name}: −{money(d.cents)}
              </div>
            ))
          : null}
      </td>
      <td className="num cell-qty" data-label={labels.quantity}>
        <div className="qty-stepper">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => step(l, -1)}
            disabled={busy || l.quantity <= CART_MIN}
            aria-label={`${labels.decrease}: ${l.title}`}
            data-testid="qty-down"
          >
            −
          </button>
          <span className="qty-value" data-testid="line-qty" aria-live="polite">
            {l.quantity}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => step(l, 1)}
            disabled={busy}
            aria-label={`${labels.increase}: ${l.title}`}
            data-testid="qty-up"
          >
            +
          </button>
        </div>
      </td>
      <td className="num cell-unit" data-label={labels.unitPrice} data-testid="line-unit">
        {lineMoney((x) => x.unitCents)}
      </td>
      <td className="num cell-total" data-testid="line-total" data-label={labels.listTotal}>
        {lineMoney((x) => x.listCents)}
      </td>
      <td className="num line-remove-cell">
        <button
          type="button"
          className="btn btn-danger btn-sm"
          onClick={() => remove(l)}
          disabled={busy}
          aria-label={`${labels.remove}: ${l.title}`}
          data-testid="line-remove"
        >
          {labels.remove}
        </button>
      </td>
    </tr>
  );
}

export function LinesCard({
  lines,
  view,
  api,
  add,
  ...row
}: Omit<RowProps, 'l' | 'f'> & {
  lines: EditLine[];
  view: View;
  api: OrderApi;
  add: (p: { id: number; value: string }) => void;
}) {
  const { labels } = row;
  const figures = new Map(view.lines.map((l) => [String(l.id), l]));
  return (
    <section className="card" aria-labelledby="oe-lines-h">
      <div className="card-head">
        <h2 id="oe-lines-h">{labels.lines}</h2>
      </div>
      <div className="card-body">
        <ProductSearch api={api} label={labels.addProduct} placeholder={labels.searchPlaceholder} onPick={add} />
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="oe-lines-h">
        <table className="table order-lines stack-sm" data-testid="editor-lines">
          <thead>
            <tr>
              <th scope="col">{labels.item}</th>
              <th scope="col" className="num">
                {labels.quantity}
              </th>
              <th scope="col" className="num">
                {labels.unitPrice}
              </th>
              <th scope="col" className="num">
                {labels.listTotal}
              </th>
              <th scope="col">
                <span className="visually-hidden">{labels.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines
              .filter((l) => l.line_type !== LINE_TYPES.PROMOTION)
              .map((l) => (
                <LineRow key={String(l.id)} l={l} f={figures.get(String(l.id))} {...row} />
              ))}
          </tbody>
        </table>
      </div>
      <div className="card-body">
        <LedgerRows view={view} labels={labels} money={row.money} pending={row.pricing} />
      </div>
    </section>
  );
}
