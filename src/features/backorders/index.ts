/** The back-orders feature's public surface: the back office's Back orders list and its actions. */
export { backorderRoutes } from './routes.ts';
