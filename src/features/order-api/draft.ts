/**
 * The order editor's draft: staff change lines, quantities, tax exemption and shipping
 * in a draft that is kept aside (in the editor) until "Save order". This module
 *   - checks a draft's lines against the stored ones (checkDraftLines, used by the save too), and
 *   - prices a draft WITHOUT writing anything (draftOrder): the stored order with the draft applied,
 *     re-priced by the same repriceRows the save writes with, as the full order JSON. The editor
 *     shows its figures; update-item answers from it.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type orderLineItems, warehouses } from '../../db/schema/index.ts';
import { LINE_TYPES, MESSAGES } from '../../domain/constants.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import { isPlaceholderId, money2, type OrderJson } from '../../domain/order-edit.ts';
import type { CurrentUser } from '../../http/types.ts';
import { priceLine } from '../cart/index.ts';
import { loadOrder, type OrderParts, type OrderRow } from './queries.ts';
import type { DraftBody, UpdateBody } from './schemas.ts';
import { orderJson } from './serialize.ts';
import { orderParts, orderPromos, repriceRows, STALE_MESSAGE } from './writes.ts';

type Translate = (key: string) => string;
type LineRow = typeof orderLineItems.$inferSelect;
type DraftLines = Pick<UpdateBody, 'line_items' | 'line_items_for_deletion'>;

/** Why: every stored line is either kept (in line_items) or removed (in line_items_for_deletion); new lines need a product; one product line at least. */
export function checkDraftLines(stored: readonly LineRow[], body: DraftLines) {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const kept = body.line_items.filter((l) => !isPlaceholderId(l.order_line_item_id));
  const added = body.line_items.filter((l) => isPlaceholderId(l.order_line_item_id));
  const deleting = new Set(body.line_items_for_deletion);
  const fields: Record<string, string> = {};
  for (const l of kept) {
    const id = l.order_line_item_id as number;
    const s = byId.get(id);
    if (!s) fields[`line_items.${id}`] = 'This line is not on the order.';
    else if (deleting.has(id)) fields[`line_items.${id}`] = 'A line cannot be both kept and deleted.';
    else if (s.productId !== (l.product_id ?? s.productId) || s.lineType !== l.line_type)
      fields[`line_items.${id}`] = 'Remove the line and add the new product instead of changing it.';
  }
  for (const id of deleting)
    if (!byId.has(id)) fields[`line_items_for_deletion.${id}`] = 'This line is not on the order.';
  const mentioned = new Set([...kept.map((l) => l.order_line_item_id as number), ...deleting]);
  for (const s of stored)
    if (!mentioned.has(s.id))
      fields[`line_items.${s.id}`] = 'Every line the order keeps must be listed (or its id given for deletion).';
  const placeholders = new Set<string>();
  for (const l of added) {
    const key = l.order_line_item_id as string;
    if (placeholders.has(key)) fields[`line_items.${key}`] = 'Two new lines share this placeholder id.';
    placeholders.add(key);
    if (l.line_type === LINE_TYPES.PROMOTION || !l.product_id)
      fields[`line_items.${key}`] = 'A new line needs a product.';
  }
  if (Object.keys(fields).length) throw invalid('Some lines cannot be saved as sent.', fields);

  // Spec §5: the order must keep at least one product line (type 0); refused before anything is written.
  const keptTypes = [
    ...kept.map((l) => byId.get(l.order_line_item_id as number)!.lineType),
    ...added.map((l) => l.line_type),
  ];
  if (!keptTypes.some((type) => type === 0))
    throw invalid(
      MESSAGES.orderRequiresLines,
      { line_items: MESSAGES.orderRequiresLines },
      'order_requires_line_items',
    );

  // Removing a line that has payments on it would lose the record of what was paid.
  const paidDeletes = stored.filter((s) => deleting.has(s.id) && toCents(s.paidTotal) > 0);
  if (paidDeletes.length) throw conflict(`“${paidDeletes[0].title}” has payments on it and cannot be removed.`);
  return { byId, kept, added, deleting };
}

/** Why: a stale draft (someone saved meanwhile) is refused as the save would refuse it (409). */
export function checkVersion(stored: number, sent: number | undefined) {
  // None sent: a client written to the spec; the save still locks the row.
  if (sent !== undefined && stored !== sent)
    throw conflict(STALE_MESSAGE, { version: `The order is at version ${stored}, not ${sent}.` });
}

/** Tax exemption in a draft: only where the channel offers it (as tin/save). */
export function checkTin(row: OrderRow, taxExemptId: string | undefined) {
  if (taxExemptId && taxExemptId !== '0' && !row.channel.taxExemptAvailable)
    throw invalid('Tax exemption is not available in this channel.', {
      tax_exempt_id: 'Not available in this channel.',
    });
}

/**
 * Why: what the order would be with the draft applied, priced exactly as saving it would store it,
 * written nowhere. Without line_items the stored lines are the draft's; `setQuantity` changes one
 * stored line's quantity on top (update-item).
 */
export async function draftOrder(
  db: Db,
  orderId: number,
  user: CurrentUser,
  body: DraftBody,
  t: Translate,
  setQuantity?: { lineId: number; quantity: number },
) {
  const found = await loadOrder(db, orderId);
  if (!found || !user.permissions.has('orders.view')) throw notFound('Order not found.');
  const { row, parts } = found;
  checkVersion(row.order.version, body.version);
  checkTin(row, body.tax_exempt_id);
  const stored = parts.lines.map((x) => x.line);
  const { byId, kept, added, deleting } = checkDraftLines(stored, {
    line_items: body.line_items ?? storedLineItems(stored),
    line_items_for_deletion: body.line_items_for_deletion ?? [],
  });
  let lastQuantity: number | null = null;
  if (setQuantity) {
    const target = byId.get(setQuantity.lineId);
    const entry = kept.find((l) => l.order_line_item_id === setQuantity.lineId);
    if (!target || !entry || target.lineType === LINE_TYPES.PROMOTION) throw notFound('Line not found on this order.');
    lastQuantity = entry.quantity;
    entry.quantity = setQuantity.quantity;
  }

  const draftLines: OrderParts['lines'] = [];
  const keptById = new Map(kept.map((l) => [l.order_line_item_id as number, l]));
  for (const x of parts.lines) {
    if (deleting.has(x.line.id)) continue;
    const k = keptById.get(x.line.id);
    draftLines.push({ ...x, line: { ...x.line, quantity: k?.quantity ?? x.line.quantity } });
  }
  const order = { ...row.order };
  const options = [...parts.options];
  await addNewLines(db, { row, order, stored, added, draftLines, options });
  if (body.tax_exempt_id !== undefined) order.taxExemptId = body.tax_exempt_id === '' ? null : body.tax_exempt_id;
  let quotes = parts.quotes;
  if (body.remove_shipping) {
    order.shipmentMethod = null;
    order.shipmentQuoteId = null;
    order.shipping = '0';
    quotes = quotes.map((q) => ({ ...q, selected: false }));
  }
  const promos = await orderPromos(db, orderId);
  const rows = draftLines.map((x) => x.line);
  const r = repriceRows(rows, promos, order, await orderParts(db, rows, promos));
  const lines = draftLines.map((x, i) => ({ ...x, line: r.lines[i] }));
  const json: OrderJson = orderJson(
    { ...row, order: { ...order, ...r.totals } },
    { ...parts, lines, options, quotes },
    t,
  );
  return { order: json, lastQuantity };
}

/** The stored lines as a draft lists them, when the draft sends none of its own. */
function storedLineItems(stored: readonly LineRow[]): DraftLines['line_items'] {
  return stored.map((l) => ({
    order_line_item_id: l.id,
    line_type: l.lineType,
    product_id: l.productId,
    quantity: l.quantity,
    currency_id: l.currencyId,
    warehouse_id: l.warehouseId,
    line_options: [],
  }));
}

/** The warehouses among `ids` that exist. */
async function knownWarehouses(db: Db, ids: number[]): Promise<Set<number>> {
  return ids.length
    ? new Set(
        (await db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.id, ids))).map((w) => w.id),
      )
    : new Set<number>();
}

/**
 * The draft's new lines, each priced as the cart would price it, appended to `draftLines` (after
 * the stored ones, in the order sent) with their options appended to `options`.
 */
async function addNewLines(
  db: Db,
  d: {
    row: OrderRow;
    order: OrderRow['order'];
    stored: readonly LineRow[];
    added: DraftLines['line_items'];
    draftLines: OrderParts['lines'];
    options: OrderParts['options'];
  },
): Promise<void> {
  const { order, stored, added } = d;
  const channel = {
    id: d.row.channel.id,
    currency: order.orderCurrency,
    currencyId: order.currencyId,
    midMarketRate: d.row.channel.midMarketRate,
  };
  const warehouseIds = [...new Set(added.map((l) => l.warehouse_id).filter((w): w is number => !!w))];
  const known = await knownWarehouses(db, warehouseIds);
  let sort = stored.reduce((m, s) => Math.max(m, s.sort), -1);
  for (const l of added) {
    const priced = await priceLine(db, channel, {
      productId: l.product_id!,
      quantity: l.quantity,
      selections: l.line_options.map((o) => ({ optionId: o.option_id, choiceId: o.choice_id, quantity: o.quantity })),
    });
    const id = l.order_line_item_id as unknown as number; // a placeholder ('new-1') until the save stores it
    const line: LineRow = {
      ...(stored[0] ?? ({} as LineRow)),
      id,
      orderId: order.id,
      lineType: l.line_type,
      productId: priced.productId,
      promotionId: null,
      title: priced.title,
      stockcode: priced.stockcode,
      quantity: l.quantity,
      currencyId: priced.currencyId,
      warehouseId: l.warehouse_id && known.has(l.warehouse_id) ? l.warehouse_id : order.shipFromWarehouseId,
      unitPrice: money2(priced.unitCents),
      discount: '0',
      total: money2(priced.unitCents * l.quantity),
      totalDiscounted: money2(priced.unitCents * l.quantity),
      paidTotal: '0',
      unpaidTotal: money2(priced.unitCents * l.quantity),
      sort: ++sort,
    };
    d.draftLines.push({ line, image: priced.image });
    for (const o of priced.lineOptions)
      d.options.push({
        lineItemId: id,
        choiceId: o.choiceId,
        optionId: o.optionId,
        optionType: o.optionType,
        quantity: o.quantity,
        optionName: '',
        choiceName: '',
      });
  }
}
