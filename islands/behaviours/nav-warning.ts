/**
 * The nav warning modal (spec §2): a form with `data-behaviour="nav-warning"` remembers whether
 * it was changed; leaving the page by a link while it has unsaved changes opens a modal dialog
 * (Stay / Leave without saving), and closing or reloading the tab gets the browser's own prompt.
 * Submitting the form is not leaving it. Texts come from data-warning-* attributes.
 */
import { text as islandText } from '../lib/text.ts';

export default function navWarning(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const initial = snapshot(form);
  let submitting = false;
  const dirty = () => !submitting && snapshot(form) !== initial;
  form.addEventListener('submit', () => (submitting = true));

  addEventListener('beforeunload', (e) => {
    if (!dirty()) return;
    e.preventDefault();
    e.returnValue = '';
  });

  document.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (
      !link ||
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.ctrlKey ||
      e.shiftKey ||
      link.target === '_blank'
    )
      return;
    if (link.getAttribute('href')?.startsWith('#') || link.hasAttribute('data-translation-key') || !dirty()) return;
    e.preventDefault();
    confirmLeave(form, () => {
      submitting = true; // the user chose to leave: no second prompt from beforeunload
      location.assign(link.href);
    });
  });
}

function snapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form)].filter(([k, v]) => k !== '_csrf' && typeof v === 'string'));
}

function confirmLeave(form: HTMLFormElement, leave: () => void) {
  const d = form.dataset;
  const dialog = document.createElement('dialog');
  dialog.className = 'nav-warning-dialog';
  dialog.setAttribute('aria-labelledby', 'nav-warning-title');
  dialog.dataset.testid = 'nav-warning';
  const title = document.createElement('h2');
  title.id = 'nav-warning-title';
  title.textContent = d.warningTitle ?? islandText('unsavedTitle');
  const text = document.createElement('p');
  text.textContent = d.warningText ?? islandText('unsavedText');
  const actions = document.createElement('div');
  actions.className = 'form-actions';
  const stay = button(d.warningStay ?? islandText('unsavedStay'), 'btn', 'nav-warning-stay');
  const go = button(d.warningLeave ?? islandText('unsavedLeave'), 'btn btn-ghost', 'nav-warning-leave');
  actions.append(go, stay);
  dialog.append(title, text, actions);
  document.body.append(dialog);
  stay.addEventListener('click', () => dialog.close());
  go.addEventListener('click', () => {
    dialog.close();
    leave();
  });
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  stay.focus();
}

function button(label: string, className: string, testid: string) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  b.dataset.testid = testid;
  return b;
}
