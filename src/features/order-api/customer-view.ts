/**
 * The orders API as a customer reads their own order: the spec's order without what is
 * staff-only. Staff (orders.view) get the whole OrderJson. Left out for a customer:
 *   notes                       staff notes on the order
 *   erp_id, processor_source    internal references (ERP, which processor took the money)
 *   selected_payment_method     the card processor's token / payment-method reference or bank reference
 *   third_party_info            processor and dealer details as the back office keeps them
 *   log_count, personLink, creator   the back office's log, its customer link, the staff member who made the order
 *   payments[].payment_method_id     the processor's token of each payment
 *   payments[].refunds[].reason      the reason staff wrote for a refund
 * The payment's provider charge id (payments.provider_ref) is never in the API, for anyone.
 */
import type { OrderJson, PaymentJson, RefundJson } from '../../domain/order-edit.ts';

export const STAFF_ONLY_ORDER_FIELDS = [
  'notes',
  'erp_id',
  'processor_source',
  'selected_payment_method',
  'third_party_info',
  'log_count',
  'personLink',
  'creator',
] as const;
type StaffOnly = (typeof STAFF_ONLY_ORDER_FIELDS)[number];

export type CustomerRefundJson = Omit<RefundJson, 'reason'>;
export type CustomerPaymentJson = Omit<PaymentJson, 'payment_method_id' | 'refunds'> & {
  refunds: CustomerRefundJson[];
};
export type CustomerOrderJson = Omit<OrderJson, StaffOnly | 'payments'> & { payments: CustomerPaymentJson[] };

export function customerPaymentJson<P extends { payment_method_id: string | null; refunds?: RefundJson[] }>(p: P) {
  const { payment_method_id: _token, refunds, ...rest } = p;
  return refunds ? { ...rest, refunds: refunds.map(({ reason: _reason, ...r }) => r) } : rest;
}

/** The order as its customer may read it (see the file's comment). */
export function customerOrderJson(order: OrderJson): CustomerOrderJson {
  const out: Record<string, unknown> = { ...order };
  for (const key of STAFF_ONLY_ORDER_FIELDS) delete out[key];
  out.payments = order.payments.map((p) => customerPaymentJson(p));
  return out as CustomerOrderJson;
}
