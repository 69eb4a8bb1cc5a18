/** The reports feature's public surface: what other features, workflows and the app import from it. */
export { orderReport } from './queries.ts';
export type { OrderFilters, ReportRow } from './queries.ts';
export { reportRoutes } from './routes.ts';
export { reportQueryString, rowLabel } from './view-model.ts';
