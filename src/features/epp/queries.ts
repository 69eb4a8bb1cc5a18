/** EPP reads and writes (drizzle only): the rules in force, eligibility, an order's lines, a placed order's plan. */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  eppProducts,
  eppPromotions,
  eppRules,
  orderEppInstallments,
  orderEppPlans,
  orderLineItems,
  orders,
  products,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import type { EppPlan, EppPromo, EppRules } from '../../domain/epp.ts';
import { fromCents } from '../../domain/money.ts';

export type ActiveRules = EppRules & { productsEligibleByDefault: boolean };

/** The active rules row, or null when the store has none. */
export async function activeRules(db: DbOrTx): Promise<ActiveRules | null> {
  const [r] = await db.select().from(eppRules).where(eq(eppRules.active, true)).limit(1);
  if (!r) return null;
  return {
    percentDown: [...r.percentDown].sort((a, b) => a - b),
    months: [...r.months].sort((a, b) => a - b),
    defaultPercentDown: r.defaultPercentDown,
    defaultMonths: r.defaultMonths,
    feePercent: r.feePercent,
    ratePercent: r.interestRatePercent,
    productsEligibleByDefault: r.productsEligibleByDefault,
  };
}

export type Eligibility = { eligible: boolean; promo: EppPromo | null };

/** Each product's eligibility and its running promotion (a promotion outside its window or inactive counts as none). */
export async function eligibilityOf(
  db: DbOrTx,
  productIds: readonly number[],
  byDefault: boolean,
  now: Date,
): Promise<Map<number, Eligibility>> {
  const out = new Map<number, Eligibility>(productIds.map((id) => [id, { eligible: byDefault, promo: null }]));
  if (!productIds.length) return out;
  const rows = await db
    .select({
      productId: eppProducts.productId,
      eligible: eppProducts.eligible,
      promo: {
        id: eppPromotions.id,
        code: eppPromotions.code,
        name: eppPromotions.name,
        months: eppPromotions.months,
        ratePercent: eppPromotions.interestRatePercent,
        feePercent: eppPromotions.feePercent,
      },
    })
    .from(eppProducts)
    .leftJoin(
      eppPromotions,
      and(
        eq(eppPromotions.id, eppProducts.eppPromotionId),
        eq(eppPromotions.active, true),
        or(isNull(eppPromotions.startsAt), lte(eppPromotions.startsAt, now)),
        or(isNull(eppPromotions.endsAt), gt(eppPromotions.endsAt, now)),
      ),
    )
    .where(inArray(eppProducts.productId, [...productIds]));
  for (const r of rows)
    out.set(r.productId, { eligible: r.eligible, promo: r.promo?.id ? (r.promo as EppPromo) : null });
  return out;
}

export type EppOrder = {
  id: number;
  userId: number | null;
  status: string;
  currency: string;
  total: string;
  subtotal: string;
  discount: string;
  lines: { id: number; productId: number | null; title: string; totalDiscounted: string }[];
};

/** An order (or cart) with its product lines, as EPP reads them. */
export async function orderForEpp(db: DbOrTx, orderId: number): Promise<EppOrder | null> {
  const [o] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      currency: orders.orderCurrency,
      total: orders.total,
      subtotal: orders.subtotal,
      discount: orders.discount,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o) return null;
  const lines = await db
    .select({
      id: orderLineItems.id,
      productId: orderLineItems.productId,
      title: sql<string>`coalesce(${products.title}, '')`,
      totalDiscounted: orderLineItems.totalDiscounted,
    })
    .from(orderLineItems)
    .leftJoin(products, eq(products.id, orderLineItems.productId))
    .where(and(eq(orderLineItems.orderId, orderId), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return { ...o, lines };
}

/** Writes a placed order's plan and its schedule (inside the placement transaction). */
export async function insertOrderPlan(
  tx: DbOrTx,
  orderId: number,
  kind: 'standard' | 'promo',
  promoId: number | null,
  p: EppPlan,
  paymentId: number | null,
): Promise<void> {
  await tx.insert(orderEppPlans).values({
    orderId,
    kind,
    eppPromotionId: promoId,
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
    downPaymentId: paymentId,
  });
  if (p.schedule.length) {
    await tx
      .insert(orderEppInstallments)
      .values(p.schedule.map((s, k) => ({ orderId, seq: k + 1, dueDate: s.date, amount: fromCents(s.amountCents) })));
  }
  await tx.update(orders).set({ eppPercentDown: p.percentDown, eppMonths: p.months }).where(eq(orders.id, orderId));
}

export type StoredPlan = typeof orderEppPlans.$inferSelect & {
  promoName: string | null;
  installments: { seq: number; dueDate: string; amount: string; paidAt: Date | null }[];
};

/** A placed order's EPP plan with its schedule, or null. */
export async function orderPlan(db: DbOrTx, orderId: number): Promise<StoredPlan | null> {
  const [plan] = await db
    .select({ p: orderEppPlans, promoName: eppPromotions.name })
    .from(orderEppPlans)
    .leftJoin(eppPromotions, eq(eppPromotions.id, orderEppPlans.eppPromotionId))
    .where(eq(orderEppPlans.orderId, orderId))
    .limit(1);
  if (!plan) return null;
  const installments = await db
    .select({
      seq: orderEppInstallments.seq,
      dueDate: orderEppInstallments.dueDate,
      amount: orderEppInstallments.amount,
      paidAt: orderEppInstallments.paidAt,
    })
    .from(orderEppInstallments)
    .where(eq(orderEppInstallments.orderId, orderId))
    .orderBy(asc(orderEppInstallments.seq));
  return { ...plan.p, promoName: plan.promoName, installments };
}
