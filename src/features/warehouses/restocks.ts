/**
 * Restocks staff expect at a warehouse (a purchase order's quantity of a part, arriving on a day):
 * they date the back orders of that part (src/domain/back-order.ts). Listed and added on the
 * warehouse's inventory page by whoever may manage its stock.
 *   POST /{locale}/account/dashboard/warehouses/{id}/restocks   stockcode, quantity, expected_on
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Request, Router } from 'express';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { products, restockExpectations } from '../../db/schema/index.ts';
import { parseIsoDay } from '../../domain/calendar.ts';
import { invalid } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';

const DAY = 'Enter a date such as 2027-03-12.';
const PART = 'Enter the part number of a product.';

export const RestockForm = z.object({
  stockcode: z.string({ message: PART }).trim().min(1, PART).max(100, PART),
  quantity: z.coerce
    .number({ message: 'Enter a quantity of 1 or more.' })
    .int('Enter a quantity of 1 or more.')
    .min(1, 'Enter a quantity of 1 or more.')
    .max(1_000_000, 'Enter a quantity of 1 or more.'),
  expected_on: z
    .string({ message: DAY })
    .trim()
    .refine((v) => parseIsoDay(v) !== null, DAY),
});

/** The restocks still to come at a warehouse, soonest first. */
export function upcomingRestocks(db: DbOrTx, warehouseId: number, today: string) {
  return db
    .select({
      id: restockExpectations.id,
      stockcode: products.stockcode,
      title: products.title,
      quantity: restockExpectations.quantity,
      expectedOn: restockExpectations.expectedOn,
    })
    .from(restockExpectations)
    .innerJoin(products, eq(products.id, restockExpectations.productId))
    .where(and(eq(restockExpectations.warehouseId, warehouseId), gte(restockExpectations.expectedOn, today)))
    .orderBy(asc(restockExpectations.expectedOn), asc(restockExpectations.id))
    .limit(50);
}

type Reachable = (req: Request) => Promise<{ id: number; name: string }>;

export function registerRestocks(r: Router, s: Services, base: string, reachable: Reachable): void {
  route(
    r,
    'post',
    `${base}/:id/restocks`,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    async (req, res) => {
      const w = await reachable(req);
      const form = parseInput(RestockForm, req.body);
      const id = await s.db.transaction(async (tx) => {
        const [part] = await tx
          .select({ id: products.id })
          .from(products)
          .where(sql`lower(${products.stockcode}) = lower(${form.stockcode})`)
          .limit(1);
        if (!part) throw invalid(PART, { stockcode: PART });
        const [row] = await tx
          .insert(restockExpectations)
          .values({
            productId: part.id,
            warehouseId: w.id,
            quantity: form.quantity,
            expectedOn: form.expected_on,
            createdBy: req.user!.id,
          })
          .returning({ id: restockExpectations.id });
        await audit(tx, {
          action: 'restock.create',
          message: `${form.quantity} × ${form.stockcode} expected at ${w.name} on ${form.expected_on}`,
          userId: req.user!.id,
          entity: 'warehouse',
          entityId: w.id,
          data: { productId: part.id, quantity: form.quantity, expectedOn: form.expected_on },
        });
        return row.id;
      });
      if (wantsJson(req)) return void res.status(201).json({ restock_expectation_id: id });
      flash(req, 'success', req.t('restock.saved', { code: form.stockcode, date: form.expected_on }));
      res.redirect(303, `/${req.locale}${base}/${w.id}/inventory`);
    },
  );
}
