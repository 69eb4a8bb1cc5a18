/** The cart page's pieces that hold no state of their own: the eye icon, the empty cart, the summary, a line's description. */
import type { CartPageLine, Props } from '../src/domain/cart-page.ts';

type Labels = Props['labels'];
type Cart = Props['cart'];

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={open ? 'eye' : 'eye-slash'}
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="m3 3 18 18" />}
    </svg>
  );
}

export function EmptyCart({ locale, labels }: { locale: string; labels: Labels }) {
  return (
    <div className="card cart-empty" data-testid="cart-empty">
      <div className="empty">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.5L21 8H6.2" />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        <p>{labels.empty}</p>
        <a className="btn" href={`/${locale}/products`} data-testid="cart-empty-link">
          {labels.emptyCta}
        </a>
      </div>
    </div>
  );
}

/** Where each row of the summary is found by tests and tools. */
const ROW_TESTID: Record<string, string> = {
  merchandise: 'cart-subtotal',
  orgDiscount: 'cart-discount',
  lineDiscount: 'cart-discount',
  shipping: 'cart-shipping',
  tax: 'cart-tax',
};

/** A row's label: a promotion goes by its own name, the others by what they are. */
export function rowLabel(row: { code: string; name: string }, labels: Labels): string {
  if (row.code === 'promotion' || row.code === 'fee') return row.name;
  return labels[row.code as 'merchandise' | 'orgDiscount' | 'lineDiscount' | 'shipping' | 'tax'] ?? row.name;
}

/**
 * The summary: the one ledger's rows (domain/order-figures.ts) — merchandise at list
 * price, each discount once by name, shipping and tax once known — and the total they add up to,
 * then the Checkout action and the page's live status line.
 */
export function CartSummary({
  cart,
  labels,
  locale,
  figure,
  status,
  locked,
}: {
  cart: Cart;
  labels: Labels;
  locale: string;
  figure: (amount: string) => string;
  status: string;
  /** Waiting for approval: a notice where Checkout was. */
  locked: boolean;
}) {
  const before = cart.figures.totalKind === 'beforeShippingAndTax';
  return (
    <aside className="card cart-summary" aria-labelledby="cart-summary-h">
      <div className="card-head">
        <h2 id="cart-summary-h">{labels.summary}</h2>
      </div>
      <div className="card-body">
        <dl className="totals cart-totals" data-testid="cart-totals">
          {cart.figures.rows.map((row, k) =>
            row.code === 'promotion' ? (
              <div key={k} data-testid="cart-promotion">
                <dt>{rowLabel(row, labels)}</dt>
                <dd data-testid="cart-promotion-amount">{figure(row.amount)}</dd>
              </div>
            ) : (
              <div key={k}>
                <dt>{rowLabel(row, labels)}</dt>
                <dd data-testid={ROW_TESTID[row.code]}>{figure(row.amount)}</dd>
              </div>
            ),
          )}
          <div className="grand">
            <dt data-testid="cart-total-label">{before ? labels.beforeShippingAndTax : labels.total}</dt>
            <dd data-testid="cart-total">{figure(cart.figures.total)}</dd>
          </div>
        </dl>
        {locked ? (
          <div className="cart-waiting" data-testid="cart-waiting">
            <p className="cart-waiting__title">{labels.waiting}</p>
            <p className="small">{labels.waitingText}</p>
          </div>
        ) : (
          /* The way on: the primary action, a plain link so it works before hydration and by keyboard. */
          <a
            className="btn btn-block cart-checkout"
            href={`/${locale}/cart/checkout`}
            aria-describedby="cart-checkout-hint"
            data-testid="cart-checkout"
          >
            {labels.checkout}
          </a>
        )}
        {before && !locked ? (
          <p className="small muted cart-checkout__hint" id="cart-checkout-hint">
            {labels.checkoutHint}
          </p>
        ) : null}
        <p className="visually-hidden" role="status" data-testid="cart-status">
          {status}
        </p>
      </div>
    </aside>
  );
}

/** A cart line's picture, name, part number, options, unit price and (when shown) its discounts. */
export function CartLineInfo({
  line,
  labels,
  show,
  money,
  figure,
}: {
  line: CartPageLine;
  labels: Labels;
  show: boolean;
  money: (a: string) => string;
  figure: (a: string) => string;
}) {
  return (
    <div className="cart-line__item">
      {line.image ? (
        <img className="thumb" src={line.image} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className="thumb" />
      )}
      <div className="cart-line__info">
        {line.productHref ? (
          <a className="cart-line__title" href={line.productHref}>
            {line.title}
          </a>
        ) : (
          <span className="cart-line__title">{line.title}</span>
        )}
        {line.stockcode ? (
          <div className="small muted mono" data-testid="cart-line-stockcode">
            <span className="visually-hidden">{labels.stockcode}: </span>
            {line.stockcode}
          </div>
        ) : null}
        {line.backorderNote ? (
          <div className="small cart-line__backorder" data-testid="cart-line-backorder">
            {line.backorderNote}
          </div>
        ) : null}
        {line.options.length ? (
          <ul className="cart-line__options small" data-testid="cart-line-options">
            {line.options.map((o, k) => (
              <li key={k}>
                {o.option}: {o.choice}
                {o.quantity !== null ? ` × ${o.quantity}` : ''}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="small cart-line__unit">
          {labels.unitPrice}: <span data-testid="cart-line-unit">{money(line.unitPrice)}</span>
        </div>
        {show && line.discounts.length ? (
          <ul className="cart-line__discounts small" data-testid="cart-line-discounts">
            {line.discounts.map((d, k) => (
              <li key={k} data-testid="cart-line-discount">
                <span>{rowLabel(d, labels)}</span>{' '}
                <span className="cart-line__discount-amount">{figure(d.amount)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
