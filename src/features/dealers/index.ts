/** The dealers feature's public surface: what other features, workflows and the app import from it. */
export { dealerNames, dealerSummary } from './queries.ts';
export { dealerRoutes } from './routes.ts';
