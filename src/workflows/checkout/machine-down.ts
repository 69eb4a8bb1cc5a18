/**
 * Checkout's "machine down" box (src/domain/machine-down.ts has the rules):
 *   POST /{locale}/order/machine-down  {order_id, machine_down}
 * sets the flag on the buyer's cart, drops the quotes offered before (and the method chosen from
 * them: they answered the other question) and quotes again, so the answer is the shipping the
 * server now offers: with the flag, each warehouse's fastest quote only (quoteShipping). The
 * flag stays on the order when it is placed: the staff see it and its lines are served first.
 */
import type { Request, Response, Router } from 'express';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, shipmentQuotes } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Services } from '../../services.ts';
import type { RateProvider } from '../../providers/shipping/types.ts';
import { parseInput } from '../../http/validate.ts';
import { route } from '../../http/route.ts';
import { requireChannel } from '../../http/context.ts';
import { getCart } from '../../features/cart/index.ts';
import { writeMachineDown } from '../../features/machine-down/index.ts';
import { quoteShipping } from './shipping.ts';
import { applyTax } from './tax.ts';
import { totalsJson, type CartOf } from './step-handlers.ts';

const SAY = 'Say whether your machine is down.';

export const MachineDownInput = z.object({
  order_id: z.coerce.number({ message: 'Unknown order.' }).int().positive().max(2147483647),
  machine_down: z.boolean({ message: SAY }),
});

/** Sets the flag on the user's cart and clears its shipping; the cart's ship-to address id (null: none yet). */
export function setCartMachineDown(
  db: Db,
  args: { userId: number; orderId: number; on: boolean; now?: Date },
): Promise<number | null> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ userId: orders.userId, status: orders.status, shipTo: orders.shipToAddressId })
      .from(orders)
      .where(eq(orders.id, args.orderId))
      .for('update');
    if (!order || order.userId !== args.userId || order.status !== 'cart') throw notFound('Your cart was not found.');
    await writeMachineDown(tx, args.orderId, args.on, now);
    await tx.delete(shipmentQuotes).where(eq(shipmentQuotes.orderId, args.orderId));
    await tx
      .update(orders)
      .set({ shipping: '0', shipmentQuoteId: null, shipmentMethod: null, shipFromWarehouseId: null })
      .where(eq(orders.id, args.orderId));
    await applyTax(tx, args.orderId, now);
    return order.shipTo;
  });
}

/** The shipping quotes of the cart for its ship-to, in the visitor's channel and language. */
async function requote(s: Services, rates: RateProvider, req: Request, res: Response, ids: Ids, addressId: number) {
  const channels = await s.channels.all();
  const names = await s.catalogText.forLocale(req.locale);
  return quoteShipping(s.db, rates, {
    ...ids,
    addressId,
    channel: requireChannel(res),
    currencyRates: Object.fromEntries(channels.map((c) => [c.currency, c.midMarketRate])),
    titleOf: (l) => names.product(l.productId, l.title),
  });
}
type Ids = { userId: number; orderId: number };

/** Declares POST /{locale}/order/machine-down on checkout's router. */
export function machineDownRoute(r: Router, s: Services, rates: RateProvider, cartOf: CartOf): void {
  route(r, 'post', '/order/machine-down', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    const body = parseInput(MachineDownInput, req.body);
    const ids = await cartOf(req);
    if (body.order_id !== ids.orderId)
      throw invalid('That is not your open order.', { order_id: 'That is not your open order.' });
    const shipTo = await setCartMachineDown(s.db, { ...ids, on: body.machine_down });
    const shipping = shipTo === null ? null : await requote(s, rates, req, res, ids, shipTo);
    const cart = await getCart(s.db, { userId: ids.userId }, requireChannel(res));
    res.json({
      order_id: ids.orderId,
      machine_down: body.machine_down,
      shipping,
      totals: cart ? totalsJson(cart.totals) : null,
    });
  });
}
