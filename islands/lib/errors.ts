/**
 * The global error helper (spec §8): silent on HTTP 401 (the session is gone; the next page
 * load handles it), otherwise each message as an alert; the wait indicator is always hidden,
 * and inside an Android WebView the device vibrates.
 */
import { showAlert } from './alerts.ts';
import { hideWait } from './overlay.ts';
import { isAppRequestError, messagesOf } from './request.ts';

const FALLBACK = 'An error occurred';

/** Android WebView user agents carry "; wv)". */
export const inWebView = (ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean =>
  /\bwv\b/.test(ua);

export function handleError(err: unknown): void {
  hideWait(true);
  if (isAppRequestError(err) && err.status === 401) return;
  let messages: string[];
  if (isAppRequestError(err)) {
    messages = messagesOf(err.body);
    if (!messages.length) messages = [err.statusText || FALLBACK];
  } else {
    console.error(err);
    const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
    messages = [message || FALLBACK];
  }
  for (const message of messages) showAlert(message, 'error');
  if (inWebView()) navigator.vibrate?.(200);
}
