/**
 * Checkout's split-shipment choice (src/domain/split-shipment.ts has the rules):
 *   POST /{locale}/order/split-shipment  {order_id, split_shipment}
 * stores the buyer's answer on their cart. Shipping is quoted and charged as before either way, so
 * nothing is quoted again; placement keeps the answer only when something is back-ordered.
 */
import { and, eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { route } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import type { CartOf } from './step-handlers.ts';

const SAY = 'Say whether to ship in parts or all together.';

export const SplitShipmentInput = z.object({
  order_id: z.coerce.number({ message: 'Unknown order.' }).int().positive().max(2147483647),
  split_shipment: z.boolean({ message: SAY }),
});

/** Stores the choice on the user's open cart (404 when it is not theirs or no longer a cart). */
export async function setCartSplitShipment(db: Db, args: { userId: number; orderId: number; split: boolean }) {
  const done = await db
    .update(orders)
    .set({ splitShipment: args.split })
    .where(and(eq(orders.id, args.orderId), eq(orders.userId, args.userId), eq(orders.status, 'cart')))
    .returning({ id: orders.id });
  if (!done.length) throw notFound('Your cart was not found.');
}

/** Declares POST /{locale}/order/split-shipment on checkout's router. */
export function splitShipmentRoute(r: Router, s: Services, cartOf: CartOf): void {
  route(r, 'post', '/order/split-shipment', { allow: 'signed-in', note: 'own cart' }, async (req, res) => {
    const body = parseInput(SplitShipmentInput, req.body);
    const ids = await cartOf(req);
    if (body.order_id !== ids.orderId)
      throw invalid('That is not your open order.', { order_id: 'That is not your open order.' });
    await setCartSplitShipment(s.db, { ...ids, split: body.split_shipment });
    res.json({ order_id: ids.orderId, split_shipment: body.split_shipment });
  });
}
