/**
 * The cart page (spec §4 "Cart line removal", "Discount display"; §5 cart quantity; §7 cart calls).
 *
 * - Quantity: − and + buttons and a typed value, each clamped to 1..999 (domain clampCartQuantity)
 *   and sent as PUT /{locale}/cart/{id} after a 500 ms pause (CART_DEBOUNCE_MS).
 * - Remove: DELETE /{locale}/cart/{id}; the button reads 'Removing...' while it runs and goes back
 *   to 'Remove' on error.
 * - Discount display: showDiscount 1 shows original prices struck through beside the discounted
 *   ones (eye icon), 0 hides them (eye-slash). Applied at load and after each toggle (POST
 *   /{locale}/cart/viewdiscounts); with `refresh` (data-refresh="1" on the root) the page reloads.
 * - Every failure shows each message of the response as an alert; the header's
 *   [data-cart-count] follows the cart.
 * Money arrives as 2-decimal strings in the cart currency and is formatted here with the locale.
 */
import type { Props } from '../src/domain/cart-page.ts';
import { formatMoney, parseCents } from '../src/domain/money.ts';
import { formatFigure } from '../src/domain/order-figures.ts';
import { CartLine } from './cart-page-line.tsx';
import { CartSummary, EmptyCart, EyeIcon } from './cart-page-parts.tsx';
import { useCartPage } from './use-cart-page.ts';

export type { Props };

export default function CartPage(props: Props) {
  const { locale, locked = false, labels } = props;
  const { cart, status, toggling, toggle, quantities, removing, remove } = useCartPage(props);
  const money = (amount: string) => formatMoney(parseCents(amount) ?? 0, cart.currency, locale);
  const figure = (amount: string) => formatFigure(parseCents(amount) ?? 0, cart.currency, locale);
  const show = cart.showDiscount === 1;

  if (!cart.lines.length) return <EmptyCart locale={locale} labels={labels} />;

  return (
    <div className="cart-layout">
      <section className="card cart-lines-card" aria-labelledby="cart-lines-h">
        <div className="card-head">
          <h2 id="cart-lines-h">{labels.item}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm cart-discount-toggle"
            data-testid="discount-toggle"
            data-state={cart.showDiscount}
            aria-pressed={show}
            disabled={toggling}
            onClick={() => void toggle()}
          >
            <EyeIcon open={show} />
            <span>{show ? labels.hideOriginal : labels.showOriginal}</span>
          </button>
        </div>
        <ul className="cart-lines" data-testid="cart-lines">
          {cart.lines.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              labels={labels}
              locked={locked}
              busy={!!removing[line.id]}
              show={show}
              money={money}
              figure={figure}
              q={quantities}
              onRemove={() => void remove(line)}
            />
          ))}
        </ul>
      </section>
      <CartSummary cart={cart} labels={labels} locale={locale} figure={figure} status={status} locked={locked} />
    </div>
  );
}
