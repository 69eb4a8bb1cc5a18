/**
 * Page alerts in the layout's `#alerts` live region (created if a page lacks it). Each alert has
 * a close button and fades out after ALERT_DISMISS_MS (spec §9); the countdown pauses while the
 * pointer or focus is on the alert, so a long message can still be read.
 * Server-rendered flash alerts get the same behaviour via `data-behaviour="alert-dismiss"`.
 */
import { ALERT_DISMISS_MS } from '../../src/domain/constants.ts';

export type AlertKind = 'info' | 'success' | 'warning' | 'error';

const FADE_MS = 300;
const armed = new WeakSet<HTMLElement>();

/** The `#alerts` container; the close button's label comes from its `data-close-label`. */
export function alertsContainer(): HTMLElement {
  let box = document.getElementById('alerts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'alerts';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-live', 'polite');
    box.setAttribute('aria-label', 'Notifications');
    document.body.prepend(box);
  }
  return box;
}

/** Fades the alert out, then removes it. */
export function dismissAlert(el: HTMLElement): void {
  if (el.dataset.dismissing) return;
  el.dataset.dismissing = 'true';
  const reduced = matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduced || typeof el.animate !== 'function') {
    el.remove();
    return;
  }
  el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, easing: 'ease-out', fill: 'forwards' })
    .finished.catch(() => undefined)
    .then(() => el.remove());
}

/** Adds the close button (unless the markup has `[data-alert-close]`) and the auto-dismiss timer. */
export function armAlert(el: HTMLElement, ms: number = ALERT_DISMISS_MS): void {
  if (armed.has(el)) return;
  armed.add(el);
  let close = el.querySelector<HTMLElement>('[data-alert-close]');
  if (!close) {
    close = document.createElement('button');
    close.setAttribute('type', 'button');
    close.className = 'alert__close';
    close.dataset.alertClose = '';
    close.dataset.testid = 'alert-close';
    close.setAttribute('aria-label', document.getElementById('alerts')?.dataset.closeLabel || 'Close');
    close.textContent = '×';
    el.append(close);
  }
  close.addEventListener('click', () => dismissAlert(el));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => dismissAlert(el), ms);
  };
  const pause = () => clearTimeout(timer);
  el.addEventListener('mouseenter', pause);
  el.addEventListener('focusin', pause);
  el.addEventListener('mouseleave', () => {
    if (!el.contains(document.activeElement)) start();
  });
  el.addEventListener('focusout', (e) => {
    if (!el.contains(e.relatedTarget as Node | null)) start();
  });
  start();
}

/** Shows `message` as an alert; the same message already on screen is not repeated. */
export function showAlert(message: string, kind: AlertKind = 'info'): HTMLElement {
  const box = alertsContainer();
  for (const existing of box.querySelectorAll<HTMLElement>('[data-testid="alert"]')) {
    if (!existing.dataset.dismissing && existing.dataset.kind === kind && existing.dataset.message === message) {
      return existing;
    }
  }
  const el = document.createElement('div');
  el.className = `alert alert-${kind}`;
  el.dataset.testid = 'alert';
  el.dataset.kind = kind;
  el.dataset.message = message;
  const text = document.createElement('span');
  text.className = 'alert__message';
  text.textContent = message;
  el.append(text);
  armAlert(el);
  box.append(el);
  return el;
}
