/**
 * The new-lead form (spec §5, §7, §8, §9):
 * - email: 250 ms after typing stops, staff ask POST …/admin/settings/person/accountexists; an
 *   existing account shows a message with the person's name and a link to them. Failures are
 *   logged only.
 * - bot protection on submit: the challenge (action 'submit') adds recaptchaToken and
 *   recaptchaKey; a failed challenge submits without a token (the server then decides).
 */
import { text } from '../lib/text.ts';
import { ACCOUNT_EXISTS_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { debounce } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

type Exists = { exists: boolean; url: string | null; name: string | null };
type Grecaptcha = { ready(cb: () => void): void; execute(key: string, o: { action: string }): Promise<string> };

export default function leadForm(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const hint = form.querySelector<HTMLElement>('[data-account-hint]');
  const existsUrl = form.dataset.accountExists;

  if (email && hint && existsUrl) {
    let last = '';
    const check = debounce(async () => {
      const value = email.value.trim();
      if (value === last) return;
      last = value;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
        hint.hidden = true;
        return;
      }
      try {
        const reply = await request<Exists>('POST', existsUrl, { email: value });
        if (email.value.trim() !== value) return;
        if (!reply.exists) {
          hint.hidden = true;
          hint.replaceChildren();
          return;
        }
        const [before, after] = (form.dataset.existsText ?? text('accountExists', { name: '{{name}}' })).split(
          '{{name}}',
        );
        const name = document.createElement('strong');
        name.textContent = reply.name ?? '';
        const link = document.createElement('a');
        link.href = reply.url ?? '#';
        link.textContent = form.dataset.existsLink ?? text('open');
        link.dataset.testid = 'account-exists-link';
        hint.replaceChildren(before ?? '', name, after ?? '', ' ', link);
        hint.hidden = false;
      } catch (err) {
        console.error('account-exists check failed', err); // spec §8: thrown and logged only
      }
    }, ACCOUNT_EXISTS_DEBOUNCE_MS);
    email.addEventListener('input', () => check());
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = await challenge(form).catch(() => null);
    for (const name of ['recaptchaToken', 'recaptchaKey']) form.querySelector(`input[name="${name}"]`)?.remove();
    if (token) {
      form.append(hidden('recaptchaToken', token), hidden('recaptchaKey', form.dataset.siteKey ?? ''));
    }
    HTMLFormElement.prototype.submit.call(form); // no second submit event
  });
}

/** The bot-protection challenge: the offline token the page carries, or reCAPTCHA v3 when loaded. */
async function challenge(form: HTMLFormElement): Promise<string | null> {
  if (form.dataset.captcha === 'offline') return form.dataset.captchaToken ?? null;
  const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  const key = form.dataset.siteKey;
  if (!g || !key) return null; // failed challenge: submit without a token
  return new Promise((resolve, reject) => g.ready(() => g.execute(key, { action: 'submit' }).then(resolve, reject)));
}

function hidden(name: string, value: string): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = name;
  input.value = value;
  return input;
}
