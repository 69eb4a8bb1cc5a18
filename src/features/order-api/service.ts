/**
 * The orders API's work: who may read an order, and every staff edit as one transaction
 * (lock → check version → validate → write → re-price → log). Lines added by staff are priced
 * by the cart's price authority (priceLine), never by the request.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  lineItemOptions,
  orderLineItems,
  type orders,
  paymentAllocations,
  payments,
  shipmentQuotes,
  warehouses,
} from '../../db/schema/index.ts';
import { forbidden, invalid, notFound, unauthorized } from '../../domain/errors.ts';
import { money2, type OrderJson, type UpdateResponse } from '../../domain/order-edit.ts';
import type { CurrentUser } from '../../http/types.ts';
import { priceLine } from '../cart/index.ts';
import { loadOrder, loadOrderRow, ownsOrder, taxExemptOptions, type OrderRow } from './queries.ts';
import type { DraftBody, ItemQuantityBody, UpdateBody } from './schemas.ts';
import { checkDraftLines, checkTin, draftOrder } from './draft.ts';
import { englishHistoryText, historyWords } from './history-words.ts';
import { customerOrderJson, customerPaymentJson, type CustomerOrderJson } from './customer-view.ts';
import { orderJson } from './serialize.ts';
import { lockOrder, logChange, repriceAndSave, snapshot } from './writes.ts';

type Translate = (key: string) => string;

/** The order if this user may read it: staff with orders.view any order, a customer only their own (404 otherwise). */
export async function readableOrder(db: DbOrTx, orderId: number, user: CurrentUser | undefined): Promise<OrderRow> {
  if (!user) throw unauthorized();
  const row = await loadOrderRow(db, orderId);
  if (!row || !mayRead(row, user)) throw notFound('Order not found.');
  return row;
}

const mayRead = (row: OrderRow, user: CurrentUser) => user.permissions.has('orders.view') || ownsOrder(row, user.id);

/** Staff edits need orders.edit; a customer (even on their own order) gets 403. */
export function requireEditor(user: CurrentUser | undefined): CurrentUser {
  if (!user) throw unauthorized();
  if (!user.permissions.has('orders.edit')) throw forbidden('You do not have permission to change orders.');
  return user;
}

/** One round trip: the order and its parts are read together, then the reader is checked (404 whether absent or not theirs). */
export async function synchronize(
  db: Db,
  orderId: number,
  user: CurrentUser | undefined,
  t: Translate,
): Promise<OrderJson | CustomerOrderJson> {
  if (!user) throw unauthorized();
  const found = await loadOrder(db, orderId);
  if (!found || !mayRead(found.row, user)) throw notFound('Order not found.');
  const json = orderJson(found.row, found.parts, t);
  // A customer reading their own order gets it without the staff-only fields (customer-view.ts).
  return isStaffReader(user) ? json : customerOrderJson(json);
}

/** Staff who may read any order see the staff-only fields; a customer reading their own does not. */
const isStaffReader = (user: CurrentUser) => user.permissions.has('orders.view');

/** The full order after a write, read once the transaction has committed. */
async function fresh(db: Db, orderId: number, t: Translate): Promise<OrderJson> {
  const found = (await loadOrder(db, orderId))!;
  return orderJson(found.row, found.parts, t);
}

/** POST /{locale}/api/orders/{id}/update */
export async function updateOrder(
  db: Db,
  orderId: number,
  user: CurrentUser | undefined,
  body: UpdateBody,
  t: Translate,
): Promise<UpdateResponse> {
  const editor = requireEditor(user);
  const row = await readableOrder(db, orderId, editor);
  const new_lines = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, body.version);
    const before = await snapshot(tx, order);
    const stored = await tx.select().from(orderLineItems).where(eq(orderLineItems.orderId, orderId));
    const { byId, kept, added, deleting } = checkDraftLines(stored, body);
    checkTin(row, body.tax_exempt_id);

    if (deleting.size)
      await tx
        .delete(orderLineItems)
        .where(and(eq(orderLineItems.orderId, orderId), inArray(orderLineItems.id, [...deleting])));
    await saveKeptLines(tx, byId, kept);
    const new_lines = added.length ? await insertNewLines(tx, { row, order, stored, added }) : [];
    const patch = await orderPatch(tx, body, order);
    const saved = await repriceAndSave(tx, order, patch);
    const after = await snapshot(tx, saved);
    // One history entry per save, in words: titles, each change, the total before → after, who.
    const words = historyWords(before, after, order.orderCurrency, editor.email);
    await logChange(tx, orderId, editor.id, 'order.update', englishHistoryText(words), before, after, {
      new_lines,
      deleted: [...deleting],
      words,
    });
    return new_lines;
  });
  return { order: await fresh(db, orderId, t), new_lines };
}

type Drafted = ReturnType<typeof checkDraftLines>;
type OrderRecord = typeof orders.$inferSelect;

/** The kept lines whose quantity or warehouse the save changes. */
async function saveKeptLines(tx: Tx, byId: Drafted['byId'], kept: Drafted['kept']): Promise<void> {
  for (const l of kept) {
    const s = byId.get(l.order_line_item_id as number)!;
    if (s.quantity !== l.quantity || (l.warehouse_id !== undefined && l.warehouse_id !== s.warehouseId)) {
      await tx
        .update(orderLineItems)
        .set({ quantity: l.quantity, ...(l.warehouse_id !== undefined ? { warehouseId: l.warehouse_id } : {}) })
        .where(eq(orderLineItems.id, s.id));
    }
  }
}

/** The save's new lines, priced by the cart's price authority, stored with their options. */
async function insertNewLines(
  tx: Tx,
  d: { row: OrderRow; order: OrderRecord; stored: (typeof orderLineItems.$inferSelect)[]; added: Drafted['added'] },
): Promise<UpdateResponse['new_lines']> {
  const { row, order, stored, added } = d;
  const orderId = order.id;
  const new_lines: UpdateResponse['new_lines'] = [];
  const channel = {
    id: row.channel.id,
    currency: order.orderCurrency,
    currencyId: order.currencyId,
    midMarketRate: row.channel.midMarketRate,
  };
  const warehouseIds = [...new Set(added.map((l) => l.warehouse_id).filter((w): w is number => !!w))];
  const known = warehouseIds.length
    ? new Set(
        (await tx.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.id, warehouseIds))).map(
          (w) => w.id,
        ),
      )
    : new Set<number>();
  let sort = stored.reduce((m, s) => Math.max(m, s.sort), -1);
  for (const l of added) {
    const priced = await priceLine(tx, channel, {
      productId: l.product_id!,
      quantity: l.quantity,
      selections: l.line_options.map((o) => ({
        optionId: o.option_id,
        choiceId: o.choice_id,
        quantity: o.quantity,
      })),
    });
    const unit = money2(priced.unitCents);
    const [row] = await tx
      .insert(orderLineItems)
      .values({
        orderId,
        lineType: l.line_type,
        productId: priced.productId,
        title: priced.title,
        stockcode: priced.stockcode,
        quantity: l.quantity,
        currencyId: priced.currencyId,
        warehouseId: l.warehouse_id && known.has(l.warehouse_id) ? l.warehouse_id : order.shipFromWarehouseId,
        unitPrice: unit,
        discount: '0',
        total: money2(priced.unitCents * l.quantity),
        totalDiscounted: money2(priced.unitCents * l.quantity),
        paidTotal: '0',
        unpaidTotal: money2(priced.unitCents * l.quantity),
        sort: ++sort,
      })
      .returning({ id: orderLineItems.id });
    if (priced.lineOptions.length) {
      await tx.insert(lineItemOptions).values(
        priced.lineOptions.map((o) => ({
          lineItemId: row.id,
          optionId: o.optionId,
          choiceId: o.choiceId,
          optionType: o.optionType,
          quantity: o.quantity,
        })),
      );
    }
    new_lines.push({ placeholder_id: l.order_line_item_id as string, stored_id: row.id });
  }
  return new_lines;
}

/** The order's own fields the save changes; removing the shipping also unselects its quotes. */
async function orderPatch(tx: Tx, body: UpdateBody, order: OrderRecord): Promise<Partial<typeof orders.$inferInsert>> {
  const patch: Partial<typeof orders.$inferInsert> = {};
  if (body.status !== undefined) patch.status = body.status as typeof order.status;
  if (body.po_number !== undefined) patch.poNumber = body.po_number;
  if (body.attention !== undefined) patch.attention = body.attention;
  if (body.notes !== undefined) patch.notes = body.notes;
  // The draft's tax exemption and shipping removal are saved with the rest, in this one transaction.
  if (body.tax_exempt_id !== undefined) patch.taxExemptId = body.tax_exempt_id === '' ? null : body.tax_exempt_id;
  if (body.remove_shipping && order.shipmentMethod) {
    await tx.update(shipmentQuotes).set({ selected: false }).where(eq(shipmentQuotes.orderId, order.id));
    Object.assign(patch, { shipmentMethod: null, shipmentQuoteId: null, shipping: '0' });
  }
  return patch;
}

/** POST /{locale}/api/orders/{id}/tin/save — tax exempt when the id is neither empty nor 0 (spec §4). */
export async function saveTin(
  db: Db,
  orderId: number,
  user: CurrentUser | undefined,
  taxExemptId: string,
  version: number | undefined,
  t: Translate,
): Promise<OrderJson> {
  const editor = requireEditor(user);
  const row = await readableOrder(db, orderId, editor);
  if (taxExemptId && taxExemptId !== '0' && !row.channel.taxExemptAvailable)
    throw invalid('Tax exemption is not available in this channel.', {
      tax_exempt_id: 'Not available in this channel.',
    });
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, version);
    const before = await snapshot(tx, order);
    const saved = await repriceAndSave(tx, order, { taxExemptId: taxExemptId === '' ? null : taxExemptId });
    await logChange(
      tx,
      orderId,
      editor.id,
      'order.tax_exemption',
      `Tax exemption of order ${orderId} set to '${taxExemptId}' by ${editor.email}`,
      before,
      await snapshot(tx, saved),
    );
  });
  return fresh(db, orderId, t);
}

/** POST /{locale}/api/orders/{id}/remove-shipping-method — the order ships without a chosen method (no shipping charged). */
export async function removeShippingMethod(
  db: Db,
  orderId: number,
  user: CurrentUser | undefined,
  version: number | undefined,
  t: Translate,
): Promise<OrderJson> {
  const editor = requireEditor(user);
  await readableOrder(db, orderId, editor);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, version);
    const before = await snapshot(tx, order);
    await tx.update(shipmentQuotes).set({ selected: false }).where(eq(shipmentQuotes.orderId, orderId));
    const saved = await repriceAndSave(tx, order, { shipmentMethod: null, shipmentQuoteId: null, shipping: '0' });
    await logChange(
      tx,
      orderId,
      editor.id,
      'order.shipping_removed',
      `Shipping method of order ${orderId} removed by ${editor.email}`,
      before,
      await snapshot(tx, saved),
    );
  });
  return fresh(db, orderId, t);
}

/**
 * PUT /{locale}/admin/orders/detail/{order_id}/update-item/{line_item_id} — one line's quantity in
 * the draft: priced with the rest of the draft sent along, and written NOWHERE; "Save
 * order" (update) applies the whole draft. Answers the spec's price, total, subtotal, quantity,
 * last_quantity for the draft, and the draft order itself.
 */
export async function updateItemQuantity(
  db: Db,
  orderId: number,
  lineId: number,
  user: CurrentUser | undefined,
  body: ItemQuantityBody,
  t: Translate,
) {
  const editor = requireEditor(user);
  await readableOrder(db, orderId, editor);
  const { order, lastQuantity } = await draftOrder(db, orderId, editor, body, t, { lineId, quantity: body.quantity });
  const line = order.line_items.find((l) => l.order_line_item_id === lineId)!;
  return {
    price: line.unit_price,
    total: line.total,
    subtotal: order.totals.subtotal,
    quantity: line.quantity,
    last_quantity: lastQuantity,
    order_total: order.totals.total,
    version: order.version,
    order,
  };
}

/** POST /{locale}/api/orders/{id}/draft — the order with the editor's draft applied, priced, written nowhere. */
export async function priceDraft(
  db: Db,
  orderId: number,
  user: CurrentUser | undefined,
  body: DraftBody,
  t: Translate,
): Promise<OrderJson> {
  const editor = requireEditor(user);
  await readableOrder(db, orderId, editor);
  return (await draftOrder(db, orderId, editor, body, t)).order;
}

/** GET /{locale}/api/orders/{id}/tins */
export async function tins(db: DbOrTx, orderId: number, user: CurrentUser | undefined) {
  const row = await readableOrder(db, orderId, user);
  return {
    tax_exempt_available: row.channel.taxExemptAvailable,
    selected: row.order.taxExemptId,
    tins: await taxExemptOptions(db, row),
  };
}

/** GET /{locale}/api/orders/{id}/payments/{paymentId}/get-payment-data */
export async function paymentData(db: DbOrTx, orderId: number, paymentId: number, user: CurrentUser | undefined) {
  await readableOrder(db, orderId, user);
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)));
  if (!p) throw notFound('Payment not found on this order.');
  const allocations = await db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
  const payment = {
    payment_id: p.id,
    payment_type: p.paymentType,
    successful: p.successful,
    total: { value: p.total },
    check_number: p.checkNumber,
    payment_method_id: p.paymentMethodId,
    created_at: p.createdAt.toISOString(),
    allocations: allocations.map((a) => ({
      payment_allocation_id: a.id,
      type: a.type,
      amount: { value: a.amount },
      order_line_item_id: a.lineItemId,
      fee_id: a.feeId,
      tax_name: a.taxName,
      ...(a.type === 1 ? { paid: p.successful } : {}),
    })),
  };
  return isStaffReader(user!) ? payment : customerPaymentJson(payment);
}
