/**
 * The order report's rollup (measured at 100 000 and 1 000 000 orders):
 * what each placed order adds to the report (its facts), and the sums by day, channel and status
 * (and by product) that the report and the dashboard read instead of every order.
 *
 * Kept by triggers (migrations/0015_report_rollup.sql) in the writing transaction, so a report
 * always equals the same report computed from the orders themselves (test/features/report-rollup.test.ts):
 * a change to an order, its lines, its payments or its channel's rate takes the order's old facts
 * out and puts its new ones in. The sums are append-only deltas (no row is updated, so checkouts
 * never wait on each other for a day's row), folded together every night and after a seed.
 *
 * Paid is net (successful payments − refunds); unpaid is what the order owes by order-balance.ts.
 * Amounts: the order's own currency, and USD converted with the channel's mid-market rate and
 * rounded to cents once per order (once per line for products), exactly as the report does.
 */
import { bigserial, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const sum = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');
const orderSums = () => ({
  subtotal: sum('subtotal'),
  discount: sum('discount'),
  shipping: sum('shipping'),
  tax: sum('tax'),
  total: sum('total'),
  paid: sum('paid'),
  subtotalUsd: sum('subtotal_usd'),
  discountUsd: sum('discount_usd'),
  shippingUsd: sum('shipping_usd'),
  taxUsd: sum('tax_usd'),
  totalUsd: sum('total_usd'),
  paidUsd: sum('paid_usd'),
  // Fees are billed, and unpaid is the balance rule's
  // (order-balance.ts): 0 for a quote or cancelled order, never below 0, so it is kept per order.
  fees: sum('fees'),
  unpaid: sum('unpaid'),
  feesUsd: sum('fees_usd'),
  unpaidUsd: sum('unpaid_usd'),
});
const lineSums = () => ({
  total: sum('total'),
  discount: sum('discount'),
  totalDiscounted: sum('total_discounted'),
  paidTotal: sum('paid_total'),
  unpaidTotal: sum('unpaid_total'),
  totalUsd: sum('total_usd'),
  discountUsd: sum('discount_usd'),
  totalDiscountedUsd: sum('total_discounted_usd'),
  paidTotalUsd: sum('paid_total_usd'),
  unpaidTotalUsd: sum('unpaid_total_usd'),
});

/** A product's sums under one key (by day or by month): orders holding it, quantity and line amounts. */
const productSums = () => ({
  channelId: integer('channel_id').notNull(),
  status: text('status').notNull(),
  productId: integer('product_id').notNull(),
  orders: integer('orders').notNull(),
  quantity: integer('quantity').notNull(),
  ...lineSums(),
});

/** One row per placed order (not carts): the key it counts under and its amounts. */
export const reportOrderFacts = pgTable('report_order_facts', {
  orderId: integer('order_id').primaryKey(),
  day: date('day').notNull(),
  channelId: integer('channel_id').notNull(),
  status: text('status').notNull(),
  ...orderSums(),
});

/** One row per placed order and product (its product lines summed, each rounded on its own). */
export const reportLineFacts = pgTable(
  'report_line_facts',
  {
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
    status: text('status').notNull(),
    quantity: integer('quantity').notNull(),
    ...lineSums(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

/** Signed changes of the sums by (day, channel, status): +facts when an order comes in, −facts when it leaves. */
export const reportDeltas = pgTable(
  'report_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    ...orderSums(),
  },
  (t) => [index('report_deltas_day_idx').on(t.day)],
);

/** The same by product: orders (one per order holding the product), quantity and line amounts. */
export const reportProductDeltas = pgTable(
  'report_product_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    ...productSums(),
  },
  (t) => [index('report_product_deltas_day_idx').on(t.day, t.productId)],
);

/**
 * The product deltas again by month (the first day of the month): a period's whole months are
 * read here and only its partial months from the days, so top products over two years sum a few
 * thousand rows, not every product's every day.
 */
export const reportProductMonths = pgTable(
  'report_product_months',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    month: date('month').notNull(),
    ...productSums(),
  },
  (t) => [index('report_product_months_month_idx').on(t.month, t.productId)],
);
