/** The guest feature's public surface: what other features, workflows and the app import from it. */
export { guestCustomerInfo, guestPlaceCheck } from './checkout.ts';
export { guestRoutes } from './routes.ts';
export { buyerIsGuest } from './service.ts';
export { finishGuestOrder, isGuestSession } from './session.ts';
