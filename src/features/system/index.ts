/** The system feature's public surface: what other features, workflows and the app import from it. */
export { systemRoutes } from './routes.ts';
