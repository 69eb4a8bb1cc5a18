/**
 * The ledger's steps (ledger.ts runs them in this order on the same working lines): line
 * discounts, stacked promotions, shipping, then tax per authority. Each mutates what is left of
 * every line, so the order of the calls is the calculation.
 */
import { DISCOUNT_LINE_TYPES } from './constants.ts';
import { convert, sumCents, toCents } from './money.ts';
import { prorate } from './prorate.ts';
import {
  CORE_DEPOSIT_TAG,
  LINE_DISCOUNT,
  type Ledger,
  type LedgerDiscountRow,
  type LedgerInput,
  type LedgerLine,
  type LedgerLineDiscount,
  type LedgerLineInput,
  type LedgerPromotion,
  type LedgerPromotionRow,
  type LedgerScope,
  type LedgerShipping,
} from './ledger-types.ts';

/** Why: lines of types 0, 1 and 2 are the goods; a promotion line (type 5) is not merchandise. */
export function isMerchandise(lineType: number): boolean {
  return DISCOUNT_LINE_TYPES.includes(Number(lineType));
}

/**
 * Why: a discount with no scope applies to every product line; a scope narrows by line type and/or
 * tag. A core deposit is refunded in full when the core comes back, so no discount takes from it
 * unless its scope names the deposit's tag.
 */
export function inScope(line: { lineType: number; tags?: readonly string[] }, scope: LedgerScope | undefined): boolean {
  if (line.tags?.includes(CORE_DEPOSIT_TAG) && !scope?.tags?.includes(CORE_DEPOSIT_TAG)) return false;
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

export function assertCents(label: string, c: number): void {
  if (!Number.isSafeInteger(c)) throw new RangeError(`${label} must be integer cents: ${c}`);
}

/** A product line while the ledger works on it: `remaining` is what is left of it after each discount. */
export type WorkLine<K> = {
  l: LedgerLineInput<K>;
  listTotal: number;
  remaining: number;
  discounts: LedgerDiscountRow[];
  lineDiscount: number;
  promotionDiscount: number;
};

/** The product lines, checked, each at its list total. */
export function workLines<K>(input: readonly LedgerLineInput<K>[]): WorkLine<K>[] {
  const product = input.filter((l) => isMerchandise(l.lineType));
  for (const l of product) {
    assertCents('unit price', l.unitCents);
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 0)
      throw new RangeError(`quantity must be a whole number ≥ 0: ${l.quantity}`);
  }
  return product.map((l) => {
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
}

/**
 * 1. Line discounts: a fixed one first (when any line has one), then each a percentage of the
 * line's list total, never more than what is left of it.
 */
export function applyLineDiscounts<K>(
  lines: WorkLine<K>[],
  lineDiscounts: readonly LedgerLineDiscount[],
): LedgerDiscountRow[] {
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
  for (const ld of lineDiscounts) {
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
  return lineDiscountRows;
}

/**
 * 2. Promotions, stacked: each capped at what is left of the goods it applies to, and of the goods
 * as a whole (a credit line lowers what promotions can take, so the goods never go below zero
 * through them).
 */
export function applyPromotions<K>(lines: WorkLine<K>[], promos: readonly LedgerPromotion[]): LedgerPromotionRow[] {
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
  return promotionRows;
}

/** 3. Shipping: paid in full unless a promotion says free shipping (the first in stacking order takes it all). */
export function shippingOf(
  input: readonly LedgerShipping[],
  promos: readonly LedgerPromotion[],
  promotionRows: LedgerPromotionRow[],
) {
  const freeBy = stackingOrder(promos).find((i) => promos[i].freeShipping);
  const shippingLines = input.map((s) => {
    assertCents('shipping', s.cents);
    const discount = freeBy === undefined ? 0 : Math.max(0, s.cents);
    return { warehouseId: s.warehouseId, cents: s.cents, discount, net: s.cents - discount };
  });
  const shipping = sumCents(shippingLines.map((s) => s.cents));
  const shippingDiscount = sumCents(shippingLines.map((s) => s.discount));
  const shippingNet = shipping - shippingDiscount;
  if (freeBy !== undefined) promotionRows[freeBy].shippingCents = shippingDiscount;
  for (const r of promotionRows) r.cents = r.goodsCents + r.shippingCents;
  return { shippingLines, shipping, shippingDiscount, shippingNet };
}

/** 4. Tax per authority on what it is levied on, split over the lines (and shipping) that bear it. */
export function taxesOf<K>(
  lines: WorkLine<K>[],
  input: Pick<LedgerInput<K>, 'taxes' | 'taxExempt' | 'coreDepositsTaxed'>,
  shippingNet: number,
): {
  goodsNet: number;
  taxedGoods: number;
  lineTaxes: { name: string; cents: number }[][];
  taxes: Ledger<K>['taxes'];
} {
  const goodsNet = sumCents(lines.map((d) => d.remaining));
  // An untaxed core deposit is no part of the tax base and bears no share of the tax.
  const nets = lines.map((d) => (d.l.tags?.includes(CORE_DEPOSIT_TAG) && !input.coreDepositsTaxed ? 0 : d.remaining));
  const taxedGoods = sumCents(nets);
  const lineTaxes = lines.map(() => [] as { name: string; cents: number }[]);
  const taxes = (input.taxes ?? []).map((t) => {
    const onShipping = t.levied === 'goods_and_shipping';
    const base = Math.max(0, taxedGoods + (onShipping ? shippingNet : 0));
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
  return { goodsNet, taxedGoods, lineTaxes, taxes };
}

/** Each product line's figures, its taxes by authority included. */
export function ledgerLines<K>(lines: WorkLine<K>[], lineTaxes: { name: string; cents: number }[][]): LedgerLine<K>[] {
  return lines.map((d, k) => {
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
  });
}
