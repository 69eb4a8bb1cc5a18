/**
 * Page scripts without React, by the name used in `data-behaviour` (space-separated for more
 * than one). Each is a lazy chunk whose default export wires one element. Browser only.
 */
export type Behaviour = (el: HTMLElement) => void;

export const behaviours: Record<string, () => Promise<{ default: Behaviour }>> = {
  'alert-dismiss': () => import('./behaviours/alert-dismiss.ts'),
  'cart-add': () => import('./behaviours/cart-add.ts'),
  'shipping-estimate': () => import('./behaviours/shipping-estimate.ts'),
  typeahead: () => import('./behaviours/typeahead.ts'),
  'channel-find': () => import('./behaviours/channel-find.ts'),
  landing: () => import('./behaviours/landing.ts'),
  // Back-office orders and customers (issue 9).
  'row-link': () => import('./behaviours/row-link.ts'),
  'region-reload': () => import('./behaviours/region-reload.ts'),
};
