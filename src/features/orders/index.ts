/** The orders feature's public surface: what other features, workflows and the app import from it. */
export { addressCopySql, copyAddressesOfPlacedOrders, snapshotOrderAddresses } from './address-copies.ts';
export { figuresFor } from './figures.ts';
export { sendConfirmation } from './mail.ts';
export { dashboardSummary, getOrderDetail, listOrdersForUser } from './queries.ts';
export { orderPageLocals, orderRoutes } from './routes.ts';
