/**
 * The whole database schema: `import * as schema from './schema/index.ts'` and pass it to drizzle().
 * One file per area; relations.ts wires them for the relational query API.
 */
export * from './constants.ts';
export * from './geo.ts';
export * from './accounts.ts';
export * from './catalog.ts';
export * from './inventory.ts';
export * from './orders.ts';
export * from './order-payments.ts';
export * from './order-shipping.ts';
export * from './content.ts';
export * from './integrations.ts';
export * from './runtime.ts';
export * from './relations.ts';
// Checkout: tax rates, exemption declarations, stock allocations, idempotency keys.
export * from './checkout.ts';
// Card refunds on orders.
export * from './refunds.ts';
// Saved payment methods and the offline bank-link sandbox.
export * from './payment-methods.ts';
// Webhook outbox, deliveries and attempts.
export * from './webhooks.ts';
// Extended Payment Program: promotional plans, product eligibility, order plans and schedules.
export * from './epp.ts';
// The order report's rollup: facts per order and sums by day, channel and status.
export * from './reports.ts';
// Payment attempts: placement charges outside the stock lock, with recovery.
export * from './payment-attempts.ts';
// Spending limits and approval.
export * from './approvals.ts';
// Quotes and their messages.
export * from './quotes.ts';
// Machine models, customers' machines and fitment rows.
export * from './machines.ts';
// Supersession: a part replaced by another.
export * from './supersessions.ts';
// Core deposits: where a deposit is taxed.
export * from './cores.ts';
// Returns (RMA): requests, their lines and photos.
export * from './returns.ts';
// Back orders: restocks staff expect per part and warehouse.
export * from './backorders.ts';
