/** The permissions feature's public surface: what other features, workflows and the app import from it. */
export { permissionRoutes } from './routes.ts';
