/**
 * POST /{locale}/account/dashboard/orders/allocate (warehouse_id, stockcode): staff hand one
 * part's free stock at one warehouse to the orders waiting for it, machine-down orders first.
 * A form gets the orders page back with what was done; a script gets the figures.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { flash } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { allocateWaiting } from './service.ts';

export const AllocateInput = z.object({
  warehouse_id: z.coerce
    .number({ message: 'Choose a warehouse.' })
    .int('Choose a warehouse.')
    .positive('Choose a warehouse.')
    .max(2147483647, 'Choose a warehouse.'),
  stockcode: z
    .string({ message: 'Enter a part number.' })
    .trim()
    .min(1, 'Enter a part number.')
    .max(60, 'At most 60 characters.'),
});

/** Declares the allocation on the back office's localized order router. */
export function stockAllocationRoute(r: Router, s: Services): void {
  route(r, 'post', '/account/dashboard/orders/allocate', { allow: 'orders.edit' }, async (req, res) => {
    const input = parseInput(AllocateInput, req.body);
    const result = await allocateWaiting(s.db, {
      warehouseId: input.warehouse_id,
      stockcode: input.stockcode,
      userId: req.user!.id,
    });
    if (wantsJson(req)) return void res.json(result);
    const down = result.served.filter((x) => x.machineDown).length;
    flash(req, 'success', req.t('md.allocated', { served: result.served.length, down, waiting: result.waiting }));
    res.redirect(303, `/${req.locale}/account/dashboard/orders`);
  });
}
