/**
 * The country chooser (/{locale}/channel/find): each row is a form posting to the channel switch.
 * With scripts the post goes through request() instead, as the spec's call does (§7, §8): 200
 * reloads the page, another status alerts its status text, a failed request alerts 'An error
 * occurred'. Without scripts the form posts and the server redirects back.
 */
import { showAlert } from '../lib/alerts.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { statusText, text } from '../lib/text.ts';

export default function channelFind(el: HTMLElement): void {
  el.addEventListener('submit', async (event) => {
    const form = (event.target as Element | null)?.closest<HTMLFormElement>('form.channel-choice');
    if (!form) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.disabled) return;
    if (button) {
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
    }
    const country = (form.elements.namedItem('country') as HTMLInputElement | null)?.value ?? '';
    try {
      await request('POST', form.action, { country });
      window.location.reload();
    } catch (err) {
      if (button) {
        button.disabled = false;
        button.removeAttribute('aria-busy');
      }
      showAlert(isAppRequestError(err) ? statusText(err.status) : text('genericError'), 'error');
    }
  });
}
