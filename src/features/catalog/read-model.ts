/**
 * The storefront's read model (src/db/read-model.ts): product pages, catalog listings, typeahead
 * answers and the landing page's featured products, per channel, kept in memory and emptied in
 * every app process when a catalogue, price, channel or warehouse table is written. They also show
 * stock, which changes without a trigger: an entry lives STOCK_TTL_MS at most, so stock on a page
 * is at most that stale. Adding to the cart and placing an order price and check stock from the
 * database (src/features/cart/pricing.ts), never from here.
 *
 * Cached values are shared by every request: views and view-models must not mutate them.
 */
import type { ReadModel } from '../../db/read-model.ts';
import type { ProductCard, ProductPage } from '../product/index.ts';
import type { Listing, Suggestion } from './service.ts';

/** Every table these pages read, besides stock (inventory). */
export const CATALOG_TABLES = [
  'products',
  'product_categories',
  'categories',
  'product_options',
  'option_choices',
  'channel_prices',
  'parts_diagrams',
  'diagram_components',
  'instructionals',
  'currencies',
  'channels',
  'channel_warehouses',
  'warehouses',
  // Searches match translated product names too (catalog/queries.ts searchCondition).
  'translations',
  // A product page's back-order day (src/db/queries/back-order.ts).
  'restock_expectations',
] as const;

/** How stale stock on a page may be. */
export const STOCK_TTL_MS = 5_000;

export function catalogReadModel(readModel: ReadModel) {
  const opts = (max: number) => ({ tables: CATALOG_TABLES, max, ttlMs: STOCK_TTL_MS });
  return {
    /** key: `${productId}:${channelId}` */
    productPages: readModel.cache<ProductPage>('product pages', opts(2_000)),
    /** key: `${channelId}:${JSON of the parsed listing query}` */
    listings: readModel.cache<Listing>('catalog listings', opts(1_000)),
    /** key: `${channelId}:${q}` */
    typeahead: readModel.cache<Suggestion[]>('typeahead', opts(2_000)),
    /** key: `${channelId}` */
    featured: readModel.cache<ProductCard[]>('featured products', opts(100)),
  };
}

export type CatalogReadModel = ReturnType<typeof catalogReadModel>;
