/** The order-admin feature's public surface: what other features, workflows and the app import from it. */
export { orderAdminLocalizedRoutes, orderAdminRoutes } from './routes.ts';
export { personMatch, prefixPattern } from './search.ts';
export { withQuery } from './view-model.ts';
