/**
 * The cart page's state: the cart, the quantities being typed or stepped (each sent after a
 * pause), the lines being removed, and the discount display.
 */
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { fromSync, type CartPageLine, type Props, type SyncJson } from '../src/domain/cart-page.ts';
import { CART_DEBOUNCE_MS } from '../src/domain/constants.ts';
import { clampCartQuantity } from '../src/domain/quantity.ts';
import { setCartCount } from './behaviours/cart-count.ts';
import { showAlert } from './lib/alerts.ts';
import { debounce, type Debounced } from './lib/dom.ts';
import { shownMessages } from './lib/errors.ts';
import { request } from './lib/request.ts';

function alertAll(err: unknown) {
  for (const m of shownMessages(err)) showAlert(m, 'error');
}

/** Applies the discount display to the page (other server-rendered prices may follow html[data-show-discount]). */
function applyDiscountDisplay(show: 0 | 1) {
  document.documentElement.dataset.showDiscount = String(show);
}

type Timers = Map<number, Debounced<[number]>>;

/** Each line's quantity as typed (a draft), sent as PUT /{locale}/cart/{id} after the pause. */
function useQuantities(base: string, timers: Timers, synced: (sync: SyncJson) => void) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});

  const send = async (id: number, quantity: number) => {
    try {
      const res = await request<{ quantity: number; cart: SyncJson }>('PUT', `${base}/${id}`, { quantity });
      synced(res.cart);
    } catch (err) {
      alertAll(err);
    } finally {
      // A newer edit still waiting keeps its draft; otherwise the input shows the stored quantity.
      setDrafts(({ [id]: _, ...rest }) => rest);
    }
  };

  const schedule = (id: number, quantity: number) => {
    let d = timers.get(id);
    if (!d) {
      d = debounce((q: number) => void send(id, q), CART_DEBOUNCE_MS);
      timers.set(id, d);
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
      timers.get(line.id)?.cancel();
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
  return { drafts, current, step, typed, settle, keyed };
}

export type Quantities = ReturnType<typeof useQuantities>;

/** Remove: DELETE /{locale}/cart/{id}; the line reads 'Removing...' while it runs. */
function useRemove(base: string, timers: Timers, synced: (sync: SyncJson) => void) {
  const [removing, setRemoving] = useState<Record<number, boolean>>({});
  const remove = async (line: CartPageLine) => {
    timers.get(line.id)?.cancel();
    setRemoving((r) => ({ ...r, [line.id]: true }));
    try {
      const res = await request<{ cart: SyncJson }>('DELETE', `${base}/${line.id}`);
      timers.delete(line.id);
      synced(res.cart);
    } catch (err) {
      alertAll(err);
    } finally {
      setRemoving(({ [line.id]: _, ...rest }) => rest);
    }
  };
  return { removing, remove };
}

export function useCartPage({ locale, cart: initial, refresh, labels }: Props) {
  const [cart, setCart] = useState(initial);
  const [toggling, setToggling] = useState(false);
  const [status, setStatus] = useState('');
  const timers = useRef<Timers>(new Map()).current;
  const showRef = useRef(initial.showDiscount);
  const base = `/${locale}/cart`;

  useEffect(() => {
    applyDiscountDisplay(initial.showDiscount);
    return () => timers.forEach((d) => d.cancel());
  }, [initial.showDiscount]);

  const synced = (sync: SyncJson) => {
    setCart(fromSync(sync, locale, showRef.current));
    setCartCount(sync.count);
    setStatus(labels.updated);
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
  const quantities = useQuantities(base, timers, synced);
  return { cart, status, toggling, toggle, quantities, ...useRemove(base, timers, synced) };
}
