/**
 * A warehouse's lead time for back orders (days a part takes to arrive there when no restock is
 * expected): it dates the back orders of the parts it carries (src/domain/back-order.ts). Set on
 * the warehouse's page by whoever manages warehouses. The warehouses table's data_change trigger
 * empties the page cache, so the product page's back-order day follows.
 *   POST /{locale}/account/dashboard/warehouses/{id}/lead-time   lead_time_days ('' = none)
 */
import { eq } from 'drizzle-orm';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { warehouses } from '../../db/schema/index.ts';
import { flash } from '../../http/context.ts';
import { formBack } from '../../http/error-handler.ts';
import { route } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';

const DAYS = 'Enter a whole number of days from 0 to 365, or leave it empty.';

export const LeadTimeForm = z.object({
  lead_time_days: z
    .union([z.string({ message: DAYS }), z.number({ message: DAYS }), z.null()], { message: DAYS })
    .transform((v, ctx) => {
      if (v === null) return null;
      const text = String(v).trim();
      if (text === '') return null;
      if (!/^\d{1,3}$/.test(text) || Number(text) > 365) {
        ctx.addIssue({ code: 'custom', message: DAYS });
        return z.NEVER;
      }
      return Number(text);
    }),
});

type Reachable = (req: Request) => Promise<{ id: number; name: string; leadTimeDays: number | null }>;

export function registerLeadTime(r: Router, s: Services, base: string, reachable: Reachable): void {
  route(
    r,
    'post',
    `${base}/:id/lead-time`,
    { allow: 'warehouses.manage', note: "a manager of the warehouse's organisation" },
    formBack((req) => `/${req.locale}${base}/${encodeURIComponent(String(req.params.id))}/inventory`),
    async (req, res) => {
      const w = await reachable(req);
      const { lead_time_days: days } = parseInput(LeadTimeForm, req.body);
      await s.db.transaction(async (tx) => {
        await tx.update(warehouses).set({ leadTimeDays: days }).where(eq(warehouses.id, w.id));
        await audit(tx, {
          action: 'warehouse.lead_time',
          message: `Lead time of ${w.name}: ${w.leadTimeDays ?? 'none'} → ${days ?? 'none'} days`,
          userId: req.user!.id,
          entity: 'warehouse',
          entityId: w.id,
          data: { before: w.leadTimeDays, after: days },
        });
      });
      if (wantsJson(req)) return void res.json({ warehouse_id: w.id, lead_time_days: days });
      flash(
        req,
        'success',
        req.t('lead.saved', { name: w.name, days: days === null ? req.t('lead.none') : String(days) }),
      );
      res.redirect(303, `/${req.locale}${base}/${w.id}/inventory`);
    },
  );
}
