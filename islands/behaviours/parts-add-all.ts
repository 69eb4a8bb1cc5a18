/**
 * "Add all parts of this callout": every ticked line of the callout's part list is added with
 * its quantity (pre-filled with the quantity per assembly) through POST /{locale}/cart/add/inline,
 * one line after the other; the server prices each. The last reply's snippet shows under the
 * table, failures as alerts (the other lines still go in).
 */
import { shownMessages } from '../lib/errors.ts';
import { text } from '../lib/text.ts';
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import { setCartCount } from './cart-count.ts';

type AddReply = { cart: { count: number }; html: string };

export default function partsAddAll(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('[type="submit"]');
    const ids = [...form.querySelectorAll<HTMLInputElement>('input[name="line"]:checked:not(:disabled)')].map(
      (i) => i.value,
    );
    if (!ids.length) return void showAlert(form.dataset.none ?? text('tickOnePart'), 'warning');
    if (submit) submit.disabled = true;
    let last: AddReply | null = null;
    try {
      for (const id of ids) {
        const quantity = form.querySelector<HTMLInputElement>(`input[name="qty-${CSS.escape(id)}"]`)?.value ?? '1';
        try {
          last = await request<AddReply>('POST', form.action, { product_id: id, quantity });
          setCartCount(last.cart.count);
        } catch (err) {
          for (const m of shownMessages(err)) showAlert(m, 'error');
        }
      }
      const box = form.querySelector<HTMLElement>('[data-cart-added]');
      if (last && box) {
        box.innerHTML = last.html; // server-rendered, escaped by EJS
        box.hidden = false;
      }
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
