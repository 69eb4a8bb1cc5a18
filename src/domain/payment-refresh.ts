/**
 * The order editor's payment refresh (spec §4 "Order editing", §7 get-payment-data): the fresh
 * payment replaces the one with its id in place (the list keeps its order; a payment not yet
 * listed is appended). Only when its success status changed (or it is new) must the order
 * synchronize, which brings the new fees and moves paid fees from unpaid to paid.
 */
export type RefreshablePayment = { payment_id: number; successful: boolean };

export function replacePayment<P extends RefreshablePayment>(
  payments: readonly P[],
  fresh: P,
): { payments: P[]; statusChanged: boolean } {
  const i = payments.findIndex((p) => p.payment_id === fresh.payment_id);
  if (i < 0) return { payments: [...payments, fresh], statusChanged: true };
  const next = payments.slice();
  next[i] = fresh;
  return { payments: next, statusChanged: payments[i].successful !== fresh.successful };
}
