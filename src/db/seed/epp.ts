/**
 * EPP demo data beyond the rules row (seeded with the promotions in orders.ts): a promotional plan
 * (0 % over 12 months on planters) and product eligibility. Services and warranties are not
 * financed (paid in full with the down payment).
 */
import { and, asc, isNotNull, sql } from 'drizzle-orm';
import { eppProducts, eppPromotions, orderEppInstallments, orderEppPlans, orders } from '../schema/index.ts';
import { computePlan } from '../../domain/epp.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import type { ProductRef } from './catalog.ts';
import { EPP_RULES } from './order-plans.ts';
import { daysAgo, EPOCH, insertMany, isoDate, type SeedTx } from './util.ts';

export const EPP_PROMOTION = {
  id: 1,
  code: 'PLANT-0-12',
  name: '0% APR for 12 months on planters',
  months: 12,
  interestRatePercent: '0.00',
  feePercent: '0.00',
};

/** Planters (the promotion) by stock code prefix or code; what is never financed. */
const PROMO_CODES = (code: string) => code.startsWith('PL-') || code === 'DEMO-CONFIG' || code === 'DEMO-CALL';
const NOT_FINANCED = ['SV-SETUP', 'SV-WARR-2'];

export async function seedEpp(tx: SeedTx, products: Map<string, ProductRef>): Promise<void> {
  const at = daysAgo(120);
  await insertMany(tx, eppPromotions, [
    { ...EPP_PROMOTION, active: true, startsAt: daysAgo(200), endsAt: null, createdAt: at, updatedAt: at },
  ]);
  const rows: (typeof eppProducts.$inferInsert)[] = [];
  for (const [code, p] of products) {
    if (PROMO_CODES(code)) rows.push({ productId: p.id, eligible: true, eppPromotionId: EPP_PROMOTION.id });
    else if (NOT_FINANCED.includes(code)) rows.push({ productId: p.id, eligible: false, eppPromotionId: null });
  }
  await insertMany(tx, eppProducts, rows);
}

/**
 * The demo orders paid by EPP (seedOrders: down payment charged, an unpaid 'EPP fee') get the plan
 * they were placed under and its schedule, so staff see one on every such order. The plan is the
 * one of its day: the down payment on the whole total and the order's own EPP fee as the fee.
 */
export async function seedEppPlans(tx: SeedTx): Promise<void> {
  const rows = await tx
    .select({
      id: orders.id,
      total: orders.total,
      percentDown: orders.eppPercentDown,
      months: orders.eppMonths,
      at: sql<Date>`coalesce(${orders.submittedAt}, ${orders.createdAt})`.mapWith((v) => new Date(v)),
      // Written out: drizzle leaves columns unqualified inside a selected sql fragment.
      fee: sql<
        string | null
      >`(select max(f.amount)::text from order_fees f where f.order_id = "orders"."id" and f.name = 'EPP fee')`,
      paymentId: sql<
        number | null
      >`(select min(p.id) from payments p where p.order_id = "orders"."id" and p.successful)`,
    })
    .from(orders)
    .where(and(isNotNull(orders.eppPercentDown), isNotNull(orders.eppMonths)))
    .orderBy(asc(orders.id));
  const plans: (typeof orderEppPlans.$inferInsert)[] = [];
  const installments: (typeof orderEppInstallments.$inferInsert)[] = [];
  for (const o of rows) {
    const p = computePlan({
      totalCents: toCents(o.total),
      percentDown: o.percentDown!,
      months: o.months!,
      ratePercent: EPP_RULES.interestRatePercent,
      feePercent: EPP_RULES.feePercent,
      customFeeCents: o.fee === null ? null : toCents(o.fee),
      start: isoDate(o.at),
    });
    plans.push({
      orderId: o.id,
      kind: 'standard',
      percentDown: p.percentDown,
      months: p.months,
      downPayment: fromCents(p.downPaymentCents),
      amountFinanced: fromCents(p.amountFinancedCents),
      fee: fromCents(p.feeCents),
      interest: fromCents(p.interestCents),
      financeCharge: fromCents(p.financeChargeCents),
      totalOfPayments: fromCents(p.totalOfPaymentsCents),
      total: fromCents(p.totalCents),
      interestRatePercent: p.ratePercent.toFixed(2),
      apr: p.apr.toFixed(2),
      downPaymentId: o.paymentId,
      createdAt: o.at,
    });
    p.schedule.forEach((s, k) =>
      installments.push({
        id: installments.length + 1,
        orderId: o.id,
        seq: k + 1,
        dueDate: s.date,
        amount: fromCents(s.amountCents),
        paidAt: s.date < isoDate(EPOCH) ? new Date(`${s.date}T15:00:00Z`) : null,
      }),
    );
  }
  await insertMany(tx, orderEppPlans, plans);
  await insertMany(tx, orderEppInstallments, installments);
}
