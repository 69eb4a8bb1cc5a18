/**
 * The header's cart badge (`[data-cart-count]` in views/partials/header.ejs): whoever changes the
 * cart (the cart page, an add-to-cart form, the product page) calls setCartCount with the
 * `count` the server answered. Hidden at 0.
 */
export function setCartCount(count: number): void {
  if (typeof document === 'undefined' || !Number.isFinite(count)) return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    el.textContent = String(count);
    el.hidden = count <= 0;
  }
  // The cart changed: islands that depend on it (the EPP preview) ask the server again.
  document.dispatchEvent(new CustomEvent('hd:cart-changed', { detail: { count } }));
}
