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
  // The nav warning modal for forms with unsaved changes.
  'nav-warning': () => import('./behaviours/nav-warning.ts'),
  // Parts explorer, dealers, leads and the shared form helpers
  'parts-explorer': () => import('./behaviours/parts-explorer.ts'),
  'parts-add-all': () => import('./behaviours/parts-add-all.ts'),
  'json-form': () => import('./behaviours/json-form.ts'),
  'crm-actions': () => import('./behaviours/crm-actions.ts'),
  'row-links': () => import('./behaviours/row-links.ts'),
  'dealer-locator': () => import('./behaviours/dealer-locator.ts'),
  'lead-form': () => import('./behaviours/lead-form.ts'),
  'region-reload': () => import('./behaviours/region-reload.ts'),
  'date-field': () => import('./behaviours/date-field.ts'),
  // The storefront's main navigation behind a menu button on phones.
  'nav-toggle': () => import('./behaviours/nav-toggle.ts'),
  // The header's 'Text on this page' button and its drawer (staff who translate).
  'page-text': () => import('./behaviours/page-text.ts'),
};
