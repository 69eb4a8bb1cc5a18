/** The account feature's public surface: what other features, workflows and the app import from it. */
export { accountRoutes } from './routes.ts';
