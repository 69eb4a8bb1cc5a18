/** The landing feature's public surface: what other features, workflows and the app import from it. */
export { landingRoutes } from './routes.ts';
