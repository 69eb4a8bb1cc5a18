/** The instructionals feature's public surface: what other features, workflows and the app import from it. */
export { instructionalRoutes } from './routes.ts';
