/**
 * The shop's one ledger: every figure of an order, in integer minor units, from one pure
 * calculation. Screens, the stored totals and payments read these figures; none adds its own.
 * Modelled on Medusa v2's line and order totals (original_total, discount_total, subtotal,
 * tax_total, total) and Vendure's prorated line price (a line's price with its share of the
 * order-level discounts).
 *
 * Per product line (line types 0, 1, 2; other types are not merchandise and are left out):
 *   listTotal = list unit price × quantity, exactly
 *   discounts = each line discount (a percentage of listTotal) and each promotion's share, by name
 *   net       = listTotal − Σ discounts
 *   tax       = the line's share of each authority's tax on goods
 *   unpaid    = net + tax − paid
 * Per order:
 *   merchandise   = Σ listTotal
 *   goodsDiscount = Σ line discounts + Σ promotion shares       (so Σ net = merchandise − goodsDiscount)
 *   shipping      = Σ per warehouse; shippingDiscount only from a promotion that says free shipping
 *   discountTotal = goodsDiscount + shippingDiscount
 *   tax           = Σ per authority (each on the goods, or on goods and shipping, after discounts)
 *   total         = merchandise − discountTotal + shipping + tax + fees
 *   unpaid        = total − paid + refunded                      (shipping, tax and fees included)
 * Every split (a promotion over lines, a tax over lines and shipping) is by largest remainder
 * (prorate.ts), so its parts sum to the whole; every rounding is money.ts's, half away from zero.
 */
import { sumCents } from './money.ts';
import {
  applyLineDiscounts,
  applyPromotions,
  assertCents,
  ledgerLines,
  shippingOf,
  taxesOf,
  workLines,
} from './ledger-steps.ts';
import type { Ledger, LedgerDiscountRow, LedgerInput } from './ledger-types.ts';

export { inScope, isMerchandise, percentOf, stackingOrder } from './ledger-steps.ts';
export { LINE_DISCOUNT } from './ledger-types.ts';
export type {
  LedgerScope,
  LedgerLineInput,
  LedgerLineDiscount,
  LedgerPromotion,
  LedgerShipping,
  TaxBase,
  LedgerTax,
  LedgerInput,
  DiscountKind,
  LedgerDiscountRow,
  LedgerLine,
  LedgerPromotionRow,
  Ledger,
} from './ledger-types.ts';

/**
 * The stacking rule, in words the promotion editor can show. The code (ledger-steps.ts) is this text: every
 * promotion in force combines; they apply highest priority first (equal priority: in the order
 * given); each is capped at what is left, after line discounts and the promotions before it, of
 * the merchandise it applies to, so promotions together never exceed the goods and never come off
 * shipping or tax. Only a promotion that says free shipping takes shipping off, and only shipping.
 */
export const STACKING_RULE = Object.freeze({
  combine: 'all' as const,
  order: 'priority-desc-then-given' as const,
  cap: 'remaining-merchandise-in-scope' as const,
  shipping: 'only-free-shipping-promotions' as const,
  /** The text below in the visitor's language (src/i18n: its English is this text, word for word). */
  messageKey: 'promo.stackingRule' as const,
  text:
    'Line discounts (such as the organisation discount) come first, each a percentage of the line. ' +
    'Then every promotion in force combines with the others, highest priority first. Each promotion ' +
    'is capped at what is left of the goods it applies to, so promotions never exceed the goods and ' +
    'never come off shipping or tax. Only a promotion marked free shipping removes shipping.',
});

/** Every figure of one order (see the file's comment for the rules). */
export function ledger<K>(input: LedgerInput<K>): Ledger<K> {
  const lines = workLines(input.lines);
  const merchandise = sumCents(lines.map((d) => d.listTotal));
  const lineDiscountRows = applyLineDiscounts(lines, input.lineDiscounts ?? []);
  const promos = input.promotions ?? [];
  const promotionRows = applyPromotions(lines, promos);
  const { shippingLines, shipping, shippingDiscount, shippingNet } = shippingOf(
    input.shipping ?? [],
    promos,
    promotionRows,
  );
  const { goodsNet, taxedGoods, lineTaxes, taxes } = taxesOf(lines, input, shippingNet);
  const tax = sumCents(taxes.map((t) => t.cents));

  const fees = (input.fees ?? []).map((f) => {
    assertCents('fee', f.cents);
    return { name: f.name, cents: f.cents };
  });
  const feeTotal = sumCents(fees.map((f) => f.cents));
  const lineDiscount = sumCents(lineDiscountRows.map((r) => r.cents));
  const promotionDiscount = sumCents(promotionRows.map((r) => r.goodsCents));
  const goodsDiscount = lineDiscount + promotionDiscount;
  const discountTotal = goodsDiscount + shippingDiscount;
  const total = sumCents([merchandise, -discountTotal, shipping, tax, feeTotal]);
  const paid = sumCents((input.payments ?? []).map((p) => p.cents));
  const refunded = sumCents((input.refunds ?? []).map((r) => r.cents));

  return {
    lines: ledgerLines(lines, lineTaxes),
    merchandise,
    discounts: [
      ...lineDiscountRows,
      ...promotionRows.map((r): LedgerDiscountRow => ({ name: r.name, kind: 'promotion', cents: r.cents })),
    ],
    lineDiscount,
    promotionDiscount,
    promotions: promotionRows,
    goodsDiscount,
    shippingDiscount,
    discountTotal,
    goodsNet,
    taxedGoods,
    shippingLines,
    shipping,
    shippingNet,
    taxes,
    tax,
    fees,
    feeTotal,
    total,
    paid,
    refunded,
    unpaid: total - paid + refunded,
  };
}
