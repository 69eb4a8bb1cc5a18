/**
 * Page alerts in the layout's `#alerts` live region (created if a page lacks it). Each alert has
 * a close button and fades out after ALERT_DISMISS_MS (spec §9); the countdown pauses while the
 * pointer or focus is on the alert, so a long message can still be read.
 * Server-rendered flash alerts (views/partials/alerts.ejs) get the same behaviour via
 * `data-behaviour="alert-dismiss"`. Markup and classes match that partial; app.css fades
 * `.alert.is-fading` over FADE_MS.
 */
import { text } from './text.ts';
import { ALERT_DISMISS_MS } from '../../src/domain/constants.ts';

export type AlertKind = 'info' | 'success' | 'warning' | 'error';

const FADE_MS = 600;
const armed = new WeakSet<HTMLElement>();

/** The `#alerts` container; the close button's label comes from its `data-close-label`. */
export function alertsContainer(): HTMLElement {
  let box = document.getElementById('alerts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'alerts';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-live', 'polite');
    box.setAttribute('aria-label', text('notifications'));
    document.body.prepend(box);
  }
  return box;
}

/** Fades the alert out (app.css transitions `.is-fading`), then removes it. */
export function dismissAlert(el: HTMLElement): void {
  if (el.dataset.dismissing) return;
  el.dataset.dismissing = 'true';
  el.classList.add('is-fading');
  setTimeout(() => el.remove(), FADE_MS);
}

/** Wires the close button (adding one when the markup has none) and the auto-dismiss timer. */
export function armAlert(el: HTMLElement, ms: number = ALERT_DISMISS_MS): void {
  if (armed.has(el)) return;
  armed.add(el);
  let close = el.querySelector<HTMLElement>('[data-alert-close]') ?? el.querySelector<HTMLElement>(':scope > button');
  if (close) {
    close.dataset.alertClose ??= '';
    close.dataset.testid ??= 'alert-close';
  } else {
    close = document.createElement('button');
    close.setAttribute('type', 'button');
    close.dataset.alertClose = '';
    close.dataset.testid = 'alert-close';
    close.setAttribute('aria-label', document.getElementById('alerts')?.dataset.closeLabel || text('close'));
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
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.dataset.testid = 'alert';
  el.dataset.kind = kind;
  el.dataset.message = message;
  const text = document.createElement('span');
  text.className = 'alert-message';
  text.textContent = message;
  el.append(text);
  armAlert(el);
  box.append(el);
  return el;
}
