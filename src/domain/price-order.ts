/**
 * THE order pricing (spec §3, §5, §9), in integer cents, used by the cart (cart/totals.ts
 * settlePlan), checkout's tax (checkout/tax.ts through the cart's totals), the staff order editor
 * (order-edit.ts repriceOrder) and the demo seed (seed/orders.ts), so all four agree to the cent:
 *
 *   gross            = unit × quantity                               (product lines: types 0, 1, 2)
 *   line discount    = the organisation's percent of gross, rounded once; none on a line worth ≤ 0
 *   line total       = gross − line discount
 *   promotion total  = Σ promotions' values (already in the order's currency)
 *   share            = the promotion total spread over the line totals by largest remainder, never
 *                      more than the lines are worth (a negative line takes no share)
 *   total_discounted = line total − share;  unpaid = total_discounted − paid
 *   subtotal         = Σ gross;  discount = Σ line discounts + promotion total, floored at 0
 *   taxable          = subtotal − discount, floored at 0
 *   tax              = each rate × taxable, rounded once per rate; none when exempt
 *                      (or a tax amount already fixed, as the cart keeps what checkout set)
 *   total            = subtotal − discount + shipping + tax, floored at 0
 * Other line types (promotion lines, 5) are carried through with nothing to pay.
 */
import { taxAmount } from './checkout.ts';
import { isProductLine, orderTotals, orgDiscountCents, spreadPromotion } from './order-totals.ts';
import { fromCents } from './money.ts';

export type PriceLine<K> = { key: K; lineType: number; unitCents: number; quantity: number; paidCents?: number };

export type PriceOrderInput<K> = {
  lines: readonly PriceLine<K>[];
  /** The organisation's discount as stored ('5.00' = 5 %); 0 for none. */
  orgDiscountPercent: string | number;
  /** Each promotion in force, its value in the order's currency (cents, positive). */
  promotionCents: readonly number[];
  shippingCents: number;
  /** Rates to apply (exempt: none charged, the rates kept at zero), or a tax amount already set. */
  tax: { rates: readonly { name: string; rate: number }[]; exempt: boolean } | { fixedCents: number };
};

export type PricedLine<K> = { key: K; product: boolean; gross: number; discount: number; total: number; share: number; totalDiscounted: number; unpaid: number };

export type PricedOrder<K> = {
  lines: PricedLine<K>[];
  subtotal: number;
  lineDiscount: number;
  promotionTotal: number;
  discount: number;
  taxable: number;
  taxLines: { name: string; rate: number; amount: number }[];
  tax: number;
  shipping: number;
  total: number;
  /** Σ product lines' total_discounted: what the goods cost after promotions. */
  totalDiscounted: number;
};

export function priceOrder<K>(input: PriceOrderInput<K>): PricedOrder<K> {
  const product = input.lines.filter((l) => isProductLine({ line_type: l.lineType }));
  const drafts = product.map((l) => {
    const gross = l.unitCents * l.quantity;
    const discount = orgDiscountCents(gross, input.orgDiscountPercent);
    return { l, gross, discount, total: gross - discount };
  });
  const asTotals = drafts.map((d) => ({ line_type: d.l.lineType, unit_price_cents: d.l.unitCents, quantity: d.l.quantity, discount_cents: d.discount }));
  // orderTotals takes promotions as the API sends them (major units); the cents go through fromCents exactly.
  const promotions = input.promotionCents.filter((c) => c > 0).map((c) => ({ configuration: [{ actions: [{ value: fromCents(c) }] }] }));
  const pre = orderTotals(asTotals, promotions);
  const taxable = Math.max(0, pre.subtotal - pre.discount);
  const taxLines = 'fixedCents' in input.tax
    ? []
    : input.tax.rates.map((t) => ({ name: t.name, rate: t.rate, amount: (input.tax as { exempt: boolean }).exempt ? 0 : taxAmount(taxable, t.rate) }));
  const tax = 'fixedCents' in input.tax ? input.tax.fixedCents : taxLines.reduce((s, t) => s + t.amount, 0);
  const totals = orderTotals(asTotals, promotions, { shippingCents: input.shippingCents, taxCents: tax });
  const shares = spreadPromotion(drafts.map((d) => d.total), totals.promotionTotal);

  const byKey = new Map(drafts.map((d, i) => [d.l, { gross: d.gross, discount: d.discount, total: d.total, share: shares[i] }]));
  const lines = input.lines.map((l): PricedLine<K> => {
    const d = byKey.get(l);
    if (!d) return { key: l.key, product: false, gross: l.unitCents * l.quantity, discount: 0, total: l.unitCents * l.quantity, share: 0, totalDiscounted: 0, unpaid: 0 };
    const totalDiscounted = d.total - d.share;
    return { key: l.key, product: true, ...d, totalDiscounted, unpaid: totalDiscounted - (l.paidCents ?? 0) };
  });
  return {
    lines,
    subtotal: totals.subtotal,
    lineDiscount: totals.lineDiscount,
    promotionTotal: totals.promotionTotal,
    discount: totals.discount,
    taxable,
    taxLines,
    tax: totals.tax,
    shipping: totals.shipping,
    total: totals.total,
    totalDiscounted: lines.reduce((s, l) => s + (l.product ? l.totalDiscounted : 0), 0),
  };
}
