/** The customers feature's public surface: what other features, workflows and the app import from it. */
export { getCustomer } from './queries.ts';
export { customerRoutes } from './routes.ts';
