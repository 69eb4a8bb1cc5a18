/**
 * Server-rendered flash alerts: put `data-behaviour="alert-dismiss"` on an alert (or on a
 * container, which arms each `[data-testid="alert"]` inside it) to get the close button and
 * the timed fade-out that showAlert() alerts have.
 */
import { armAlert } from '../lib/alerts.ts';

export default function alertDismiss(el: HTMLElement): void {
  if (el.matches('[data-testid="alert"]')) armAlert(el);
  else el.querySelectorAll<HTMLElement>('[data-testid="alert"]').forEach((alert) => armAlert(alert));
}
