/**
 * The global error helper (spec §8): silent on HTTP 401 (the session is gone; the next page
 * load handles it), otherwise each message as an alert; the wait indicator is always hidden,
 * and inside an Android WebView the device vibrates.
 *
 * What a person reads for a failure is always in the page's language (shownMessages): the
 * server's own messages (it answers in the visitor's language), else the status text, 'Network
 * Error' or 'An error occurred' from the islands' text (islands/lib/text.ts). A programmer's
 * Error message is logged, never shown; a ShownError carries a message written for the person.
 */
import { showAlert } from './alerts.ts';
import { hideWait } from './overlay.ts';
import { isAppRequestError, messagesOf, NETWORK_ERROR } from './request.ts';
import { statusText, text } from './text.ts';

/** An error whose message was written for the person (already in the page's language). */
export class ShownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShownError';
  }
}

/** Android WebView user agents carry "; wv)". */
export const inWebView = (ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean =>
  /\bwv\b/.test(ua);

const isNetworkError = (err: unknown) =>
  err instanceof Error && !isAppRequestError(err) && err.message === NETWORK_ERROR;

/** The messages a person is shown for `err`, in the page's language (never empty). */
export function shownMessages(err: unknown): string[] {
  // A message already chosen for the person (e.g. passed on by a form that showed it).
  if (typeof err === 'string' && err.trim()) return [err];
  if (isNetworkError(err)) return [text('networkError')];
  if (isAppRequestError(err)) {
    // An answer without a body of its own carries only its (English) status text.
    const own = err.body === err.statusText ? [] : messagesOf(err.body);
    return own.length ? own : [statusText(err.status)];
  }
  if (err instanceof ShownError || (err as { name?: unknown } | null)?.name === 'ShownError')
    return [(err as Error).message];
  console.error(err);
  return [text('genericError')];
}

export function handleError(err: unknown): void {
  hideWait(true);
  if (isAppRequestError(err) && err.status === 401) return;
  for (const message of shownMessages(err)) showAlert(message, 'error');
  if (inWebView()) navigator.vibrate?.(200);
}
