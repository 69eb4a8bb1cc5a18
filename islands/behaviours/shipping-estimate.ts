/**
 * The shipping estimate form (views/shipping/estimate.ejs; spec §7 'POST to the shipping-estimate
 * form action', §8 'Shipping estimate 400' and '500'). Put on the <form>: submits it through the
 * request helper (CSRF header, XHR marker), shows the spinner and disables the button while
 * waiting, and renders the server's quote html into the form's live region. A 400 (a postal code
 * we cannot rate) shows the 'try another' prompt; any other failure is logged and the button and
 * spinner are restored, as the spec asks. On a product page the quantity comes from the page's
 * own `[name=quantity]` input at the moment of submitting.
 */
import { clampCartQuantity } from '../../src/domain/quantity.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { text as islandText } from '../lib/text.ts';

type EstimateResponse = { quote: string; debug?: unknown };

export default function shippingEstimate(el: HTMLElement): void {
  const form = el as HTMLFormElement;
  const section = form.closest<HTMLElement>('[data-testid="shipping-estimate"]') ?? form.parentElement!;
  const result = section.querySelector<HTMLElement>('[data-role="result"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = button?.querySelector<HTMLElement>('[data-role="spinner"]');
  const postal = form.querySelector<HTMLInputElement>('[name="postal_code"]');
  let busy = false;

  const setBusy = (on: boolean) => {
    busy = on;
    if (button) button.disabled = on;
    if (spinner) spinner.hidden = !on;
    form.setAttribute('aria-busy', String(on));
    result?.setAttribute('aria-busy', String(on));
  };

  const pageQuantity = (): number | undefined => {
    const inputs = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name="quantity"]');
    for (const input of inputs) if (!form.contains(input)) return clampCartQuantity(input.value);
    return undefined;
  };

  const showTryAnother = () => {
    if (!result) return;
    const p = document.createElement('p');
    p.className = 'form-error shipping-try-another';
    p.setAttribute('role', 'alert');
    p.dataset.testid = 'shipping-try-another';
    p.textContent = result.dataset.tryAnother || islandText('noRates');
    result.replaceChildren(p);
    postal?.setAttribute('aria-invalid', 'true');
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const data: Record<string, unknown> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === 'string' && key !== '_csrf') data[key] = value;
    if (form.dataset.context !== 'cart') {
      const quantity = pageQuantity();
      if (quantity !== undefined) data.quantity = quantity;
    }
    setBusy(true);
    try {
      const res = await request<EstimateResponse>('POST', form.action, data);
      postal?.removeAttribute('aria-invalid');
      // Server-rendered EJS (escaped there): the same markup the no-script result page shows.
      if (result) result.innerHTML = res?.quote ?? '';
    } catch (err) {
      if (isAppRequestError(err) && err.status === 400) showTryAnother();
      else console.error('shipping estimate failed', err);
    } finally {
      setBusy(false);
    }
  });
  form.dataset.ready = 'true';
}
