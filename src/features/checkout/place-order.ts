/**
 * Placing the order: ONE transaction that turns the cart into an order or leaves nothing.
 *
 *   1. lock the cart row; the same Idempotency-Key again answers what it answered the first time
 *      (a different body under that key is 422)
 *   2. re-price every product line from the database (cart pricing.ts) and recompute totals
 *   3. lock the inventory rows involved (id order, so concurrent checkouts never deadlock),
 *      allocate per warehouse and take the stock with a conditional update (never below zero)
 *   4. tax per ship-to region from tax_rates (zero when tax exempt)
 *   5. the total must be the one the buyer saw (expected_total): a changed or forged price is refused
 *   6. charge the card (declined → everything above rolls back) or record the check; allocate the
 *      payment to the lines with domain prorate; mark the order submitted; remember the answer
 * A charge whose transaction then fails to commit is refunded.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses, idempotencyKeys, inventory, lineItemOptions, orderLineItems, orders, paymentAllocations, payments, stockAllocations,
} from '../../db/schema/index.ts';
import { allocateStock } from '../../domain/checkout.ts';
import { DISCOUNT_LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { prorate } from '../../domain/prorate.ts';
import { PaymentError, type Charge, type PaymentProvider } from '../../providers/payments/types.ts';
import { audit } from '../audit/log.ts';
import { priceLine } from '../cart/pricing.ts';
import type { ChannelInfo } from '../channels/queries.ts';
import { channelWarehouseList } from '../shipping/queries.ts';
import { liveQuotes, shipLines } from './queries.ts';
import { applyTax } from './tax.ts';
import type { BankLinkProvider, Debit } from '../../providers/bank/types.ts';
import { bankLabel, debitBank, savedMethodForOrder } from '../payment-methods/pay.ts';
import type { PlaceOrder } from './schemas.ts';
import { quoteCutoff } from './shipping.ts';
import { emitEvents, type WebhookEvent } from '../webhooks/events.ts';
import { snapshotOrderAddresses } from '../orders/address-copies.ts';
import { eppAtPlacement, eppAuditText, eppLineShares, eppRequestHash, recordEppPlan, type EppPlacementInput } from '../epp/placement.ts';

export type PlaceResult = { status: number; body: { order_id: number; status: string; total: string; currency: string; redirect: string }; replayed: boolean; charge?: Charge };

export const requestHash = (input: PlaceOrder) =>
  createHash('sha256').update(JSON.stringify([input.order_id, input.payment_type, input.token ?? null, input.check_number ?? null, input.saved_method_id ?? null, input.expected_total, input.po_number ?? null, input.attention ?? null])).digest('hex');

const fail = (status: number, code: string, message: string, fields?: Record<string, string>) => new AppError(status, code, message, fields);

export async function placeOrder(
  db: Db,
  provider: PaymentProvider,
  args: { userId: number; channel: ChannelInfo; key: string; input: PlaceOrder; locale: string; now?: Date; bank?: BankLinkProvider; epp?: EppPlacementInput | null; eppAdmin?: boolean },
): Promise<PlaceResult> {
  const { userId, channel, key, input } = args;
  const now = args.now ?? new Date();
  const hash = requestHash(input) + eppRequestHash(args.epp); // EPP (issue 10): its choice is part of the request
  let charge: Charge | undefined;
  let debit: Debit | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, input.order_id), eq(orders.userId, userId))).for('update');
      const [seen] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
      if (seen) {
        if (seen.requestHash !== hash) throw fail(422, 'idempotency_mismatch', 'This Idempotency-Key was already used for a different request.');
        return { status: seen.responseStatus, body: seen.responseBody as PlaceResult['body'], replayed: true };
      }
      if (!order) throw notFound('Your cart was not found.');
      if (order.status !== 'cart') throw conflict('This order has already been placed.');
      if (order.channelId !== channel.id) throw conflict('Your store changed since you reviewed the order. Please review it again.');
      if (!order.shipToAddressId || order.taxExemptId === null) throw fail(400, 'customer_info', 'Enter your customer information first.');
      const [shipTo] = await tx.select().from(addresses).where(eq(addresses.id, order.shipToAddressId));
      if (!shipTo || !channel.countryCodes.includes(shipTo.countryCode)) throw fail(409, 'channel_mismatch', 'Your shipping address is not served by this store.');
      await snapshotOrderAddresses(tx, order.id); // issue 20: the order keeps the addresses as they are now (409 if shipping was quoted for another)

      // 2. Prices from the database, now.
      const lines = await tx.select().from(orderLineItems).where(and(eq(orderLineItems.orderId, order.id), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]))).orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
      if (!lines.length) throw fail(400, 'empty', 'Your cart is empty.');
      const opts = lines.length ? await tx.select().from(lineItemOptions).where(inArray(lineItemOptions.lineItemId, lines.map((l) => l.id))) : [];
      for (const l of lines) {
        const priced = await priceLine(tx, channel, { productId: l.productId!, quantity: l.quantity, selections: opts.filter((o) => o.lineItemId === l.id).map((o) => ({ optionId: o.optionId, choiceId: o.choiceId, quantity: o.quantity })) }, { enforce: true, now });
        if (fromCents(priced.unitCents) !== l.unitPrice) await tx.update(orderLineItems).set({ unitPrice: fromCents(priced.unitCents) }).where(eq(orderLineItems.id, l.id));
      }

      // 3. Stock, per warehouse, under row locks.
      const ship = await shipLines(tx, order.id);
      const physical = ship.filter((l) => l.isPhysical);
      const houses = await channelWarehouseList(tx, channel.id);
      const stocked = [...new Set(physical.filter((l) => l.needsStock).map((l) => l.productId))];
      const locked = stocked.length && houses.length
        ? await tx.select({ id: inventory.id, warehouseId: inventory.warehouseId, productId: inventory.productId, quantity: inventory.quantity, reserved: inventory.reserved })
            .from(inventory).where(and(inArray(inventory.productId, stocked), inArray(inventory.warehouseId, houses.map((h) => h.id)))).orderBy(asc(inventory.id)).for('update')
        : [];
      const free = new Map(locked.map((r) => [`${r.warehouseId}:${r.productId}`, Math.max(0, r.quantity - r.reserved)]));
      const plan = allocateStock(physical.map((l) => ({ lineId: l.lineId, productId: l.productId, quantity: l.quantity, needsStock: l.needsStock })), houses.map((h) => h.id), free);
      if (plan.short.length) {
        const title = ship.find((l) => l.lineId === plan.short[0].lineId)?.title ?? '';
        throw fail(409, 'out_of_stock', `Not enough stock left for ${title}. Please change the quantity.`, { [`line_${plan.short[0].lineId}`]: 'Not enough stock.' });
      }
      if (physical.length) {
        const live = await liveQuotes(tx, order.id, quoteCutoff(now));
        const selected = live.filter((q) => q.selected);
        const want = plan.warehouses.map((w) => w.warehouseId).sort();
        const have = selected.map((q) => q.warehouseId).sort();
        if (!selected.length || JSON.stringify(want) !== JSON.stringify(have)) {
          throw fail(409, 'shipping_changed', 'Please choose your shipping method again: the quotes expired or stock moved between warehouses.');
        }
        const shippingCents = selected.reduce((s, q) => s + toCents(q.total), 0);
        if (toCents(order.shipping) !== shippingCents) await tx.update(orders).set({ shipping: fromCents(shippingCents) }).where(eq(orders.id, order.id));
      }
      // Each stock taken is an inventory.changed event, sent with the order's own events below.
      const stockEvents: [WebhookEvent, Record<string, unknown>][] = [];
      for (const w of plan.warehouses) {
        for (const item of w.items) {
          const l = physical.find((p) => p.lineId === item.lineId)!;
          if (l.needsStock) {
            const row = locked.find((r) => r.warehouseId === w.warehouseId && r.productId === item.productId)!;
            const taken = await tx.update(inventory).set({ quantity: sql`${inventory.quantity} - ${item.quantity}` })
              .where(and(eq(inventory.id, row.id), sql`${inventory.quantity} - ${inventory.reserved} >= ${item.quantity}`)).returning({ quantity: inventory.quantity });
            if (!taken.length) throw fail(409, 'out_of_stock', `Not enough stock left for ${l.title}. Please change the quantity.`);
            const stockcode = lines.find((x) => x.id === item.lineId)?.stockcode ?? null;
            stockEvents.push(['inventory.changed', { warehouseId: w.warehouseId, productId: item.productId, stockcode, before: taken[0].quantity + item.quantity, after: taken[0].quantity, orderId: order.id, source: 'checkout' }]);
          }
          await tx.insert(stockAllocations).values({ lineItemId: item.lineId, warehouseId: w.warehouseId, quantity: item.quantity });
        }
      }
      const firstHouse = new Map<number, number>();
      for (const w of plan.warehouses) for (const i of w.items) if (!firstHouse.has(i.lineId)) firstHouse.set(i.lineId, w.warehouseId);
      for (const [lineId, warehouseId] of firstHouse) await tx.update(orderLineItems).set({ warehouseId }).where(eq(orderLineItems.id, lineId));

      // 4. Tax on the products after discounts, by ship-to region.
      const taxCents = await applyTax(tx, order.id, now);
      const [final] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, order.id));
      const totalCents = toCents(final.total);

      // 5. What the buyer saw is what they pay.
      if (toCents(input.expected_total) !== totalCents) {
        throw fail(409, 'price_changed', `The order total is now ${fromCents(totalCents)} ${channel.currency}. Please review your order.`, { expected_total: fromCents(totalCents) });
      }

      // 6. Payment: a new card, a saved card or verified bank account of the buyer's (issue 10,
      // payment-methods/pay.ts), or a check. With EPP (issue 10) the payment is the down payment now;
      // the plan comes from the order itself.
      const card = input.payment_type === PAYMENT_TYPES.CARD;
      const saved = await savedMethodForOrder(tx, { userId, channelId: channel.id, paymentType: input.payment_type, savedMethodId: input.saved_method_id });
      const bank = input.payment_type === PAYMENT_TYPES.BANK ? saved : null;
      const token = saved && card ? saved.providerRef : input.token;
      const epp = await eppAtPlacement(tx, { orderId: order.id, totalCents, paymentType: input.payment_type, input: args.epp, admin: !!args.eppAdmin, now });
      const payCents = epp ? epp.plan.downPaymentCents : totalCents;
      if (bank && payCents > 0) {
        if (!args.bank) throw fail(503, 'no_bank_link', 'Bank payments are not available right now.');
        debit = await debitBank(args.bank, bank, { amountCents: payCents, currency: channel.currency, idempotencyKey: `order-${order.id}-${key}`, orderId: order.id });
      }
      if (card && payCents > 0) {
        try {
          charge = await provider.charge({ token: token!, amountCents: payCents, currency: channel.currency, idempotencyKey: `order-${order.id}-${key}`, description: `Order ${order.id}`, customer: saved?.providerCustomer });
        } catch (e) {
          if (e instanceof PaymentError) throw fail(402, e.code, e.message, { card: e.message });
          throw e;
        }
      }
      let paymentId: number | null = null;
      if (payCents > 0) {
        const [p] = await tx.insert(payments).values({
          orderId: order.id,
          paymentType: input.payment_type,
          successful: card,
          total: fromCents(payCents),
          providerRef: charge?.ref ?? debit?.ref ?? null,
          paymentMethodId: card ? token! : bank ? bankLabel(bank) : null,
          checkNumber: card || bank ? null : input.check_number!,
          createdBy: userId,
        }).returning({ id: payments.id });
        paymentId = p.id;
        // Each line's allocation: its own total plus its prorated share of shipping and tax, so the parts sum to the payment.
        const fresh = await tx.select({ id: orderLineItems.id, totalDiscounted: orderLineItems.totalDiscounted }).from(orderLineItems)
          .where(and(eq(orderLineItems.orderId, order.id), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]))).orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
        const weights = fresh.map((l) => Math.max(0, toCents(l.totalDiscounted)));
        const shares = epp ? eppLineShares(epp, fresh.map((l) => l.id), weights, payCents) : prorate(weights, payCents);
        const rows = fresh.map((l, k) => ({ paymentId: p.id, type: 0, lineItemId: l.id, amount: fromCents(shares[k]) })).filter((r) => toCents(r.amount) > 0);
        if (rows.length) await tx.insert(paymentAllocations).values(rows);
        if (card) {
          // Paid in full, or (EPP) each line's share of the down payment, capped at what the line costs.
          for (const [k, l] of fresh.entries()) {
            const paid = epp ? Math.min(shares[k], toCents(l.totalDiscounted)) : toCents(l.totalDiscounted);
            await tx.update(orderLineItems).set({ paidTotal: fromCents(paid), unpaidTotal: fromCents(toCents(l.totalDiscounted) - paid) }).where(eq(orderLineItems.id, l.id));
          }
        }
      }
      if (epp) await recordEppPlan(tx, order.id, epp, paymentId);

      const status = card || totalCents === 0 ? 'processing' : 'pending';
      await tx.update(orders).set({
        status,
        submittedAt: now,
        paymentType: input.payment_type,
        selectedPaymentMethod: card ? token! : bank ? bankLabel(bank) : input.check_number!,
        processorSource: card ? provider.kind : bank ? `bank-${bank.provider}` : 'check',
        thirdPartyInfo: charge ? { card: { brand: charge.brand, last4: charge.last4 } } : bank ? { bank: { name: bank.brand, last4: bank.last4, status: debit?.status ?? null } } : null,
        poNumber: input.po_number ?? order.poNumber,
        attention: input.attention ?? order.attention,
        locale: args.locale,
      }).where(eq(orders.id, order.id));
      const body = { order_id: order.id, status, total: fromCents(totalCents), currency: channel.currency, redirect: `/${args.locale}/orders/${order.id}?placed=1` };
      await tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash, orderId: order.id, responseStatus: 201, responseBody: body });
      await audit(tx, {
        action: 'order.place', entity: 'order', entityId: order.id, userId,
        message: `Order ${order.id} placed (${fromCents(totalCents)} ${channel.currency}, ${card ? `card ${charge?.brand ?? ''} ${charge?.last4 ?? ''}`.trim() : bank ? `bank account ${bank.brand} ${bank.last4}` : `check ${input.check_number}`}${epp ? `; ${eppAuditText(epp, channel.currency)}` : ''})`,
        data: { paymentId, paymentType: input.payment_type, tax: fromCents(taxCents) },
      });
      await emitEvents(tx, [['order.created', { orderId: order.id, status, total: fromCents(totalCents), currency: channel.currency, paymentId }], ['payment.recorded', { orderId: order.id, paymentId, paymentType: input.payment_type, amount: fromCents(payCents), currency: channel.currency }], ...stockEvents]); // webhooks (issue 15)
      return { status: 201, body, replayed: false, charge };
    });
  } catch (e) {
    // The card was charged but the order did not commit: give the money back.
    if (charge) await provider.refund(charge.ref).catch(() => undefined);
    if (debit) await args.bank?.cancel(debit.ref).catch(() => undefined); // issue 10: the bank debit likewise
    throw e;
  }
}
