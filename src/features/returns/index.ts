/** The returns feature's public surface: what other features, workflows and the app import from it. */
export { returnsPanel } from './queries.ts';
export { returnRoutes } from './routes.ts';
