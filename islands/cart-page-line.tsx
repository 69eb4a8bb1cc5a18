/** One cart line: its description, quantity control, total and remove button. */
import type { CartPageLine, Props } from '../src/domain/cart-page.ts';
import { CART_MAX, CART_MIN } from '../src/domain/quantity.ts';
import { CartLineInfo } from './cart-page-parts.tsx';
import type { Quantities } from './use-cart-page.ts';

type Labels = Props['labels'];
type Money = (amount: string) => string;

/** A price, with the original struck through beside it when discounts are shown and it differs. */
function Price({
  original,
  discounted,
  testid,
  show,
  money,
  labels,
}: {
  original: string;
  discounted: string;
  testid: string;
  show: boolean;
  money: Money;
  labels: Labels;
}) {
  const differs = original !== discounted;
  return (
    <span className="cart-price" data-testid={testid}>
      {show && differs ? (
        <s className="cart-price__original" data-testid={`${testid}-original`}>
          <span className="visually-hidden">{labels.originalPrice} </span>
          {money(original)}
        </s>
      ) : null}
      <span className="cart-price__value">{money(differs ? discounted : original)}</span>
    </span>
  );
}

/** − and + buttons and a typed value, each clamped to 1..999. */
function QuantityControl({
  line,
  labels,
  busy,
  q,
}: {
  line: CartPageLine;
  labels: Labels;
  busy: boolean;
  q: Quantities;
}) {
  const qtyId = `cart-qty-${line.id}`;
  return (
    <div className="qty" role="group" aria-label={`${labels.quantityFor} ${line.title}`}>
      <button
        type="button"
        className="qty__btn"
        aria-label={`${labels.decrease}: ${line.title}`}
        data-testid="qty-decrease"
        disabled={busy || q.current(line) <= CART_MIN}
        onClick={() => q.step(line, -1)}
      >
        −
      </button>
      <label className="visually-hidden" htmlFor={qtyId}>
        {`${labels.quantityFor} ${line.title}`}
      </label>
      <input
        id={qtyId}
        className="qty__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={6}
        data-testid="qty-input"
        value={q.drafts[line.id] ?? String(line.quantity)}
        disabled={busy}
        onChange={(e) => q.typed(line, e)}
        onKeyDown={(e) => q.keyed(line, e)}
        onBlur={() => q.settle(line)}
      />
      <button
        type="button"
        className="qty__btn"
        aria-label={`${labels.increase}: ${line.title}`}
        data-testid="qty-increase"
        disabled={busy || q.current(line) >= CART_MAX}
        onClick={() => q.step(line, 1)}
      >
        +
      </button>
    </div>
  );
}

export function CartLine({
  line,
  labels,
  locked,
  busy,
  show,
  money,
  figure,
  q,
  onRemove,
}: {
  line: CartPageLine;
  labels: Labels;
  locked: boolean;
  busy: boolean;
  show: boolean;
  money: Money;
  figure: Money;
  q: Quantities;
  onRemove: () => void;
}) {
  return (
    <li className="cart-line" data-testid="cart-line" data-line-id={line.id}>
      <CartLineInfo line={line} labels={labels} show={show} money={money} figure={figure} />
      <div className="cart-line__controls">
        {locked || line.deposit ? (
          // Waiting for approval (the quantity as sent), or a core deposit (its part's quantity):
          // nothing to change it with.
          <span className="cart-line__qty" data-testid="cart-line-quantity">
            {labels.quantity}: {line.quantity}
          </span>
        ) : (
          <QuantityControl line={line} labels={labels} busy={busy} q={q} />
        )}
        <div className="cart-line__total">
          <span className="visually-hidden">{labels.lineTotal}: </span>
          <Price
            original={line.listTotal}
            discounted={line.net}
            testid="cart-line-total"
            show={show}
            money={money}
            labels={labels}
          />
        </div>
        {locked || line.deposit ? null : (
          <button
            type="button"
            className="btn btn-danger btn-sm"
            data-testid="cart-remove"
            disabled={busy}
            aria-label={busy ? undefined : `${labels.remove}: ${line.title}`}
            onClick={onRemove}
          >
            {busy ? labels.removing : labels.remove}
          </button>
        )}
      </div>
    </li>
  );
}
