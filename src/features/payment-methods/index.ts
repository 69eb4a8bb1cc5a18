/** The payment-methods feature's public surface: what other features, workflows and the app import from it. */
export { savedMethodForOrder } from './pay.ts';
export { channelTakes, findMethod } from './queries.ts';
export { bankLinkApiRoutes, paymentMethodRoutes } from './routes.ts';
