/**
 * Adding priced lines to a cart's lines, in memory: each priced line merges into a product line of
 * the same product and configured stock code (quantity clamped to 999, unit price and title
 * refreshed), or becomes a new line with a placeholder id (≤ 0) and the next sort, which
 * settleCart / settleStatement insert with its options in the same statement as the totals.
 */
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { fromCents } from '../../domain/money.ts';
import { CART_MAX } from '../../domain/quantity.ts';
import type { PricedLine } from './pricing.ts';
import type { CartLineRow, CartOrderRow } from './queries.ts';
import type { NewLineOption } from './settle-plan.ts';

const isProductLine = (l: CartLineRow) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType);

export type AddedLines = {
  /** Every line as it should now be (the stored ones copied). */
  lines: CartLineRow[];
  /** For each priced line, the line it went to (a new one keeps its placeholder id until written). */
  touched: CartLineRow[];
  /** The options of each new line, by placeholder id. */
  newOptions: Map<number, NewLineOption[]>;
};

export function addPricedLines(
  order: Pick<CartOrderRow, 'id' | 'updatedAt'>,
  stored: readonly CartLineRow[],
  pricedLines: readonly PricedLine[],
): AddedLines {
  const lines = stored.map((l) => ({ ...l }));
  const touched: CartLineRow[] = [];
  const newOptions = new Map<number, NewLineOption[]>();
  let placeholder = 0;
  for (const priced of pricedLines) {
    const same = lines.find(
      (l) =>
        l.lineType === LINE_TYPES.PRODUCT &&
        l.coreOfLineId === null &&
        l.productId === priced.productId &&
        l.stockcode === priced.stockcode,
    );
    if (same) {
      same.quantity = Math.min(CART_MAX, same.quantity + priced.quantity);
      same.unitPrice = fromCents(priced.unitCents);
      same.title = priced.title;
      touched.push(same);
      continue;
    }
    const gross = fromCents(priced.unitCents * priced.quantity);
    const line: CartLineRow = {
      id: placeholder--,
      orderId: order.id,
      lineType: LINE_TYPES.PRODUCT,
      productId: priced.productId,
      promotionId: null,
      title: priced.title,
      stockcode: priced.stockcode,
      quantity: priced.quantity,
      currencyId: priced.currencyId,
      warehouseId: null,
      unitPrice: fromCents(priced.unitCents),
      discount: '0.00',
      total: gross,
      totalDiscounted: gross,
      paidTotal: '0.00',
      unpaidTotal: gross,
      coreOfLineId: null,
      sort: lines.filter(isProductLine).reduce((m, l) => Math.max(m, l.sort), -1) + 1,
      createdAt: order.updatedAt,
      updatedAt: order.updatedAt,
      image: priced.image,
      productTitle: priced.title,
      productStockcode: priced.baseStockcode,
    };
    newOptions.set(
      line.id,
      priced.lineOptions.map((o) => ({
        optionId: o.optionId,
        choiceId: o.choiceId,
        optionType: o.optionType,
        quantity: o.quantity,
      })),
    );
    lines.push(line);
    touched.push(line);
  }
  return { lines, touched, newOptions };
}

/** The stored line each touched line became (new lines are found by their sort, unique among them). */
export function storedTouched(touched: readonly CartLineRow[], settled: readonly CartLineRow[]): CartLineRow[] {
  return touched.map(
    (t) =>
      settled.find((l) =>
        t.id > 0 ? l.id === t.id : isProductLine(l) && l.coreOfLineId === null && l.sort === t.sort,
      )!,
  );
}
