/**
 * Cart state → JSON replies and island props. Money leaves the server as 2-decimal strings
 * ('1234.50', '-25.00'), the same form the database and the order APIs use, so a client never
 * sees float noise; quantities and ids are numbers.
 */
import { divideCents, fromCents } from '../../domain/money.ts';
import { figureRows, lineFigures, type FigureRow } from '../../domain/order-figures.ts';
import { storedLedger } from '../../domain/stored-ledger.ts';
import type { CartLine, CartState } from './service.ts';
import { fromSync, type Props as CartPageProps } from '../../domain/cart-page.ts';

const m = fromCents;

/** Per-unit price after the line's share of promotions, rounded to the cent as all money is (money.ts). */
const unitDiscounted = (l: CartLine) =>
  l.quantity > 0 ? divideCents(l.totalDiscountedCents, l.quantity) : l.unitCents;

export function lineJson(l: CartLine, backorder?: NonNullable<CartState['backorders']>[number]) {
  return {
    order_line_item_id: l.id,
    line_type: l.lineType,
    product_id: l.productId,
    promotion_id: l.promotionId,
    core_of_line_id: l.coreOfLineId ?? null,
    title: l.title,
    stockcode: l.stockcode,
    product: { title: l.title, image: l.image, stockcode: l.stockcode },
    quantity: l.quantity,
    currency_id: l.currencyId,
    warehouse_id: l.warehouseId,
    unit_price: m(l.unitCents),
    price_discounted: m(unitDiscounted(l)),
    discount: m(l.discountCents),
    total: m(l.totalCents),
    total_discounted: m(l.totalDiscountedCents),
    paid_total: m(l.paidCents),
    unpaid_total: m(l.unpaidCents),
    line_options: l.options.map((o) => ({
      choice_id: o.choiceId,
      quantity: o.quantity,
      option_id: o.optionId,
      option_type: o.optionType,
      option_name: o.optionName,
      choice_name: o.choiceName,
    })),
    // Only on a line that is back-ordered: the units no warehouse has, their day, the note to show.
    ...(backorder
      ? { backorder: { quantity: backorder.quantity, expected_ship_on: backorder.shipOn, note: backorder.note } }
      : {}),
  };
}

/** The cart read through the one ledger (stored-ledger.ts): its lines' discounts beside their list prices. */
export function cartLedger(state: CartState) {
  const t = state.totals;
  return storedLedger(
    {
      status: 'cart',
      subtotal: m(t.subtotal),
      shipping: m(t.shipping),
      tax: m(t.tax),
      discount: m(t.discount),
      total: m(t.total),
    },
    {
      lines: state.lines.map((l) => ({
        id: l.id,
        lineType: l.lineType,
        title: l.title,
        unitPrice: m(l.unitCents),
        quantity: l.quantity,
        discount: m(l.discountCents),
        paidTotal: m(l.paidCents),
        promotionId: l.promotionId,
      })),
    },
  );
}

const rowJson = (r: FigureRow) => ({ code: r.code, name: r.name, amount: m(r.cents) });

/**
 * The figures the cart shows (domain/order-figures.ts): per line list unit × quantity =
 * list total, each discount by name, net; the summary's rows, which add up to its total. Shipping
 * and tax are rows only once checkout has worked them out, and never on a cart waiting for
 * approval (its total is the total before shipping and tax).
 */
export function cartFigures(state: CartState, opts: { locked?: boolean } = {}) {
  const l = cartLedger(state);
  const known = state.totals.shipping !== 0 || state.totals.tax !== 0;
  const f = figureRows(l, { withShippingAndTax: known && !opts.locked, lineDiscountIsOrg: true });
  return {
    lines: l.lines.map((x) => {
      const lf = lineFigures(x, { lineDiscountIsOrg: true });
      return {
        id: x.key,
        unit_price: m(lf.unitCents),
        quantity: lf.quantity,
        list_total: m(lf.listTotal),
        discounts: lf.discounts.map(rowJson),
        net: m(lf.net),
      };
    }),
    rows: f.rows.map(rowJson),
    total: m(f.total),
    total_kind: f.totalKind,
  };
}

const noFigures = {
  lines: [],
  rows: [{ code: 'merchandise', name: 'merchandise', amount: '0.00' }],
  total: '0.00',
  total_kind: 'beforeShippingAndTax' as const,
};

/** GET /{locale}/cart/synchronize (and the `cart` member of the PUT/DELETE replies). */
export function syncJson(
  state: CartState | null,
  fallback: { currency: string; currencyId: number; showDiscount: boolean },
  opts: { locked?: boolean } = {},
) {
  if (!state) {
    const zero = '0.00';
    return {
      order_id: null,
      currency: fallback.currency,
      currency_id: fallback.currencyId,
      showDiscount: fallback.showDiscount ? 1 : 0,
      count: 0,
      line_items: [],
      promotions: [],
      totals: {
        subtotal: zero,
        shipping: zero,
        tax: zero,
        discount: zero,
        total: zero,
        unpaid_total: zero,
        total_discounted: zero,
        promotion_total: zero,
      },
      figures: noFigures as ReturnType<typeof cartFigures>,
    };
  }
  const t = state.totals;
  return {
    order_id: state.orderId,
    currency: state.currency,
    currency_id: state.currencyId,
    showDiscount: state.showDiscount ? 1 : 0,
    count: state.count,
    line_items: state.lines.map((l) => lineJson(l, state.backorders?.[l.id])),
    // configuration[0].actions[0].value is in the cart currency here (dollars), so the client's
    // promotion total (spec §9) equals totals.promotion_total.
    promotions: state.promotions.map((p) => ({
      promotion_id: p.id,
      name: p.name,
      code: p.code,
      value: m(p.valueCents),
      configuration: [{ actions: [{ type: 'amount_off', value: Number(m(p.valueCents)) }] }],
    })),
    totals: {
      subtotal: m(t.subtotal),
      shipping: m(t.shipping),
      tax: m(t.tax),
      discount: m(t.discount),
      total: m(t.total),
      unpaid_total: m(t.unpaidTotal),
      total_discounted: m(t.totalDiscounted),
      promotion_total: m(t.promotionTotal),
    },
    figures: cartFigures(state, opts),
  };
}

export type SyncJson = ReturnType<typeof syncJson>;

/** PUT /{locale}/cart/{line_item_id} — the spec's fields, plus `cart` (the synchronize state). */
export function putJson(state: CartState, lineId: number, lastQuantity: number) {
  const line = state.lines.find((l) => l.id === lineId)!;
  return {
    price: m(line.unitCents),
    total: m(line.totalCents),
    subtotal: m(state.totals.subtotal),
    price_discounted: m(unitDiscounted(line)),
    total_discounted: m(line.totalDiscountedCents),
    subtotal_discounted: m(state.totals.totalDiscounted),
    quantity: line.quantity,
    last_quantity: lastQuantity,
    cart: syncJson(state, state),
  };
}

/** DELETE /{locale}/cart/{line_item_id} — subtotal and last_quantity, plus `cart`. */
export function deleteJson(state: CartState, lastQuantity: number) {
  return { subtotal: m(state.totals.subtotal), last_quantity: lastQuantity, cart: syncJson(state, state) };
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Props of the cart page island (islands/cart-page.tsx). */
export function cartPageProps(
  state: CartState | null,
  ctx: {
    locale: string;
    currency: string;
    currencyId: number;
    showDiscount: boolean;
    refresh: boolean;
    t: T;
    locked?: boolean;
  },
): CartPageProps {
  const sync = syncJson(state, ctx, { locked: ctx.locked });
  const t = ctx.t;
  return {
    locale: ctx.locale,
    // The island maps every later synchronize reply the same way: one mapping for both.
    cart: fromSync(sync, ctx.locale, sync.showDiscount as 0 | 1),
    refresh: ctx.refresh,
    locked: !!ctx.locked,
    labels: {
      item: t('order.lines'),
      quantity: t('order.quantity'),
      unitPrice: t('order.unitPrice'),
      lineTotal: t('order.lineTotal'),
      subtotal: t('order.subtotal'),
      discount: t('order.discount'),
      total: t('order.total'),
      stockcode: t('cart.stockcode'),
      decrease: t('cart.decrease'),
      increase: t('cart.increase'),
      quantityFor: t('cart.quantityFor'),
      remove: t('cart.remove'),
      removing: t('cart.removing'),
      promotions: t('cart.promotions'),
      promotionTotal: t('cart.promotionTotal'),
      showOriginal: t('cart.discounts.show'),
      hideOriginal: t('cart.discounts.hide'),
      originalPrice: t('cart.originalPrice'),
      empty: t('cart.empty'),
      emptyCta: t('cart.empty.cta'),
      summary: t('cart.summary'),
      updated: t('cart.updated'),
      checkout: t('cart.checkout'),
      checkoutHint: t('cart.checkout.hint'),
      merchandise: t('figures.merchandise'),
      orgDiscount: t('figures.orgDiscount'),
      lineDiscount: t('figures.lineDiscount'),
      shipping: t('order.shipping'),
      tax: t('order.tax'),
      beforeShippingAndTax: t('figures.beforeShippingAndTax'),
      listPrice: t('figures.listPrice'),
      waiting: t('approvals.cart.waiting'),
      waitingText: t('approvals.cart.waitingText'),
    },
  };
}
