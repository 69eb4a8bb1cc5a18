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
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { CART_DEBOUNCE_MS } from '../src/domain/constants.ts';
import { formatMoney, parseCents } from '../src/domain/money.ts';
import { formatFigure } from '../src/domain/order-figures.ts';
import { CART_MAX, CART_MIN, clampCartQuantity } from '../src/domain/quantity.ts';
import { showAlert } from './lib/alerts.ts';
import { debounce, type Debounced } from './lib/dom.ts';
import { request } from './lib/request.ts';
import { shownMessages } from './lib/errors.ts';
import { setCartCount } from './behaviours/cart-count.ts';
import { fromSync, type CartPageLine, type Props, type SyncJson } from '../src/domain/cart-page.ts';
import { CartLineInfo, CartSummary, EmptyCart, EyeIcon } from './cart-page-parts.tsx';

export type { Props };

function alertAll(err: unknown) {
  for (const m of shownMessages(err)) showAlert(m, 'error');
}

/** Applies the discount display to the page (other server-rendered prices may follow html[data-show-discount]). */
function applyDiscountDisplay(show: 0 | 1) {
  document.documentElement.dataset.showDiscount = String(show);
}

export default function CartPage({ locale, cart: initial, refresh, locked = false, labels }: Props) {
  const [cart, setCart] = useState(initial);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [removing, setRemoving] = useState<Record<number, boolean>>({});
  const [toggling, setToggling] = useState(false);
  const [status, setStatus] = useState('');
  const timers = useRef(new Map<number, Debounced<[number]>>());
  const showRef = useRef(initial.showDiscount);

  const money = (amount: string) => formatMoney(parseCents(amount) ?? 0, cart.currency, locale);
  const figure = (amount: string) => formatFigure(parseCents(amount) ?? 0, cart.currency, locale);
  const base = `/${locale}/cart`;

  useEffect(() => {
    applyDiscountDisplay(initial.showDiscount);
    const pending = timers.current;
    return () => pending.forEach((d) => d.cancel());
  }, [initial.showDiscount]);

  const applySync = (sync: SyncJson) => {
    setCart(fromSync(sync, locale, showRef.current));
    setCartCount(sync.count);
  };

  const send = async (id: number, quantity: number) => {
    try {
      const res = await request<{ quantity: number; cart: SyncJson }>('PUT', `${base}/${id}`, { quantity });
      applySync(res.cart);
      setStatus(labels.updated);
    } catch (err) {
      alertAll(err);
    } finally {
      // A newer edit still waiting keeps its draft; otherwise the input shows the stored quantity.
      setDrafts(({ [id]: _, ...rest }) => rest);
    }
  };

  const schedule = (id: number, quantity: number) => {
    let d = timers.current.get(id);
    if (!d) {
      d = debounce((q: number) => void send(id, q), CART_DEBOUNCE_MS);
      timers.current.set(id, d);
    }
    d(quantity);
  };

  const current = (line: CartPageLine) => {
    const draft = drafts[line.id];
    return draft === undefined || draft.trim() === '' ? line.quantity : clampCartQuantity(draft);
  };

  const step = (line: CartPageLine, delta: number) => {
    const next = clampCartQuantity(current(line) + delta);
    setDrafts((d) => ({ ...d, [line.id]: String(next) }));
    schedule(line.id, next);
  };

  const typed = (line: CartPageLine, e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 6);
    setDrafts((d) => ({ ...d, [line.id]: raw }));
    if (raw === '') {
      timers.current.get(line.id)?.cancel();
      return;
    }
    schedule(line.id, clampCartQuantity(raw));
  };

  // After the pause the input shows what was sent (5000 → 999, 0 → 1); an empty box goes back.
  const settle = (line: CartPageLine) => {
    const draft = drafts[line.id];
    if (draft === undefined) return;
    if (draft.trim() === '') setDrafts(({ [line.id]: _, ...rest }) => rest);
    else setDrafts((d) => ({ ...d, [line.id]: String(clampCartQuantity(draft)) }));
  };

  const keyed = (line: CartPageLine, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      step(line, e.key === 'ArrowUp' ? 1 : -1);
    } else if (e.key === 'Enter') {
      settle(line);
    }
  };

  const remove = async (line: CartPageLine) => {
    timers.current.get(line.id)?.cancel();
    setRemoving((r) => ({ ...r, [line.id]: true }));
    try {
      const res = await request<{ cart: SyncJson }>('DELETE', `${base}/${line.id}`);
      timers.current.delete(line.id);
      applySync(res.cart);
      setStatus(labels.updated);
    } catch (err) {
      alertAll(err);
    } finally {
      setRemoving(({ [line.id]: _, ...rest }) => rest);
    }
  };

  const toggle = async () => {
    const next: 0 | 1 = cart.showDiscount === 1 ? 0 : 1;
    setToggling(true);
    try {
      await request('POST', `${base}/viewdiscounts`, { showDiscount: next });
      showRef.current = next;
      setCart((c) => ({ ...c, showDiscount: next }));
      applyDiscountDisplay(next);
      if (refresh) window.location.reload();
    } catch (err) {
      alertAll(err);
    } finally {
      setToggling(false);
    }
  };

  const show = cart.showDiscount === 1;
  const price = (original: string, discounted: string, testid: string) => {
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
  };

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
          {cart.lines.map((line) => {
            const qtyId = `cart-qty-${line.id}`;
            const value = drafts[line.id] ?? String(line.quantity);
            const busy = !!removing[line.id];
            return (
              <li className="cart-line" key={line.id} data-testid="cart-line" data-line-id={line.id}>
                <CartLineInfo line={line} labels={labels} show={show} money={money} figure={figure} />
                <div className="cart-line__controls">
                  {locked ? (
                    // Waiting for approval: the quantity as sent, nothing to change it with.
                    <span className="cart-line__qty" data-testid="cart-line-quantity">
                      {labels.quantity}: {line.quantity}
                    </span>
                  ) : (
                    <div className="qty" role="group" aria-label={`${labels.quantityFor} ${line.title}`}>
                      <button
                        type="button"
                        className="qty__btn"
                        aria-label={`${labels.decrease}: ${line.title}`}
                        data-testid="qty-decrease"
                        disabled={busy || current(line) <= CART_MIN}
                        onClick={() => step(line, -1)}
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
                        value={value}
                        disabled={busy}
                        onChange={(e) => typed(line, e)}
                        onKeyDown={(e) => keyed(line, e)}
                        onBlur={() => settle(line)}
                      />
                      <button
                        type="button"
                        className="qty__btn"
                        aria-label={`${labels.increase}: ${line.title}`}
                        data-testid="qty-increase"
                        disabled={busy || current(line) >= CART_MAX}
                        onClick={() => step(line, 1)}
                      >
                        +
                      </button>
                    </div>
                  )}
                  <div className="cart-line__total">
                    <span className="visually-hidden">{labels.lineTotal}: </span>
                    {price(line.listTotal, line.net, 'cart-line-total')}
                  </div>
                  {locked ? null : (
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      data-testid="cart-remove"
                      disabled={busy}
                      aria-label={busy ? undefined : `${labels.remove}: ${line.title}`}
                      onClick={() => void remove(line)}
                    >
                      {busy ? labels.removing : labels.remove}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <CartSummary cart={cart} labels={labels} locale={locale} figure={figure} status={status} locked={locked} />
    </div>
  );
}
