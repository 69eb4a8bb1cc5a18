/**
 * Add-to-cart for server-rendered forms: `<form data-behaviour="cart-add" method="post"
 * action="/{locale}/cart/add/inline">` with product_id, quantity and options[…] fields. The form
 * is sent by script (POST /{locale}/cart/add/inline); the reply's confirmation snippet goes into
 * the form's `[data-cart-added]` box (or an alert when there is none), the header count follows,
 * and every message of an error reply is shown as an alert. Without script the form still posts.
 */
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import { shownMessages } from '../lib/errors.ts';
import { text as islandText } from '../lib/text.ts';
import { setCartCount } from './cart-count.ts';

type AddReply = { product_id: number; quantity: number; cart: { subtotal: string; count: number }; html: string };

export default function cartAdd(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('[type="submit"]');
    if (submit) submit.disabled = true;
    try {
      const data = new FormData(form);
      data.delete('_csrf'); // the header carries the token
      const reply = await request<AddReply>(
        'POST',
        form.action,
        Object.fromEntries(data.entries()) as Record<string, string>,
      );
      setCartCount(reply.cart.count);
      const box = form.querySelector<HTMLElement>('[data-cart-added]');
      if (box) {
        box.innerHTML = reply.html; // server-rendered, escaped by EJS
        box.hidden = false;
      } else {
        const added = new DOMParser()
          .parseFromString(reply.html, 'text/html')
          .body.textContent?.replace(/\s+/g, ' ')
          .trim();
        showAlert(added || islandText('addedToCart'), 'success');
      }
    } catch (err) {
      for (const m of shownMessages(err)) showAlert(m, 'error');
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
