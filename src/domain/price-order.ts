/**
 * THE order pricing (spec §3, §5, §9), in integer cents, used by the cart (cart/totals.ts
 * settlePlan), checkout's tax (checkout/tax.ts through the cart's totals), the staff order editor
 * (order-edit.ts repriceOrder) and the demo seed (seed/orders.ts), so all four agree to the cent:
 *
 *   gross            = unit × quantity                               (product lines: types 0, 1, 2)
 *   line discount    = the organisation's percent of gross, rounded once; none on a line worth ≤ 0
 *   line total       = gross − line discount
 *   promotions       = each promotion's value (already in the order's currency), stacked and capped
 *                      by the one ledger (ledger.ts STACKING_RULE): together never more than the
 *                      goods after line discounts, so shipping and tax are always paid
 *   share            = each promotion spread over the line totals by largest remainder (a negative
 *                      line takes no share)
 *   total_discounted = line total − share;  unpaid = total_discounted − paid
 *   subtotal         = Σ gross;  discount = Σ line discounts + Σ capped promotions
 *   taxable          = subtotal − discount, floored at 0, less a core deposit the ship-to does not tax
 *   core deposit     a line tagged CORE_DEPOSIT_TAG (core-lines.ts): no discount or promotion takes
 *                    from it; taxed only when coreDepositsTaxed
 *   tax              = each rate × taxable, rounded once per rate; none when exempt
 *                      (or a tax amount already fixed, as the cart keeps what checkout set)
 *   total            = subtotal − discount + shipping + tax, floored at 0
 * Other line types (promotion lines, 5) are carried through with nothing to pay.
 */
import { ledger, type LedgerPromotion, type LedgerTax } from './ledger.ts';
import { floorAtZero } from './money.ts';

export type PriceLine<K> = {
  key: K;
  lineType: number;
  unitCents: number;
  quantity: number;
  paidCents?: number;
  tags?: readonly string[];
};

export type PriceOrderInput<K> = {
  lines: readonly PriceLine<K>[];
  /** The organisation's discount as stored ('5.00' = 5 %); 0 for none. */
  orgDiscountPercent: string | number;
  /** Each promotion in force, its value in the order's currency (cents, positive), in stacking order. */
  promotionCents: readonly number[];
  /** The same promotions with their names and rules, when the caller has them (they win over promotionCents). */
  promotions?: readonly LedgerPromotion[];
  shippingCents: number;
  /** Rates to apply (exempt: none charged, the rates kept at zero), or a tax amount already set. */
  tax: { rates: readonly { name: string; rate: number }[]; exempt: boolean } | { fixedCents: number };
  /** Lines tagged CORE_DEPOSIT_TAG are taxed only when the ship-to taxes core deposits (cores.ts coreTaxable). */
  coreDepositsTaxed?: boolean;
};

export type PricedLine<K> = {
  key: K;
  product: boolean;
  gross: number;
  discount: number;
  total: number;
  share: number;
  totalDiscounted: number;
  unpaid: number;
};

export type PricedOrder<K> = {
  lines: PricedLine<K>[];
  subtotal: number;
  lineDiscount: number;
  /** What the promotions took off the goods, capped (see ledger.ts STACKING_RULE). */
  promotionTotal: number;
  /** Each promotion's capped amount, in the order given: what its promotion line shows. */
  promotionApplied: number[];
  discount: number;
  taxable: number;
  taxLines: { name: string; rate: number; amount: number }[];
  tax: number;
  shipping: number;
  total: number;
  /** Σ product lines' total_discounted: what the goods cost after promotions. */
  totalDiscounted: number;
};

/** The organisation's discount row in the ledger. */
export const ORG_DISCOUNT = 'Organisation discount';

export function priceOrder<K>(input: PriceOrderInput<K>): PricedOrder<K> {
  const promotions =
    input.promotions ?? input.promotionCents.map((c, i) => ({ name: `promotion ${i + 1}`, amountCents: c }));
  const taxes: LedgerTax[] =
    'fixedCents' in input.tax
      ? [{ name: 'tax', fixedCents: input.tax.fixedCents, levied: 'goods' }]
      : input.tax.rates.map((t) => ({ name: t.name, rate: t.rate, levied: 'goods' }));
  const l = ledger({
    lines: input.lines.map((x) => ({
      key: x,
      lineType: x.lineType,
      unitCents: x.unitCents,
      quantity: x.quantity,
      paidCents: x.paidCents,
      tags: x.tags,
    })),
    lineDiscounts: [{ name: ORG_DISCOUNT, percent: input.orgDiscountPercent }],
    promotions,
    shipping: [{ warehouseId: null, cents: input.shippingCents }],
    taxes,
    taxExempt: 'fixedCents' in input.tax ? false : input.tax.exempt,
    coreDepositsTaxed: input.coreDepositsTaxed,
  });
  const byLine = new Map(l.lines.map((x) => [x.key, x]));
  const lines = input.lines.map((x): PricedLine<K> => {
    const d = byLine.get(x);
    if (!d)
      return {
        key: x.key,
        product: false,
        gross: x.unitCents * x.quantity,
        discount: 0,
        total: x.unitCents * x.quantity,
        share: 0,
        totalDiscounted: 0,
        unpaid: 0,
      };
    // A line's stored unpaid_total is what its goods still owe; shipping and tax are owed by the order.
    return {
      key: x.key,
      product: true,
      gross: d.listTotal,
      discount: d.lineDiscount,
      total: d.listTotal - d.lineDiscount,
      share: d.promotionDiscount,
      totalDiscounted: d.net,
      unpaid: d.net - d.paid,
    };
  });
  return {
    lines,
    subtotal: l.merchandise,
    lineDiscount: l.lineDiscount,
    promotionTotal: l.promotionDiscount,
    promotionApplied: l.promotions.map((p) => p.cents),
    discount: l.discountTotal,
    taxable: Math.max(0, l.taxedGoods),
    taxLines:
      'fixedCents' in input.tax ? [] : l.taxes.map((t) => ({ name: t.name, rate: t.rate ?? 0, amount: t.cents })),
    tax: l.tax,
    shipping: l.shipping,
    // Never below zero while every line is; a credit larger than the goods still shows 0 (spec §5).
    total: floorAtZero(l.total),
    totalDiscounted: l.goodsNet,
  };
}
