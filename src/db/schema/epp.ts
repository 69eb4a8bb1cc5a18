/**
 * The Extended Payment Program beyond its rules row (epp_rules in orders.ts): promotional plans,
 * which products are eligible (and for which promotion), and each EPP order's plan and schedule.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, percent, timestamps, tstz } from './columns.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';
import { payments } from './order-payments.ts';

/** A promotional plan, e.g. 0 % over 12 months on eligible items (shown beside the standard plan). */
export const eppPromotions = pgTable(
  'epp_promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    months: integer('months').notNull(),
    /** Yearly interest (note) rate in percent; 0 for an interest-free promotion. */
    interestRatePercent: percent('interest_rate_percent').notNull().default('0'),
    feePercent: percent('fee_percent').notNull().default('0'),
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('epp_promotions_months', sql`${t.months} between 1 and 120`),
    check('epp_promotions_rates', sql`${t.interestRatePercent} >= 0 and ${t.feePercent} >= 0`),
    check('epp_promotions_window', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A product's EPP eligibility (overrides epp_rules.products_eligible_by_default) and its promotion. */
export const eppProducts = pgTable(
  'epp_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    eligible: boolean('eligible').notNull().default(true),
    eppPromotionId: integer('epp_promotion_id').references(() => eppPromotions.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('epp_products_promo_needs_eligible', sql`${t.eppPromotionId} is null or ${t.eligible}`),
    index('epp_products_promotion_idx').on(t.eppPromotionId),
  ],
);

export const EPP_PLAN_KINDS = ['standard', 'promo'] as const;

/** The plan an order was placed under: the Regulation Z figures as disclosed at checkout. */
export const orderEppPlans = pgTable(
  'order_epp_plans',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<(typeof EPP_PLAN_KINDS)[number]>(),
    eppPromotionId: integer('epp_promotion_id').references(() => eppPromotions.id, { onDelete: 'set null' }),
    percentDown: integer('percent_down').notNull(),
    months: integer('months').notNull(),
    downPayment: money('down_payment').notNull(),
    amountFinanced: money('amount_financed').notNull(),
    fee: money('fee').notNull(),
    interest: money('interest').notNull(),
    financeCharge: money('finance_charge').notNull(),
    totalOfPayments: money('total_of_payments').notNull(),
    total: money('total').notNull(),
    interestRatePercent: percent('interest_rate_percent').notNull(),
    apr: numeric('apr', { precision: 7, scale: 2 }).notNull(),
    /** The card payment that took the down payment. */
    downPaymentId: integer('down_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_epp_plans_kind', sql`${t.kind} in ('standard', 'promo')`),
    check(
      'order_epp_plans_sums',
      sql`${t.downPayment} + ${t.totalOfPayments} = ${t.total} and ${t.amountFinanced} + ${t.financeCharge} = ${t.totalOfPayments}`,
    ),
    check(
      'order_epp_plans_nonnegative',
      sql`${t.downPayment} >= 0 and ${t.amountFinanced} >= 0 and ${t.fee} >= 0 and ${t.interest} >= 0 and ${t.apr} >= 0`,
    ),
    index('order_epp_plans_promotion_idx').on(t.eppPromotionId),
    index('order_epp_plans_payment_idx').on(t.downPaymentId),
  ],
);

/** The monthly schedule: instalment seq (1..months) due on due_date. */
export const orderEppInstallments = pgTable(
  'order_epp_installments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orderEppPlans.orderId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dueDate: date('due_date').notNull(),
    amount: money('amount').notNull(),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    check('order_epp_installments_amount', sql`${t.amount} >= 0 and ${t.seq} >= 1`),
    uniqueIndex('order_epp_installments_seq_uq').on(t.orderId, t.seq),
  ],
);
