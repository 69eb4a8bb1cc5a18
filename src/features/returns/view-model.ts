/** One return as its pages and JSON show it: lines with their credit, the total, the next steps. */
import { fromCents, toCents } from '../../domain/money.ts';
import { actionsFor } from '../../domain/returns.ts';
import type { ReturnDetail } from './queries.ts';

export function returnView(d: ReturnDetail, _locale: string) {
  const creditCents = d.lines.reduce((sum, l) => sum + toCents(l.credit), 0);
  return {
    id: d.id,
    orderId: d.orderId,
    status: d.status,
    reason: d.reason,
    staffMessage: d.staffMessage,
    createdAt: d.createdAt,
    currency: d.currency,
    email: d.email,
    name: [d.firstName, d.lastName].filter(Boolean).join(' '),
    warehouseName: d.warehouseName,
    lines: d.lines,
    photos: d.photos.map((p) => p.path),
    credit: fromCents(creditCents),
    refund: d.refund,
    actions: actionsFor(d.status),
  };
}
export type ReturnView = ReturnType<typeof returnView>;

export function returnJson(v: ReturnView) {
  return {
    return_id: v.id,
    order_id: v.orderId,
    status: v.status,
    reason: v.reason,
    staff_message: v.staffMessage,
    currency: v.currency,
    credit: v.credit,
    refund: v.refund ? { refund_id: v.refund.id, amount: v.refund.amount } : null,
    warehouse: v.warehouseName,
    photos: v.photos,
    lines: v.lines.map((l) => ({
      order_line_item_id: l.lineItemId,
      title: l.title,
      quantity: l.quantity,
      credit: l.credit,
    })),
  };
}
