/** The cart as the routes and views see it (cents; serializers in view-model.ts), built from its rows. */
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { parseCents } from '../../domain/money.ts';
import type { CartLineOptionRow, CartRows } from './queries.ts';

export type CartLine = {
  id: number;
  lineType: number;
  productId: number | null;
  promotionId: number | null;
  /** A core deposit line: its part's line (it follows the part; not edited itself). */
  coreOfLineId?: number | null;
  title: string;
  image: string | null;
  stockcode: string | null;
  quantity: number;
  currencyId: number;
  warehouseId: number | null;
  unitCents: number;
  discountCents: number;
  totalCents: number;
  totalDiscountedCents: number;
  paidCents: number;
  unpaidCents: number;
  options: CartLineOptionRow[];
  /** The product may be back-ordered when out of stock. */
  allowBackorder?: boolean;
};

export type CartPromotion = { id: number; name: string; code: string | null; valueCents: number };

export type CartState = {
  orderId: number;
  channelId: number;
  currency: string;
  currencyId: number;
  showDiscount: boolean;
  lines: CartLine[];
  promotions: CartPromotion[];
  /** Σ quantity of the product lines (the header badge). */
  count: number;
  /** Lines asking for more than the channel has of a back-orderable part (features/cart/backorders.ts), by line id. */
  backorders?: Record<number, { quantity: number; shipOn: string | null; note: string }>;
  totals: {
    subtotal: number;
    shipping: number;
    tax: number;
    discount: number;
    promotionTotal: number;
    total: number;
    unpaidTotal: number;
    /** Subtotal less the discount, floored at 0 (before shipping and tax). */
    totalDiscounted: number;
  };
};

const isProduct = (lineType: number) => DISCOUNT_LINE_TYPES.includes(lineType);
const cents = (v: string | null | undefined) => parseCents(v) ?? 0;

export function toCartState(rows: CartRows): CartState {
  const { order } = rows;
  const lines: CartLine[] = rows.lines.map((l) => ({
    id: l.id,
    lineType: l.lineType,
    productId: l.productId,
    promotionId: l.promotionId,
    coreOfLineId: l.coreOfLineId ?? null,
    title: l.title,
    allowBackorder: l.allowBackorder,
    image: l.image,
    stockcode: l.stockcode,
    quantity: l.quantity,
    currencyId: l.currencyId,
    warehouseId: l.warehouseId,
    unitCents: cents(l.unitPrice),
    discountCents: cents(l.discount),
    totalCents: cents(l.total),
    totalDiscountedCents: cents(l.totalDiscounted),
    paidCents: cents(l.paidTotal),
    unpaidCents: cents(l.unpaidTotal),
    options: rows.options.filter((o) => o.lineItemId === l.id),
  }));
  const promoLines = lines.filter((l) => l.lineType === LINE_TYPES.PROMOTION);
  const promotionsList = rows.promotions.map((p) => ({
    id: p.id,
    name: p.name,
    code: p.code,
    valueCents: -(promoLines.find((l) => l.promotionId === p.id)?.unitCents ?? 0),
  }));
  const subtotal = cents(order.subtotal);
  const discount = cents(order.discount);
  const total = cents(order.total);
  const paid = lines.reduce((s, l) => s + l.paidCents, 0);
  return {
    orderId: order.id,
    channelId: order.channelId,
    currency: order.orderCurrency,
    currencyId: order.currencyId,
    showDiscount: order.showDiscount,
    lines,
    promotions: promotionsList,
    count: lines.filter((l) => isProduct(l.lineType)).reduce((s, l) => s + l.quantity, 0),
    totals: {
      subtotal,
      shipping: cents(order.shipping),
      tax: cents(order.tax),
      discount,
      promotionTotal: promotionsList.reduce((s, p) => s + p.valueCents, 0),
      total,
      unpaidTotal: Math.max(0, total - paid),
      totalDiscounted: Math.max(0, subtotal - discount),
    },
  };
}
