/**
 * What the staff order page and the order editor show of an order, read through the one
 * ledger (storedLedger): per product line its list unit price, quantity, list total, each discount
 * as its own row (never baked into the unit price) and its net; per order the rows
 *
 *   merchandise − each discount + shipping + tax + each fee = total;  total − returned − paid = unpaid
 *
 * (unpaid by the balance rule, order-balance.ts: shipping, tax and fees included; 0 for a quote,
 * cart or cancelled order, so there `paid` and `unpaid` are shown as they are, not derived).
 * Works on the order JSON (synchronize), so the editor's draft (priced by the server, not saved)
 * reads exactly as the saved order will.
 */
import { LINE_DISCOUNT } from './ledger.ts';
import type { OrderJson } from './order-edit.ts';
import { figureRows } from './order-figures.ts';
import { storedLedger } from './stored-ledger.ts';

export type LedgerViewDiscount = { name: string; cents: number; line: boolean };
export type LedgerViewLine = {
  id: number | string;
  title: string;
  quantity: number;
  unitCents: number;
  listCents: number;
  discounts: LedgerViewDiscount[];
  netCents: number;
};
export type LedgerRowKind =
  | 'merchandise'
  | 'discount'
  | 'shipping'
  | 'tax'
  | 'fee'
  | 'total'
  | 'returned'
  | 'paid'
  | 'unpaid';
export type LedgerViewRow = { kind: LedgerRowKind; name: string; cents: number; line?: boolean };
export type LedgerView = {
  lines: LedgerViewLine[];
  rows: LedgerViewRow[];
  total: number;
  paid: number;
  unpaid: number;
};

type OrderLike = Pick<OrderJson, 'status' | 'quote' | 'totals' | 'line_items' | 'fees' | 'payments'>;

/** Why: one reading of an order for every staff screen, so its rows always add up to the total beside them. */
export function orderLedgerView(o: OrderLike): LedgerView {
  const items = o.line_items;
  const l = storedLedger(
    {
      status: o.status,
      quote: o.quote,
      subtotal: o.totals.subtotal,
      shipping: o.totals.shipping,
      tax: o.totals.tax,
      discount: o.totals.discount,
      total: o.totals.total,
    },
    {
      lines: items.map((x, i) => ({
        id: i,
        lineType: x.line_type,
        title: x.product.title,
        unitPrice: x.unit_price,
        quantity: x.quantity,
        discount: x.discount,
        paidTotal: x.paid_total,
        promotionId: x.promotion_id,
        coreOfLineId: x.core_of_line_id ?? null,
      })),
      fees: [...o.fees.unpaid, ...o.fees.paid].map((f) => ({
        id: f.fee_id,
        name: f.name,
        amount: f.amount.value,
        paid: f.paid,
      })),
      payments: o.payments.map((p) => ({ total: p.total.value, successful: p.successful })),
      refunds: o.payments.flatMap((p) =>
        p.successful ? (p.refunds ?? []).map((r) => ({ amount: r.amount.value, returnId: r.return_id ?? null })) : [],
      ),
    },
  );
  const lines = l.lines.map(
    (x): LedgerViewLine => ({
      id: items[x.key].order_line_item_id,
      title: items[x.key].product.title,
      quantity: x.quantity,
      unitCents: x.unitCents,
      listCents: x.listTotal,
      discounts: x.discounts
        .filter((d) => d.cents !== 0)
        .map((d) => ({ name: d.name, cents: d.cents, line: d.name === LINE_DISCOUNT })),
      netCents: x.net,
    }),
  );
  // The same rows as every storefront summary (order-figures.ts figureRows), then what is paid and owed.
  const figures = figureRows(l);
  const rows: LedgerViewRow[] = [
    ...figures.rows.map(
      (r): LedgerViewRow =>
        r.code === 'orgDiscount' || r.code === 'lineDiscount' || r.code === 'promotion'
          ? { kind: 'discount', name: r.name, cents: -r.cents, line: r.code !== 'promotion' }
          : { kind: r.code, name: r.code === 'fee' ? r.name : '', cents: r.cents },
    ),
    { kind: 'total', name: '', cents: figures.total },
    // Goods returned and refunded leave the bill: total − returned − paid = unpaid.
    ...(l.returned ? [{ kind: 'returned' as const, name: '', cents: l.returned }] : []),
    { kind: 'paid', name: '', cents: l.paidNet },
    { kind: 'unpaid', name: '', cents: l.unpaid },
  ];
  return { lines, rows, total: l.total, paid: l.paidNet, unpaid: l.unpaid };
}
