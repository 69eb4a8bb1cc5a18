/**
 * A settle worked out in memory (settlePlan, pure): the cart's lines re-priced by the one order
 * pricing, what moved against the stored rows, and the promotion lines as they should now be.
 * totals.ts writes it in one statement.
 */
import type { promotions } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { CORE_DEPOSIT_TAG, depositsFollowParts } from '../../domain/core-lines.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { type PricedOrder, priceOrder } from '../../domain/price-order.ts';
import { ledgerPromotion, lineTags, promotionCanApply } from '../../domain/promotions.ts';
import type { CartLineRow, CartOrderRow, CartRows } from './queries.ts';

/** The cart's order row and the channel's rate, locked for the rest of the transaction. */
export type LockedCart = { order: CartOrderRow; rate: string };

type LineFigures = Pick<
  CartLineRow,
  'quantity' | 'unitPrice' | 'title' | 'discount' | 'total' | 'totalDiscounted' | 'unpaidTotal' | 'currencyId'
>;
const FIGURES = [
  'quantity',
  'unitPrice',
  'title',
  'discount',
  'total',
  'totalDiscounted',
  'unpaidTotal',
  'currencyId',
] as const;

/** A product line not yet stored (id ≤ 0, a placeholder) and the choices its options row keeps. */
export type NewLineOption = { optionId: number; choiceId: number; optionType: number; quantity: number };
export type NewLineOptions = ReadonlyMap<number, readonly NewLineOption[]>;

export type PromotionRow = typeof promotions.$inferSelect;

/** What a settle writes: worked out in memory (settlePlan), written by ONE statement (settleStatement). */
export type SettlePlan = {
  order: CartOrderRow;
  /** Stored product lines no longer among the lines (removed from the cart). */
  removedIds: number[];
  /** Stored lines whose figures moved. */
  changed: { id: number; next: LineFigures }[];
  /** New product lines (placeholder ids) with every figure, and their options. */
  inserts: { line: CartLineRow; options: readonly NewLineOption[] }[];
  /** null when the promotion lines stay as they are. */
  promo: null | { deleteIds: number[]; lines: CartLineRow[]; promotionIds: number[] };
  /** The order's new totals, null when they did not move. */
  totals: { subtotal: string; discount: string; total: string } | null;
  /** The product lines as they now are (new ones still with their placeholder ids), and the kept promotion lines. */
  lines: CartLineRow[];
  keptPromoLines: CartLineRow[];
  promotions: CartRows['promotions'];
};

type Candidate = { promotion: PromotionRow; ledger: ReturnType<typeof ledgerPromotion> };
type AppliedPromotion = Candidate & { applied: number };

/**
 * Recomputes the cart in memory from `lines` (as they should now be: quantities and unit prices
 * set, new product lines with an id ≤ 0) against `stored` (the rows as read) and the promotions
 * in force; `parts`: the lines' product ids that are parts (a parts-only promotion comes off those only);
 * nothing is written here.
 */
export function settlePlan(
  cart: LockedCart,
  given: CartLineRow[],
  stored: CartLineRow[],
  inForce: readonly PromotionRow[],
  newOptions: NewLineOptions = new Map(),
  parts: ReadonlySet<number> = new Set(),
): SettlePlan {
  const { order } = cart;
  // A deposit line follows its part: its quantity, and out of the cart with it.
  const lines = depositsFollowParts(given);
  const product = lines.filter((l) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType));
  const oldPromoLines = stored.filter((l) => l.lineType === LINE_TYPES.PROMOTION);
  const { priced, promos } = priceCart(cart, product, inForce, parts);
  const { nextLines, changed, inserts } = lineChanges(order, priced.lines, stored, newOptions);
  const { promo, same } = promotionLines(order, product, promos, oldPromoLines);

  const next = {
    subtotal: fromCents(priced.subtotal),
    discount: fromCents(priced.discount),
    total: fromCents(priced.total),
  };
  const moved = order.subtotal !== next.subtotal || order.discount !== next.discount || order.total !== next.total;
  const inForceById = new Map(inForce.map((p) => [p.id, p]));
  const kept = new Set(lines.map((l) => l.id));
  return {
    order,
    removedIds: stored
      .filter((l) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType) && !kept.has(l.id))
      .map((l) => l.id),
    changed,
    inserts,
    promo,
    totals: moved ? next : null,
    lines: nextLines,
    keptPromoLines: same ? oldPromoLines : [],
    promotions: promos
      .map((p) => inForceById.get(p.promotion.id)!)
      .map((p) => ({ id: p.id, name: p.name, code: p.code, configuration: p.configuration })),
  };
}

/** The product lines priced by THE order pricing, and the promotions that took something off. */
function priceCart(
  cart: LockedCart,
  product: CartLineRow[],
  inForce: readonly PromotionRow[],
  parts: ReadonlySet<number>,
): { priced: PricedOrder<CartLineRow>; promos: AppliedPromotion[] } {
  const { order } = cart;
  // Promotions in force, each as the ledger takes it (domain/promotions.ts: its USD value converted at
  // the channel's rate, its scope, free shipping); a line is a part when its product is (`parts`).
  const candidates = (product.length ? inForce : [])
    .map((p) => ({ promotion: p, ledger: ledgerPromotion(p, { midMarketRate: cart.rate }) }))
    .filter((p) => promotionCanApply(p.ledger));

  // THE order pricing (domain/price-order.ts); the cart keeps the tax checkout last set.
  const priced = priceOrder({
    lines: product.map((l) => ({
      key: l,
      lineType: l.lineType,
      unitCents: toCents(l.unitPrice),
      quantity: l.quantity,
      paidCents: toCents(l.paidTotal),
      tags: l.coreOfLineId !== null ? [CORE_DEPOSIT_TAG] : lineTags(l.productId !== null && parts.has(l.productId)),
    })),
    orgDiscountPercent: order.orgDiscount,
    promotionCents: candidates.map((p) => p.ledger.amountCents),
    promotions: candidates.map((p) => p.ledger),
    shippingCents: toCents(order.shipping),
    tax: { fixedCents: toCents(order.tax) },
  });
  // A promotion that took nothing off this cart (none of its goods here, no shipping to free) has no line.
  const promos = candidates.map((p, k) => ({ ...p, applied: priced.promotionApplied[k] })).filter((p) => p.applied > 0);
  return { priced, promos };
}

/** Each product line with its new figures: the stored ones whose figures moved, the new ones to insert. */
function lineChanges(
  order: CartOrderRow,
  pricedLines: PricedOrder<CartLineRow>['lines'],
  stored: CartLineRow[],
  newOptions: NewLineOptions,
): { nextLines: CartLineRow[]; changed: SettlePlan['changed']; inserts: SettlePlan['inserts'] } {
  const drafts = pricedLines.map((p) => ({
    line: p.key,
    discount: p.discount,
    total: p.total,
    totalDiscounted: p.totalDiscounted,
    unpaid: p.unpaid,
  }));

  const storedById = new Map(stored.map((l) => [l.id, l]));
  const changed: SettlePlan['changed'] = [];
  const inserts: SettlePlan['inserts'] = [];
  const nextLines: CartLineRow[] = drafts.map((d) => {
    const next: LineFigures = {
      quantity: d.line.quantity,
      unitPrice: d.line.unitPrice,
      title: d.line.title,
      discount: fromCents(d.discount),
      total: fromCents(d.total),
      totalDiscounted: fromCents(d.totalDiscounted),
      unpaidTotal: fromCents(d.unpaid),
      currencyId: order.currencyId,
    };
    const line = { ...d.line, ...next };
    if (d.line.id <= 0) {
      inserts.push({ line, options: newOptions.get(d.line.id) ?? [] });
      return line;
    }
    const was = storedById.get(d.line.id);
    if (!was || FIGURES.some((f) => was[f] !== next[f])) changed.push({ id: d.line.id, next });
    return line;
  });
  return { nextLines, changed, inserts };
}

/** The promotion lines as they should now be, null when the stored ones already are (`same`). */
function promotionLines(
  order: CartOrderRow,
  product: CartLineRow[],
  promos: AppliedPromotion[],
  oldPromoLines: CartLineRow[],
): { promo: SettlePlan['promo']; same: boolean } {
  // Promotion lines: rewritten only when the promotions in force or their amounts differ. Each shows
  // what it took off (capped by the ledger at the goods left), not its face value, so the lines add up.
  const sort = product.reduce((m, l) => Math.max(m, l.sort), 0) + 1;
  const wanted = promos.map((p, k) => ({
    promotionId: p.promotion.id,
    unitPrice: fromCents(-promos[k].applied),
    sort: sort + k,
  }));
  const same =
    wanted.length === oldPromoLines.length &&
    wanted.every((w, k) => {
      const o = oldPromoLines[k];
      return (
        o.promotionId === w.promotionId &&
        o.unitPrice === w.unitPrice &&
        o.sort === w.sort &&
        o.currencyId === order.currencyId &&
        o.title === promos[k].promotion.name
      );
    });
  const promo = same
    ? null
    : {
        deleteIds: oldPromoLines.map((l) => l.id),
        promotionIds: promos.map((p) => p.promotion.id),
        lines: promos.map(
          (p, k): CartLineRow => ({
            id: 0,
            orderId: order.id,
            lineType: LINE_TYPES.PROMOTION,
            productId: null,
            promotionId: p.promotion.id,
            coreOfLineId: null,
            title: p.promotion.name,
            stockcode: null,
            quantity: 1,
            currencyId: order.currencyId,
            warehouseId: null,
            unitPrice: fromCents(-promos[k].applied),
            discount: '0.00',
            total: fromCents(-promos[k].applied),
            totalDiscounted: '0.00',
            paidTotal: '0.00',
            unpaidTotal: '0.00',
            sort: sort + k,
            createdAt: order.updatedAt,
            updatedAt: order.updatedAt,
            image: null,
            productTitle: null,
            productStockcode: null,
          }),
        ),
      };
  return { promo, same };
}
