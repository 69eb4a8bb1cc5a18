/**
 * The cart page island's shapes (src/features/cart/view-model.ts builds them on the server,
 * islands/cart-page.tsx renders and updates them): shared, so they live here, not in the island.
 */
import { LINE_TYPES } from './constants.ts';

export type CartPageLine = {
  id: number;
  title: string;
  image: string | null;
  stockcode: string | null;
  productHref: string | null;
  options: { option: string; choice: string; quantity: number | null }[];
  quantity: number;
  unitPrice: string;
  priceDiscounted: string;
  total: string;
  totalDiscounted: string;
  /** The one ledger's figures: list unit × quantity = listTotal, each discount by name, net. */
  listTotal: string;
  discounts: CartFigureRow[];
  net: string;
  /** "Back-ordered, expected to ship around 12 March" when the line asks for more than is in stock. */
  backorderNote?: string;
  /** A core deposit: its quantity follows its part's, it leaves with it (no controls of its own). */
  deposit?: boolean;
};

/** A labelled row (domain/order-figures.ts): code says what it is, name is a promotion's own name. */
export type CartFigureRow = { code: string; name: string; amount: string };

export type CartPageState = {
  currency: string;
  showDiscount: 0 | 1;
  count: number;
  lines: CartPageLine[];
  promotions: { id: number; title: string; total: string }[];
  totals: { subtotal: string; discount: string; promotionTotal: string; total: string; totalDiscounted: string };
  /** The summary's rows, which add up to `total` (with shipping and tax only once known). */
  figures: { rows: CartFigureRow[]; total: string; totalKind: 'total' | 'beforeShippingAndTax' };
};

export type Props = {
  locale: string;
  cart: CartPageState;
  /** Reload the page after a discount toggle (the root carries data-refresh="1"). */
  refresh: boolean;
  /**
   * The cart waits for an approver (spending limits): shown read-only (no − / +,
   * quantity boxes, Remove or Checkout), with a notice in their place. The server refuses every write anyway.
   */
  locked?: boolean;
  labels: Record<
    | 'item'
    | 'quantity'
    | 'unitPrice'
    | 'lineTotal'
    | 'subtotal'
    | 'discount'
    | 'total'
    | 'stockcode'
    | 'decrease'
    | 'increase'
    | 'quantityFor'
    | 'remove'
    | 'removing'
    | 'promotions'
    | 'promotionTotal'
    | 'showOriginal'
    | 'hideOriginal'
    | 'originalPrice'
    | 'empty'
    | 'emptyCta'
    | 'summary'
    | 'updated'
    | 'checkout'
    | 'checkoutHint'
    | 'merchandise'
    | 'orgDiscount'
    | 'lineDiscount'
    | 'shipping'
    | 'tax'
    | 'beforeShippingAndTax'
    | 'listPrice'
    | 'waiting'
    | 'waitingText',
    string
  >;
};

/** The synchronize JSON (src/features/cart/view-model.ts syncJson) as far as this page reads it. */
export type SyncJson = {
  currency: string;
  showDiscount: number;
  count: number;
  line_items: {
    order_line_item_id: number;
    line_type: number;
    product_id: number | null;
    /** Set on a core deposit line: it follows its part, so it has no controls of its own. */
    core_of_line_id?: number | null;
    title: string;
    stockcode: string | null;
    product: { image: string | null };
    quantity: number;
    unit_price: string;
    price_discounted: string;
    total: string;
    total_discounted: string;
    line_options: { option_name: string; choice_name: string; option_type: number; quantity: number }[];
    /** Only on a back-ordered line (src/domain/back-order.ts): `note` is already in the page's language. */
    backorder?: { quantity: number; expected_ship_on: string | null; note: string };
  }[];
  totals: { subtotal: string; discount: string; promotion_total: string; total: string; total_discounted: string };
  figures: {
    lines: {
      id: number;
      unit_price: string;
      quantity: number;
      list_total: string;
      discounts: CartFigureRow[];
      net: string;
    }[];
    rows: CartFigureRow[];
    total: string;
    total_kind: 'total' | 'beforeShippingAndTax';
  };
};

export function fromSync(sync: SyncJson, locale: string, showDiscount: 0 | 1): CartPageState {
  const figures = new Map(sync.figures.lines.map((f) => [f.id, f]));
  return {
    currency: sync.currency,
    showDiscount,
    count: sync.count,
    lines: sync.line_items
      .filter((l) => l.line_type !== LINE_TYPES.PROMOTION)
      .map((l) => ({
        id: l.order_line_item_id,
        title: l.title,
        image: l.product.image,
        stockcode: l.stockcode,
        productHref: l.product_id ? `/${locale}/products/${l.product_id}` : null,
        options: l.line_options.map((o) => ({
          option: o.option_name,
          choice: o.choice_name,
          quantity: o.option_type === 1 ? o.quantity : null,
        })),
        quantity: l.quantity,
        unitPrice: l.unit_price,
        priceDiscounted: l.price_discounted,
        total: l.total,
        totalDiscounted: l.total_discounted,
        listTotal: figures.get(l.order_line_item_id)?.list_total ?? l.total,
        discounts: figures.get(l.order_line_item_id)?.discounts ?? [],
        net: figures.get(l.order_line_item_id)?.net ?? l.total_discounted,
        ...(l.backorder ? { backorderNote: l.backorder.note } : {}),
        ...(l.core_of_line_id ? { deposit: true } : {}),
      })),
    promotions: sync.line_items
      .filter((l) => l.line_type === LINE_TYPES.PROMOTION)
      .map((l) => ({ id: l.order_line_item_id, title: l.title, total: l.total })),
    totals: {
      subtotal: sync.totals.subtotal,
      discount: sync.totals.discount,
      promotionTotal: sync.totals.promotion_total,
      total: sync.totals.total,
      totalDiscounted: sync.totals.total_discounted,
    },
    figures: { rows: sync.figures.rows, total: sync.figures.total, totalKind: sync.figures.total_kind },
  };
}
