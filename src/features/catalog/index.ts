/** The catalog feature's public surface: what other features, workflows and the app import from it. */
export { escapeLike } from './queries.ts';
export type { PriceChannel, ProductSummaryRow } from './queries.ts';
export { catalogReadModel, STOCK_TTL_MS } from './read-model.ts';
export type { CatalogReadModel } from './read-model.ts';
export { catalogRoutes } from './routes.ts';
export { availabilityBadge } from './service.ts';
export type { Badge } from './service.ts';
export { badgeLabel } from './view-model.ts';
