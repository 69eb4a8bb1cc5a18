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
import { DISCOUNT_LINE_TYPES } from './constants.ts';
import { convert, sumCents, toCents } from './money.ts';
import { prorate } from './prorate.ts';

/**
 * The stacking rule, in words the promotion editor can show. The code below is this text: every
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

/** Which product lines a discount applies to: all of them unless line types or tags narrow it. */
export type LedgerScope = { lineTypes?: readonly number[]; tags?: readonly string[] };

export type LedgerLineInput<K> = {
  key: K;
  lineType: number;
  /** The list unit price, the chosen options' prices included. */
  unitCents: number;
  quantity: number;
  /** What the line is, for a discount that applies to some lines only (e.g. 'part'). */
  tags?: readonly string[];
  /** The chosen options, carried to the line as given (their prices are in unitCents). */
  options?: readonly unknown[];
  /** What payments already paid onto this line. */
  paidCents?: number;
  /** A line discount already fixed in cents (as stored), applied before the percentages as LINE_DISCOUNT. */
  discountCents?: number;
};

/** The name of a line's own fixed discount (LedgerLineInput.discountCents) among its discount rows. */
export const LINE_DISCOUNT = 'Line discount';

/** A percentage off each line in scope ('5.00' = 5 %), rounded once per line. */
export type LedgerLineDiscount = { name: string; percent: string | number; appliesTo?: LedgerScope };

export type LedgerPromotion = {
  name: string;
  /** The amount off, in the order's currency (a positive number of cents; 0 for a free-shipping-only promotion). */
  amountCents: number;
  freeShipping?: boolean;
  appliesTo?: LedgerScope;
  /** Higher applies first (STACKING_RULE); missing counts 0. */
  priority?: number;
};

export type LedgerShipping = { warehouseId: number | string | null; cents: number };

/** What an authority's tax is levied on: the goods after discounts, or those and shipping. */
export type TaxBase = 'goods' | 'goods_and_shipping';

/** A tax by rate (a fraction: 0.06 = 6 %), or an amount already fixed (the cart keeps what checkout set). */
export type LedgerTax = { name: string; levied: TaxBase } & ({ rate: number | string } | { fixedCents: number });

export type LedgerInput<K> = {
  lines: readonly LedgerLineInput<K>[];
  lineDiscounts?: readonly LedgerLineDiscount[];
  promotions?: readonly LedgerPromotion[];
  shipping?: readonly LedgerShipping[];
  taxes?: readonly LedgerTax[];
  /** Exempt: every rate charges nothing (fixed amounts too). */
  taxExempt?: boolean;
  fees?: readonly { name: string; cents: number }[];
  payments?: readonly { cents: number }[];
  refunds?: readonly { cents: number }[];
};

export type DiscountKind = 'line' | 'promotion';
export type LedgerDiscountRow = { name: string; kind: DiscountKind; cents: number };

export type LedgerLine<K> = {
  key: K;
  lineType: number;
  unitCents: number;
  quantity: number;
  options: readonly unknown[];
  listTotal: number;
  /** One row per line discount and per promotion, in the order they applied (zero rows kept). */
  discounts: LedgerDiscountRow[];
  lineDiscount: number;
  promotionDiscount: number;
  net: number;
  /** Per authority, in the order of the order's taxes. */
  taxes: { name: string; cents: number }[];
  tax: number;
  paid: number;
  unpaid: number;
};

export type LedgerPromotionRow = {
  name: string;
  requestedCents: number;
  goodsCents: number;
  shippingCents: number;
  cents: number;
  freeShipping: boolean;
};

export type Ledger<K> = {
  lines: LedgerLine<K>[];
  merchandise: number;
  /** Every discount by name: line discounts summed over lines, then each promotion. */
  discounts: LedgerDiscountRow[];
  lineDiscount: number;
  promotionDiscount: number;
  promotions: LedgerPromotionRow[];
  goodsDiscount: number;
  shippingDiscount: number;
  discountTotal: number;
  /** Σ line nets: what the goods cost after every discount. */
  goodsNet: number;
  shippingLines: { warehouseId: number | string | null; cents: number; discount: number; net: number }[];
  shipping: number;
  shippingNet: number;
  taxes: {
    name: string;
    levied: TaxBase;
    rate: number | null;
    base: number;
    cents: number;
    onGoods: number;
    onShipping: number;
  }[];
  tax: number;
  fees: { name: string; cents: number }[];
  feeTotal: number;
  total: number;
  paid: number;
  refunded: number;
  unpaid: number;
};

/** Why: lines of types 0, 1 and 2 are the goods; a promotion line (type 5) is not merchandise. */
export function isMerchandise(lineType: number): boolean {
  return DISCOUNT_LINE_TYPES.includes(Number(lineType));
}

/** Why: a discount with no scope applies to every product line; a scope narrows by line type and/or tag. */
export function inScope(line: { lineType: number; tags?: readonly string[] }, scope: LedgerScope | undefined): boolean {
  if (!scope) return true;
  if (scope.lineTypes && !scope.lineTypes.includes(line.lineType)) return false;
  if (scope.tags && !scope.tags.some((t) => line.tags?.includes(t))) return false;
  return true;
}

/** Why: '5.00' % of a line, rounded once to the cent; none on a line worth nothing or less (a credit). */
export function percentOf(cents: number, percent: string | number): number {
  const basisPoints = toCents(percent); // 5.00 % → 500
  if (!(basisPoints > 0) || cents <= 0) return 0;
  return convert(cents, `${basisPoints}e-4`);
}

/** Why: STACKING_RULE's order — highest priority first, the given order breaking ties. */
export function stackingOrder(promotions: readonly LedgerPromotion[]): number[] {
  return promotions
    .map((_, i) => i)
    .sort((a, b) => (promotions[b].priority ?? 0) - (promotions[a].priority ?? 0) || a - b);
}

function assertCents(label: string, c: number): void {
  if (!Number.isSafeInteger(c)) throw new RangeError(`${label} must be integer cents: ${c}`);
}

/** Every figure of one order (see the file's comment for the rules). */
export function ledger<K>(input: LedgerInput<K>): Ledger<K> {
  const product = input.lines.filter((l) => isMerchandise(l.lineType));
  for (const l of product) {
    assertCents('unit price', l.unitCents);
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 0)
      throw new RangeError(`quantity must be a whole number ≥ 0: ${l.quantity}`);
  }
  const lines = product.map((l) => {
    const listTotal = sumCents([l.unitCents * l.quantity]);
    return {
      l,
      listTotal,
      remaining: listTotal,
      discounts: [] as LedgerDiscountRow[],
      lineDiscount: 0,
      promotionDiscount: 0,
    };
  });
  const merchandise = sumCents(lines.map((d) => d.listTotal));

  // 1. Line discounts: a fixed one first (when any line has one), then each a percentage of the line's list total, never more than what is left of it.
  const lineDiscountRows: LedgerDiscountRow[] = [];
  if (lines.some((d) => d.l.discountCents)) {
    let sum = 0;
    for (const d of lines) {
      assertCents('line discount', d.l.discountCents ?? 0);
      const cents = Math.min(Math.max(0, d.l.discountCents ?? 0), Math.max(0, d.remaining));
      d.discounts.push({ name: LINE_DISCOUNT, kind: 'line', cents });
      d.remaining -= cents;
      d.lineDiscount += cents;
      sum += cents;
    }
    lineDiscountRows.push({ name: LINE_DISCOUNT, kind: 'line', cents: sum });
  }
  for (const ld of input.lineDiscounts ?? []) {
    let sum = 0;
    for (const d of lines) {
      const cents = inScope(d.l, ld.appliesTo)
        ? Math.min(percentOf(d.listTotal, ld.percent), Math.max(0, d.remaining))
        : 0;
      d.discounts.push({ name: ld.name, kind: 'line', cents });
      d.remaining -= cents;
      d.lineDiscount += cents;
      sum += cents;
    }
    lineDiscountRows.push({ name: ld.name, kind: 'line', cents: sum });
  }

  // 2. Promotions, stacked: each capped at what is left of the goods it applies to, and of the goods as a whole
  //    (a credit line lowers what promotions can take, so the goods never go below zero through them).
  const promos = input.promotions ?? [];
  const promotionRows: LedgerPromotionRow[] = promos.map((p) => ({
    name: p.name,
    requestedCents: p.amountCents,
    goodsCents: 0,
    shippingCents: 0,
    cents: 0,
    freeShipping: !!p.freeShipping,
  }));
  const perLinePromo = lines.map(() => promos.map(() => 0));
  for (const i of stackingOrder(promos)) {
    const p = promos[i];
    assertCents('promotion', p.amountCents);
    const weights = lines.map((d) => (inScope(d.l, p.appliesTo) ? Math.max(0, d.remaining) : 0));
    const left = Math.max(0, sumCents(lines.map((d) => d.remaining)));
    const applied = Math.min(Math.max(0, p.amountCents), sumCents(weights), left);
    const shares = applied > 0 ? prorate(weights, applied) : weights.map(() => 0);
    lines.forEach((d, k) => {
      perLinePromo[k][i] = shares[k];
      d.remaining -= shares[k];
      d.promotionDiscount += shares[k];
    });
    promotionRows[i].goodsCents = applied;
  }
  lines.forEach((d, k) => {
    promos.forEach((p, i) => d.discounts.push({ name: p.name, kind: 'promotion', cents: perLinePromo[k][i] }));
  });

  // 3. Shipping: paid in full unless a promotion says free shipping (the first in stacking order takes it all).
  const freeBy = stackingOrder(promos).find((i) => promos[i].freeShipping);
  const shippingLines = (input.shipping ?? []).map((s) => {
    assertCents('shipping', s.cents);
    const discount = freeBy === undefined ? 0 : Math.max(0, s.cents);
    return { warehouseId: s.warehouseId, cents: s.cents, discount, net: s.cents - discount };
  });
  const shipping = sumCents(shippingLines.map((s) => s.cents));
  const shippingDiscount = sumCents(shippingLines.map((s) => s.discount));
  const shippingNet = shipping - shippingDiscount;
  if (freeBy !== undefined) promotionRows[freeBy].shippingCents = shippingDiscount;
  for (const r of promotionRows) r.cents = r.goodsCents + r.shippingCents;

  // 4. Tax per authority on what it is levied on, split over the lines (and shipping) that bear it.
  const nets = lines.map((d) => d.remaining);
  const goodsNet = sumCents(nets);
  const lineTaxes = lines.map(() => [] as { name: string; cents: number }[]);
  const taxes = (input.taxes ?? []).map((t) => {
    const onShipping = t.levied === 'goods_and_shipping';
    const base = Math.max(0, goodsNet + (onShipping ? shippingNet : 0));
    let cents: number;
    if ('fixedCents' in t) {
      assertCents('tax', t.fixedCents);
      cents = input.taxExempt ? 0 : t.fixedCents;
    } else {
      cents = input.taxExempt || base <= 0 ? 0 : convert(base, t.rate);
    }
    const weights = [...nets.map((n) => Math.max(0, n)), ...(onShipping ? [Math.max(0, shippingNet)] : [])];
    const parts = weights.length ? prorate(weights, cents) : [];
    const goodsParts = parts.slice(0, nets.length);
    // No line and no shipping to bear it (an order of nothing but a fixed amount): it stays at order level.
    const shippingPart = weights.length ? (onShipping ? parts[nets.length] : 0) : cents;
    lines.forEach((_, k) => lineTaxes[k].push({ name: t.name, cents: goodsParts[k] ?? 0 }));
    return {
      name: t.name,
      levied: t.levied,
      rate: 'rate' in t ? Number(t.rate) : null,
      base,
      cents,
      onGoods: sumCents(goodsParts),
      onShipping: shippingPart,
    };
  });
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
    lines: lines.map((d, k) => {
      const lineTax = sumCents(lineTaxes[k].map((t) => t.cents));
      const paidHere = d.l.paidCents ?? 0;
      return {
        key: d.l.key,
        lineType: d.l.lineType,
        unitCents: d.l.unitCents,
        quantity: d.l.quantity,
        options: d.l.options ?? [],
        listTotal: d.listTotal,
        discounts: d.discounts,
        lineDiscount: d.lineDiscount,
        promotionDiscount: d.promotionDiscount,
        net: d.remaining,
        taxes: lineTaxes[k],
        tax: lineTax,
        paid: paidHere,
        unpaid: d.remaining + lineTax - paidHere,
      };
    }),
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
