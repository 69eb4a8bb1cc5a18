/** The cart feature's public surface: what other features, workflows and the app import from it. */
export { lineTitle, localizeCart, optionNames } from './localize.ts';
export { joinChannelPrice, priceFactColumns, priceSortKey, pricingColumns } from './price-columns.ts';
export { loadConfigOptions, priceFromFacts, priceLine, pricingFactsByStockcode } from './pricing.ts';
export type { PricedLine, PricingChannel } from './pricing.ts';
export { findCartId, lineOptions, visitorCartRef } from './queries.ts';
export { cartHooks, cartRoutes } from './routes.ts';
export { addPricedTx, getCart, recomputeTotals } from './service.ts';
export { syncCoreLines } from './core-lines.ts';
export type { AddPricedResult, CartRef, CartState } from './service.ts';
