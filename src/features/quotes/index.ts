/** The quotes feature's public surface: what other features, workflows and the app import from it. */
export { quoteRoutes } from './routes.ts';
