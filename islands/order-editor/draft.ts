/** The order editor's draft: the lines and fields being edited, and the update body they make. */
import { LINE_TYPES } from '../../src/domain/constants.ts';
import { dirtyOrderFields } from '../../src/domain/checkout.ts';
import {
  PLACEHOLDER_PREFIX,
  type OrderJson,
  type UpdateLineInput,
  type UpdateRequest,
} from '../../src/domain/order-edit.ts';

export type EditLine = {
  id: number | string;
  line_type: number;
  product_id: number | null;
  title: string;
  stockcode: string | null;
  quantity: number;
  unit_price: string | null;
  total: string | null;
  paid_total: string;
  unpaid_total: string;
  currency_id: number | null;
  warehouse_id: number | null;
  line_options: UpdateLineInput['line_options'];
  /** What the line was configured with, as the detail page says it ("Hitch: Drawbar pull-type"); shown only. */
  option_text: string[];
};

export type Fields = { status: string; po_number: string; attention: string; notes: string };

const linesOf = (o: OrderJson): EditLine[] =>
  o.line_items.map((l) => ({
    id: l.order_line_item_id,
    line_type: l.line_type,
    product_id: l.product_id,
    title: l.product.title,
    stockcode: l.product.stockcode,
    quantity: l.quantity,
    unit_price: l.unit_price,
    total: l.total,
    paid_total: l.paid_total,
    unpaid_total: l.unpaid_total,
    currency_id: l.currency_id,
    warehouse_id: l.warehouse_id,
    line_options: l.line_options.map((x) => ({
      choice_id: x.choice_id,
      quantity: x.quantity,
      option_id: x.option_id,
      option_type: x.option_type,
    })),
    option_text: l.line_options.map(
      (x) => `${x.option_name}: ${x.choice_name}${x.option_type === 1 ? ` × ${x.quantity}` : ''}`,
    ),
  }));
const fieldsOf = (o: OrderJson): Fields => ({
  status: o.status,
  po_number: o.po_number ?? '',
  attention: o.attention ?? '',
  notes: o.notes ?? '',
});

export type Draft = { lines: EditLine[]; deleted: number[]; fields: Fields; tin?: string; removeShipping: boolean };
export const draftOf = (o: OrderJson): Draft => ({
  lines: linesOf(o),
  deleted: [],
  fields: fieldsOf(o),
  removeShipping: false,
});
export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** The update (or draft pricing) body for a draft, on the saved order's version. */
export const updateBody = (
  d: Draft,
  order: OrderJson,
  version = order.version,
): UpdateRequest & { tax_exempt_id?: string; remove_shipping?: boolean } => ({
  version,
  status: d.fields.status,
  // Spec §4: PO number and attention only when they differ from the saved order (fieldDirty).
  ...dirtyOrderFields(d.fields, order),
  notes: d.fields.notes,
  line_items: d.lines.map((l) => ({
    order_line_item_id: l.id,
    line_type: l.line_type,
    product_id: l.product_id,
    quantity: l.quantity,
    currency_id: l.currency_id,
    warehouse_id: l.warehouse_id,
    line_options: l.line_options,
  })),
  line_items_for_deletion: d.deleted,
  ...(d.tin !== undefined ? { tax_exempt_id: d.tin } : {}),
  ...(d.removeShipping ? { remove_shipping: true } : {}),
});

/** A product line added through the typeahead, with a temporary 'new-N' id until the save. */
export const newLine = (p: { id: number; value: string }, n: number, currency_id: number | null): EditLine => ({
  id: `${PLACEHOLDER_PREFIX}${n}`,
  line_type: LINE_TYPES.PRODUCT,
  product_id: p.id,
  title: p.value,
  stockcode: null,
  quantity: 1,
  unit_price: null,
  total: null,
  paid_total: '0.00',
  unpaid_total: '0.00',
  currency_id,
  warehouse_id: null,
  line_options: [],
  option_text: [],
});
