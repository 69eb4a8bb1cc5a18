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
  // Translations, instructionals, content.
  'translation-editor': () => import('./translation-editor/index.tsx'),
  'seed-plate-calculator': () => import('./seed-plate-calculator.tsx'),
  // Checkout
  checkout: () => import('./checkout/index.tsx'),
  'address-edit': () => import('./checkout/address-edit.tsx'),
  // Back-office orders.
  'order-editor': () => import('./order-editor/index.tsx'),
  // Back office insight; Chart.js is imported inside the island, a chunk of its own.
  'dashboard-charts': () => import('./dashboard-charts/index.tsx'),
  'calendar-editor': () => import('./calendar/index.tsx'),
  // Back-office catalogue
  'product-editor': () => import('./product-editor/index.tsx'),
  'image-uploader': () => import('./image-uploader.tsx'),
  'warehouse-key': () => import('./warehouse-key.tsx'),
  // Saved payment methods and bank accounts
  'payment-methods': () => import('./payment-methods/index.tsx'),
  // Extended Payment Program
  'epp-preview': () => import('./epp/preview.tsx'),
  'epp-calculator': () => import('./epp/calculator.tsx'),
  // Quick order by part number
  'quick-order': () => import('./quick-order/index.tsx'),
};
