/**
 * What an order owes: THE rule every screen, export, report and answer uses for "paid" and
 * "unpaid". One function, so the order page, the search, the editor, the report and
 * the invoices-due list can never disagree.
 *
 *   returned = Σ refunds of returned goods   (refunds.return_id: the goods came back, paid back)
 *   billed   = total + Σ fees − returned     (shipping, tax and fees included: the whole bill for
 *                                             what the customer kept)
 *   paid     = Σ successful payments
 *   refunded = Σ refunds (those of returned goods included)
 *   unpaid   = billed − paid + refunded, never below 0
 *
 * Why returned goods leave the bill: a refund of returned goods pays back goods the shop has again,
 * so it is owed by no one; any other refund gives money back on goods the customer keeps, so the
 * order owes it again.
 *
 * Only a real order owes: a cart, a quote and a cancelled order owe nothing and are never
 * counted as revenue (OWED_STATUSES). Their figures are still shown, but unpaid is 0.
 * The SQL twins (reports, search, dashboard) must use OWED_STATUSES and the same formula; their
 * tests compare them with this function on the same orders.
 */
import { sumCents, toCents } from './money.ts';

/** Statuses in which an order is a sale: counted as revenue and as owed. */
export const OWED_STATUSES = ['pending', 'processing', 'on_hold', 'shipped', 'completed'] as const;

/** Statuses that are never owed nor revenue: a cart, a quote, a cancelled order. */
export const NOT_OWED_STATUSES = ['cart', 'quote', 'cancelled'] as const;

/** Why: a quote or cart is not a sale and a cancelled order is not owed; only these statuses count. */
export function isOwedStatus(status: string, quote = false): boolean {
  return !quote && (OWED_STATUSES as readonly string[]).includes(status);
}

export type BalanceInput = {
  status: string;
  /** The order is a quote (orders.quote), whatever its status says. */
  quote?: boolean;
  /** The order's total as stored (decimal string) or in cents: goods after discounts + shipping + tax. */
  totalCents: number;
  /** Every fee of the order (paid or not): part of what is owed. */
  feeCents?: readonly number[];
  /** Successful payments only. */
  paymentCents?: readonly number[];
  refundCents?: readonly number[];
  /** The refunds (among refundCents) that paid back returned goods. */
  returnedCents?: readonly number[];
};

export type Balance = {
  owed: boolean;
  /** The whole bill for what was kept: total + fees − returned. */
  billed: number;
  paid: number;
  refunded: number;
  /** Refunds of returned goods: off the bill. */
  returned: number;
  /** billed − paid + refunded, never below 0; 0 when the status owes nothing. */
  unpaid: number;
};

export function orderBalance(input: BalanceInput): Balance {
  const owed = isOwedStatus(input.status, input.quote);
  const returned = sumCents(input.returnedCents ?? []);
  const billed = sumCents([input.totalCents, ...(input.feeCents ?? [])]) - returned;
  const paid = sumCents(input.paymentCents ?? []);
  const refunded = sumCents(input.refundCents ?? []);
  const unpaid = owed ? Math.max(0, billed - paid + refunded) : 0;
  return { owed, billed, paid, refunded, returned, unpaid };
}

/** The same from stored rows (decimal strings), as the order read gives them. */
export function storedOrderBalance(
  order: { status: string; quote?: boolean; total: string },
  parts: {
    fees?: readonly { amount: string }[];
    payments?: readonly { total: string; successful: boolean }[];
    /** returnId set: the refund paid back returned goods. */
    refunds?: readonly { amount: string; returnId?: number | null }[];
  },
): Balance {
  return orderBalance({
    status: order.status,
    quote: order.quote,
    totalCents: toCents(order.total),
    feeCents: (parts.fees ?? []).map((f) => toCents(f.amount)),
    paymentCents: (parts.payments ?? []).filter((p) => p.successful).map((p) => toCents(p.total)),
    refundCents: (parts.refunds ?? []).map((r) => toCents(r.amount)),
    returnedCents: (parts.refunds ?? []).filter((r) => r.returnId != null).map((r) => toCents(r.amount)),
  });
}
