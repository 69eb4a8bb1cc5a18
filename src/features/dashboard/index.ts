/** The dashboard feature's public surface: what other features, workflows and the app import from it. */
export { dashboardRoutes } from './routes.ts';
