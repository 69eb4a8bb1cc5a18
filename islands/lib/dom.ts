/** Small DOM helpers shared by islands and page behaviours. Safe to import on the server. */

export type Debounced<A extends unknown[]> = ((...args: A) => void) & { cancel(): void };

/** Calls `fn` once `ms` have passed without another call (the last arguments win). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

function meta(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** The page's CSRF token (`<meta name="csrf-token">`), '' when absent. */
export const csrfToken = (): string => meta('csrf-token');

/** The signed-in user's bearer token (`<meta name="api-token">`), '' when signed out. */
export const apiToken = (): string => meta('api-token');
