/** The warehouses feature's public surface: what other features, workflows and the app import from it. */
export { warehouseApiRoutes, warehouseKeyRoutes } from './api.ts';
export { warehouseRoutes } from './routes.ts';
