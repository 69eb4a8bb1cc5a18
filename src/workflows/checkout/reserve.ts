/**
 * Placement step (a), ONE short transaction: everything today's placement checked,
 * and the stock held — not taken — for the payment that follows outside any transaction.
 *
 *   1. lock the cart row; the same Idempotency-Key again answers what it answered the first time
 *      (a different body under that key is 422); a payment already in flight for the cart is 409
 *   2. the payment type must be one the store takes (card, saved card, EPP down payment: 'card';
 *      check; bank account) and its provider must be configured; an invoice needs the
 *      buyer's organisation's terms and room under its credit limit instead (checked after 6)
 *   3. re-price every product line from the database (cart pricing.ts) and recompute totals
 *   4. lock the inventory rows involved (id order, so concurrent checkouts never deadlock),
 *      allocate per warehouse and RESERVE the stock (inventory.reserved, never above quantity)
 *   5. tax per ship-to region from tax_rates (zero when tax exempt)
 *   6. the total must be the one the buyer saw (expected_total): a changed or forged price is refused
 *   6c. spending limits: over the member's limit, NeedsApproval is thrown (the route sends the cart for approval)
 *   7. the payment attempt row: amount, token or saved method, the reservations, the request
 */
import { snapshotOrderAddresses } from '../../features/orders/index.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  idempotencyKeys,
  inventory,
  lineItemOptions,
  orderLineItems,
  orders,
  paymentAttempts,
  type AttemptReservation,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { channelMethodFor, METHOD_NOT_OFFERED } from '../../domain/payments.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { priceLine } from '../../features/cart/index.ts';
import type { ChannelInfo } from '../../features/channels/index.ts';
import { channelTakes } from '../../features/payment-methods/index.ts';
import { liveQuotes, shipLines } from './queries.ts';
import { invoiceTerms } from '../../features/terms/index.ts';
import { assertNotLocked, checkSpending } from '../../features/approvals/index.ts';
import { applyTax } from './tax.ts';
import { planShipment, quoteCutoff } from './shipping.ts';
import type { Attempt } from './attempts.ts';
import { insertAttempt } from './attempt-row.ts';
import { recordBackorders } from './backorder-lines.ts';
import { fail, type Order, type ReserveArgs } from './reserve-common.ts';

export type PlaceBody = { order_id: number; status: string; total: string; currency: string; redirect: string };
export type Reserved = { replay: { status: number; body: PlaceBody } } | { attempt: Attempt } | { resume: Attempt };

export const IN_PROGRESS =
  'Your payment for this order is being processed. Wait a moment, then check your orders before trying again.';

type Plan = Awaited<ReturnType<typeof planShipment>>;
type ShipLine = Awaited<ReturnType<typeof shipLines>>[number];

const mismatch = () =>
  fail(422, 'idempotency_mismatch', 'This Idempotency-Key was already used for a different request.');

/**
 * 1. The cart row, locked. The same Idempotency-Key again answers what it answered the first time;
 * the same request while its payment is open resumes that attempt; another one is 409.
 */
async function lockCart(tx: Tx, args: ReserveArgs): Promise<{ done: Reserved } | { order: Order }> {
  const { userId, key, input } = args;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.order_id), eq(orders.userId, userId)))
    .for('update');
  const [seen] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (seen) {
    if (seen.requestHash !== args.hash) throw mismatch();
    return { done: { replay: { status: seen.responseStatus, body: seen.responseBody as PlaceBody } } };
  }
  if (!order) throw notFound('Your cart was not found.');
  if (order.status !== 'cart') throw conflict('This order has already been placed.');
  // Spending limits: a cart waiting for approval is placed only by its approval.
  if (!args.approval) await assertNotLocked(tx, order.id);
  const [open] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.status, ['reserved', 'charged'])))
    .limit(1);
  if (open) {
    // The same request again while its payment is open (a double click, a client retrying after
    // a crash): it resumes that attempt — the provider key makes a second charge impossible.
    if (open.userId === userId && open.idempotencyKey === key) {
      if (open.requestHash !== args.hash) throw mismatch();
      return { done: { resume: open } };
    }
    throw fail(409, 'payment_in_progress', IN_PROGRESS);
  }
  return { order };
}

/** The order is this store's and has its customer info; its addresses are kept as they are now. */
async function checkCustomer(tx: Tx, order: Order, channel: ChannelInfo) {
  if (order.channelId !== channel.id)
    throw conflict('Your store changed since you reviewed the order. Please review it again.');
  if (!order.shipToAddressId || order.taxExemptId === null)
    throw fail(400, 'customer_info', 'Enter your customer information first.');
  const [shipTo] = await tx.select().from(addresses).where(eq(addresses.id, order.shipToAddressId));
  if (!shipTo || !channel.countryCodes.includes(shipTo.countryCode))
    throw fail(409, 'channel_mismatch', 'Your shipping address is not served by this store.');
  // The order keeps the addresses as they are now, locked while this transaction taxes and
  // reserves for them (409 if shipping was quoted for another address).
  await snapshotOrderAddresses(tx, order.id);
}

/**
 * 2. The store must take this way of paying, and its provider must be there. An invoice is not
 * one of the store's methods: the buyer's organisation's terms decide (once the total is known).
 */
async function checkPaymentMethod(tx: Tx, provider: PaymentProvider, args: ReserveArgs) {
  const { input, channel } = args;
  const invoice = input.payment_type === PAYMENT_TYPES.INVOICE;
  if (invoice && input.saved_method_id !== undefined)
    throw fail(400, 'invalid', 'An invoice is not paid with a saved payment method.', {
      saved_method_id: 'An invoice is not paid with a saved payment method.',
    });
  const method = channelMethodFor(input.payment_type);
  if (!invoice && (!method || !(await channelTakes(tx, channel.id, method))))
    throw fail(422, 'payment_method_not_offered', METHOD_NOT_OFFERED, { payment_type: METHOD_NOT_OFFERED });
  if (method === 'card' && provider.kind === 'none')
    throw fail(422, 'payment_unavailable', 'Card payments are not available in this shop.', {
      payment_type: 'Card payments are not available in this shop.',
    });
  if (method === 'bank' && (!args.bank || args.bank.kind === 'none'))
    throw fail(422, 'payment_unavailable', 'Bank payments are not available in this shop.', {
      payment_type: 'Bank payments are not available in this shop.',
    });
  return { invoice };
}

/** 3. Prices from the database, now: each product line's unit price is priced again. */
async function repriceLines(tx: Tx, orderId: number, channel: ChannelInfo, now: Date) {
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
        // Core deposits are set from their parts by tax.ts (checkout/core-lines.ts).
        isNull(orderLineItems.coreOfLineId),
      ),
    )
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  if (!lines.length) throw fail(400, 'empty', 'Your cart is empty.');
  const opts = await tx
    .select()
    .from(lineItemOptions)
    .where(
      inArray(
        lineItemOptions.lineItemId,
        lines.map((l) => l.id),
      ),
    );
  for (const l of lines) {
    const priced = await priceLine(
      tx,
      channel,
      {
        productId: l.productId!,
        quantity: l.quantity,
        selections: opts
          .filter((o) => o.lineItemId === l.id)
          .map((o) => ({ optionId: o.optionId, choiceId: o.choiceId, quantity: o.quantity })),
      },
      { enforce: true, now },
    );
    if (fromCents(priced.unitCents) !== l.unitPrice)
      await tx
        .update(orderLineItems)
        .set({ unitPrice: fromCents(priced.unitCents) })
        .where(eq(orderLineItems.id, l.id));
  }
}

/** The shipping quotes the buyer chose still stand for the warehouses the stock ships from. */
async function checkShippingQuotes(tx: Tx, order: Order, plan: Plan['plan'], args: ReserveArgs) {
  // An approval places hours or days later: the shipping quotes the member chose (and the
  // approver saw in the total) stand; the expected total below still refuses any change.
  const live = await liveQuotes(tx, order.id, args.approval ? new Date(0) : quoteCutoff(args.now));
  const selected = live.filter((q) => q.selected);
  const want = plan.warehouses.map((w) => w.warehouseId).sort();
  const have = selected.map((q) => q.warehouseId).sort();
  if (!selected.length || JSON.stringify(want) !== JSON.stringify(have)) {
    throw fail(
      409,
      'shipping_changed',
      'Please choose your shipping method again: the quotes expired or stock moved between warehouses.',
    );
  }
  const shippingCents = selected.reduce((s, q) => s + toCents(q.total), 0);
  if (toCents(order.shipping) !== shippingCents)
    await tx
      .update(orders)
      .set({ shipping: fromCents(shippingCents) })
      .where(eq(orders.id, order.id));
}

/** Each planned item's stock is reserved (never above quantity) on its locked inventory row. */
async function holdStock(tx: Tx, { plan, rows: locked, backordered }: Plan, physical: ShipLine[]) {
  const reservations: AttemptReservation[] = [];
  for (const w of plan.warehouses) {
    for (const item of w.items) {
      const l = physical.find((p) => p.lineId === item.lineId)!;
      let inventoryId: number | null = null;
      // A back-ordered item holds no stock: there is none; it ships when the restock arrives. The
      // line keeps its units (recordBackorders); a reservation only names its warehouse, once.
      const back = backordered.some((b) => b === item);
      if (back && reservations.some((r) => r.lineId === item.lineId && r.warehouseId === w.warehouseId)) continue;
      if (l.needsStock && !back) {
        const row = locked.find((r) => r.warehouseId === w.warehouseId && r.productId === item.productId)!;
        const held = await tx
          .update(inventory)
          .set({ reserved: sql`${inventory.reserved} + ${item.quantity}` })
          .where(and(eq(inventory.id, row.id), sql`${inventory.quantity} - ${inventory.reserved} >= ${item.quantity}`))
          .returning({ id: inventory.id });
        if (!held.length)
          throw fail(409, 'out_of_stock', `Not enough stock left for ${l.title}. Please change the quantity.`);
        inventoryId = row.id;
      }
      reservations.push({
        inventoryId,
        warehouseId: w.warehouseId,
        productId: item.productId,
        lineId: item.lineId,
        quantity: item.quantity,
      });
    }
  }
  return reservations;
}

/** 4. Stock, per warehouse, under row locks held for this short transaction only: reserved, not taken. */
async function reserveStock(tx: Tx, order: Order, args: ReserveArgs) {
  const ship = await shipLines(tx, order.id);
  const physical = ship.filter((l) => l.isPhysical);
  const planned = await planShipment(tx, args.channel.id, ship, { lock: true });
  const { plan } = planned;
  if (plan.short.length) {
    const title = ship.find((l) => l.lineId === plan.short[0].lineId)?.title ?? '';
    throw fail(409, 'out_of_stock', `Not enough stock left for ${title}. Please change the quantity.`, {
      [`line_${plan.short[0].lineId}`]: 'Not enough stock.',
    });
  }
  if (physical.length) await checkShippingQuotes(tx, order, plan, args);
  const held = await holdStock(tx, planned, physical);
  await recordBackorders(tx, order.id, planned.backordered, args.now);
  return held;
}

/** 5–6c. Tax, then the total the buyer saw, their organisation's terms and their spending limit. */
async function checkTotal(tx: Tx, order: Order, args: ReserveArgs, invoice: boolean) {
  const { userId, channel, input, now } = args;
  // 5. Tax on the products after discounts, by ship-to region.
  await applyTax(tx, order.id, now);
  const [final] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, order.id));
  const totalCents = toCents(final.total);

  // 6. What the buyer saw is what they pay.
  if (toCents(input.expected_total) !== totalCents) {
    throw fail(
      409,
      'price_changed',
      `The order total is now ${fromCents(totalCents)} ${channel.currency}. Please review your order.`,
      { expected_total: fromCents(totalCents) },
    );
  }

  // 6b. Pay on terms: the organisation's terms and credit limit allow this invoice (422 otherwise, nothing written).
  if (invoice) await invoiceTerms(tx, { userId, currency: channel.currency, totalCents, orderId: order.id });

  // 6c. Spending limits: over the member's limit, the cart goes to approval instead (NeedsApproval rolls this back).
  if (!args.approval)
    await checkSpending(tx, { userId, currency: channel.currency, totalCents, orderId: order.id, now });
  return totalCents;
}

export async function reserveOrder(db: Db, provider: PaymentProvider, args: ReserveArgs): Promise<Reserved> {
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, args);
    if ('done' in cart) return cart.done;
    const { order } = cart;
    await checkCustomer(tx, order, args.channel);
    const { invoice } = await checkPaymentMethod(tx, provider, args);
    await repriceLines(tx, order.id, args.channel, args.now);
    const reservations = await reserveStock(tx, order, args);
    const totalCents = await checkTotal(tx, order, args, invoice);
    return { attempt: await insertAttempt(tx, order, args, { invoice, totalCents, reservations }) };
  });
}
