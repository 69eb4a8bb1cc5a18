/** The promotions feature's public surface: what other features, workflows and the app import from it. */
export { promotionRoutes } from './routes.ts';
