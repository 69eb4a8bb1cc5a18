/** The parts feature's public surface: what other features, workflows and the app import from it. */
export { partsRoutes } from './routes.ts';
