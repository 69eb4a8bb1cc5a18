/**
 * A server-rendered form sent by script: the reply's field errors go beside their inputs
 * (spec §5 "form field errors beside a named input"), other messages as alerts; with
 * data-reload the page reloads after success, else a success alert shows data-success.
 * Inputs tied to the form with form="id" are sent too (FormData does that).
 */
import { showAlert } from '../lib/alerts.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { shownMessages } from '../lib/errors.ts';
import { text } from '../lib/text.ts';

export function clearFieldErrors(form: HTMLFormElement) {
  for (const el of form.ownerDocument.querySelectorAll<HTMLElement>(`[data-json-form-error="${form.id || ''}"]`))
    el.remove();
  for (const input of [...form.elements] as HTMLInputElement[]) {
    input.removeAttribute('aria-invalid');
    input.closest('.field')?.classList.remove('has-error');
  }
}

export function showFieldErrors(form: HTMLFormElement, fields: Record<string, string>): string[] {
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const input = (form.elements.namedItem(name) as HTMLInputElement | null) ?? null;
    if (!input || !('setAttribute' in input)) {
      unplaced.push(message);
      continue;
    }
    input.setAttribute('aria-invalid', 'true');
    const field = input.closest('.field');
    field?.classList.add('has-error');
    const note = document.createElement('span');
    note.className = 'field-error';
    note.dataset.jsonFormError = form.id || '';
    note.dataset.testid = `field-error-${name}`;
    note.id = `${form.id || 'f'}-${name}-error`;
    note.textContent = message;
    input.setAttribute('aria-describedby', note.id);
    (field ?? input.parentElement)?.append(note);
  }
  return unplaced;
}

export default function jsonForm(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const submit = form.querySelector<HTMLButtonElement>('[type="submit"]');
    if (submit) submit.disabled = true;
    try {
      const data = new FormData(form);
      data.delete('_csrf');
      await request(
        'POST',
        form.action,
        Object.fromEntries([...data.entries()].filter((e): e is [string, string] => typeof e[1] === 'string')),
      );
      if (form.hasAttribute('data-reload')) return location.reload();
      showAlert(form.dataset.success ?? text('saved'), 'success');
    } catch (err) {
      const fields = isAppRequestError(err)
        ? ((err.body as { error?: { fields?: Record<string, string> } })?.error?.fields ?? {})
        : {};
      const unplaced = showFieldErrors(form, fields);
      const messages = Object.keys(fields).length ? unplaced : shownMessages(err);
      for (const m of messages) showAlert(m, 'error');
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
