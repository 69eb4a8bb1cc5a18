/** The shipping feature's public surface: what other features, workflows and the app import from it. */
export { shippingRoutes } from './routes.ts';
export { toChannel } from './service.ts';
