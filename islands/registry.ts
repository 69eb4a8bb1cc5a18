/**
 * Every island, by the name used in `data-island` and renderIsland(name, ...). Lazy imports,
 * so each island is its own chunk and React a shared one. The server imports every entry
 * once at startup (src/http/assets.ts loadIslands) for server rendering, so an island module
 * must not touch window/document at import time (only in effects and handlers).
 */
import type { ComponentType } from 'react';

export type IslandModule = { default: ComponentType<any> };

export const islands: Record<string, () => Promise<IslandModule>> = {
  'locale-channel-picker': () => import('./locale-channel-picker.tsx'),
  'cart-page': () => import('./cart-page.tsx'),
  'product-gallery': () => import('./product-gallery.tsx'),
  'product-configurator': () => import('./product-configurator.tsx'),
  // Issue 13: translations, instructionals, content.
  'translation-editor': () => import('./translation-editor/index.tsx'),
  'seed-plate-calculator': () => import('./seed-plate-calculator.tsx'), // issue #12
  // Checkout (issue #7)
  checkout: () => import('./checkout/index.tsx'),
  'address-edit': () => import('./checkout/address-edit.tsx'),
  // Back-office orders (issue 9).
  'order-editor': () => import('./order-editor/index.tsx'),
  // Back office insight (issue #14); Chart.js is imported inside the island, a chunk of its own.
  'dashboard-charts': () => import('./dashboard-charts/index.tsx'),
  'calendar-editor': () => import('./calendar/index.tsx'),
  // Back-office catalogue (issue 11)
  'product-editor': () => import('./product-editor/index.tsx'),
  'image-uploader': () => import('./image-uploader.tsx'),
  'warehouse-key': () => import('./warehouse-key.tsx'),
  // Saved payment methods and bank accounts (issue 10)
  'payment-methods': () => import('./payment-methods/index.tsx'),
  // Extended Payment Program (issue 10)
  'epp-preview': () => import('./epp/preview.tsx'),
  'epp-calculator': () => import('./epp/calculator.tsx'),
  // Quick order by part number (issue 25)
  'quick-order': () => import('./quick-order/index.tsx'),
};
