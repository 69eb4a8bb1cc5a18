/** The quick-order feature's public surface: what other features, workflows and the app import from it. */
export { quickOrderRoutes } from './routes.ts';
