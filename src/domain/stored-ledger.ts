/**
 * A stored order read back through the one ledger (ledger.ts), so every screen, answer, export and
 * mail that shows a placed order (or a cart, or a quote) shows figures that add up, computed one way:
 *
 *   lines       product lines (types 0, 1, 2): list unit price × quantity, the stored line discount
 *               as its own row (never baked into the unit price), each promotion's share, net, tax
 *   promotions  the promotion lines (type 5): each stored amount (already capped when the order was
 *               priced) by the promotion's name; the first that says free shipping stores its goods
 *               part plus the shipping, and the shipping shows as its discount
 *   shipping    the stored shipping, in full (a free-shipping promotion's part shows as its discount)
 *   tax         the stored tax, one row (orders keep one tax amount), split over the lines
 *   fees        every fee of the order, paid or not: part of the bill
 *   returned    refunds of returned goods (their returnId): off the bill (order-balance.ts)
 *   unpaid      order-balance.ts's rule: total + fees − returned − successful payments + refunds, and
 *               0 for a cart, a quote or a cancelled order (they are never owed)
 *
 * `agrees` says whether the stored totals equal what the ledger makes of the stored rows; a test
 * can assert it on every demo order, and a screen never needs to look at the stored totals again.
 */
import { CORE_DEPOSIT_TAG } from './ledger-types.ts';
import { LINE_TYPES } from './constants.ts';
import { type Ledger, ledger } from './ledger.ts';
import { floorAtZero, toCents } from './money.ts';
import { storedOrderBalance } from './order-balance.ts';

export type StoredOrderRow = {
  status: string;
  quote?: boolean | null;
  subtotal: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
};

export type StoredLineRow = {
  id: number;
  lineType: number;
  title: string;
  unitPrice: string;
  quantity: number;
  discount: string;
  paidTotal: string;
  promotionId?: number | null;
  /** 'part' for a part: what a parts-only promotion applies to. */
  tags?: readonly string[];
  /** Set on a core deposit line (its part's line): no promotion is spread onto it. */
  coreOfLineId?: number | null;
};

export type StoredParts = {
  lines: readonly StoredLineRow[];
  fees?: readonly { id?: number; name: string; amount: string; paid?: boolean }[];
  payments?: readonly { total: string; successful: boolean }[];
  /** returnId set: a refund of returned goods (off the bill as well as paid back). */
  refunds?: readonly { amount: string; returnId?: number | null }[];
  /** The order's promotions with their rules, by id (free shipping). */
  promotions?: readonly { id: number; name?: string; freeShipping?: boolean | null }[];
  /** The name the tax row goes by (default 'Tax'). */
  taxName?: string;
};

/** The ledger's `total` is the whole bill (fees included); `orderTotal` is what orders.total stores (fees apart). */
export type StoredLedger = Ledger<number> & {
  /** total − fees: the order's total as stored and as the API's totals.total says. */
  orderTotal: number;
  /** Whether the order is a sale that is owed (not a cart, quote or cancelled order). */
  owed: boolean;
  /** Σ successful payments − refunds: what the customer has paid, net. */
  paidNet: number;
  /** Refunds of returned goods: the goods left the bill (total − returned − paidNet = unpaid when owed). */
  returned: number;
  /** The stored total, subtotal and discount equal what the ledger makes of the stored rows. */
  agrees: boolean;
};

/** Why: one reading of a stored order, so the figures a screen shows always add up and agree with every other screen. */
export function storedLedger(order: StoredOrderRow, parts: StoredParts): StoredLedger {
  const freeShipping = new Set((parts.promotions ?? []).filter((p) => p.freeShipping).map((p) => p.id));
  const promotionLines = parts.lines.filter((l) => Number(l.lineType) === LINE_TYPES.PROMOTION);
  const payments = (parts.payments ?? []).filter((p) => p.successful);
  const shippingCents = toCents(order.shipping);
  let shippingTaken = false;
  const l = ledger<number>({
    lines: parts.lines.map((x) => ({
      key: x.id,
      lineType: Number(x.lineType),
      unitCents: toCents(x.unitPrice),
      quantity: x.quantity,
      discountCents: toCents(x.discount),
      paidCents: toCents(x.paidTotal),
      tags: x.coreOfLineId != null ? [CORE_DEPOSIT_TAG] : x.tags,
    })),
    promotions: promotionLines.map((x) => {
      const stored = Math.max(0, -toCents(x.unitPrice) * x.quantity);
      const free = x.promotionId != null && freeShipping.has(x.promotionId) && !shippingTaken;
      if (free) shippingTaken = true;
      // A free-shipping promotion's line stores its goods part and the shipping it took, together.
      return { name: x.title, amountCents: free ? Math.max(0, stored - shippingCents) : stored, freeShipping: free };
    }),
    shipping: [{ warehouseId: null, cents: shippingCents }],
    taxes: [{ name: parts.taxName ?? 'Tax', fixedCents: toCents(order.tax), levied: 'goods' }],
    fees: (parts.fees ?? []).map((f) => ({ name: f.name, cents: toCents(f.amount) })),
    payments: payments.map((p) => ({ cents: toCents(p.total) })),
    refunds: (parts.refunds ?? []).map((r) => ({ cents: toCents(r.amount) })),
  });
  const balance = storedOrderBalance(
    { status: order.status, quote: !!order.quote, total: order.total },
    { fees: parts.fees, payments: parts.payments, refunds: parts.refunds },
  );
  const agrees =
    floorAtZero(l.total - l.feeTotal) === toCents(order.total) &&
    l.merchandise === toCents(order.subtotal) &&
    l.discountTotal === toCents(order.discount);
  return {
    ...l,
    orderTotal: l.total - l.feeTotal,
    unpaid: balance.unpaid,
    owed: balance.owed,
    returned: balance.returned,
    paidNet: l.paid - l.refunded,
    agrees,
  };
}
