/** The cart page's pieces that hold no state of their own: the eye icon, the empty cart, the summary. */
import type { ReactNode } from 'react';
import { parseCents } from '../src/domain/money.ts';
import type { Props } from '../src/domain/cart-page.ts';

type Labels = Props['labels'];
type Cart = Props['cart'];

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" data-icon={open ? 'eye' : 'eye-slash'}>
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
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
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

/** The summary: totals as the server computed them, the Checkout action and the page's live status line. */
export function CartSummary({ cart, labels, locale, money, price, status }: {
  cart: Cart;
  labels: Labels;
  locale: string;
  money: (amount: string) => string;
  price: (original: string, discounted: string, testid: string) => ReactNode;
  status: string;
}) {
  return (
    <aside className="card cart-summary" aria-labelledby="cart-summary-h">
      <div className="card-head">
        <h2 id="cart-summary-h">{labels.summary}</h2>
      </div>
      <div className="card-body">
        <dl className="totals cart-totals" data-testid="cart-totals">
          <div>
            <dt>{labels.subtotal}</dt>
            <dd data-testid="cart-subtotal">{money(cart.totals.subtotal)}</dd>
          </div>
          {cart.promotions.length ? (
            <div>
              <dt>{labels.promotionTotal}</dt>
              <dd data-testid="cart-promotion-total">−{money(cart.totals.promotionTotal)}</dd>
            </div>
          ) : null}
          {/* The discount row adds something only when more than the promotions is taken off (an organisation discount). */}
          {parseCents(cart.totals.discount) && cart.totals.discount !== cart.totals.promotionTotal ? (
            <div>
              <dt>{labels.discount}</dt>
              <dd data-testid="cart-discount">−{money(cart.totals.discount)}</dd>
            </div>
          ) : null}
          <div className="grand">
            <dt>{labels.total}</dt>
            <dd data-testid="cart-total">{price(cart.totals.subtotal, cart.totals.total, 'cart-grand')}</dd>
          </div>
        </dl>
        {/* The way on (issue 21): the primary action, a plain link so it works before hydration and by keyboard. */}
        <a className="btn btn-block cart-checkout" href={`/${locale}/cart/checkout`} aria-describedby="cart-checkout-hint" data-testid="cart-checkout">
          {labels.checkout}
        </a>
        <p className="small muted cart-checkout__hint" id="cart-checkout-hint">
          {labels.checkoutHint}
        </p>
        <p className="visually-hidden" role="status" data-testid="cart-status">
          {status}
        </p>
      </div>
    </aside>
  );
}
