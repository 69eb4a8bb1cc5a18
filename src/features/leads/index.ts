/** The leads feature's public surface: what other features, workflows and the app import from it. */
export { leadRoutes } from './routes.ts';
