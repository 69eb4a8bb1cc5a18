/**
 * A signed-in customer's machines against parts on their own (search results, typeahead, cart and
 * quick-order lines): which machines each part fits, and the parts that fit none of them. One
 * database statement for any number of parts. Never sees req.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fitments } from '../../db/schema/index.ts';
import { fitsMark, fitsNone, machinesFitting, rowsByProduct, type OwnedMachine } from '../../domain/part-fit.ts';
import type { FitRow } from '../../domain/fitment.ts';

export type PartFit = {
  /** "Fits {{name}}" (+ more): the first machine the part's rows name, null when none or no rows. */
  mark: { name: string; more: number } | null;
  /** The customer has machines and the part's rows exclude all of them. */
  fitsNone: boolean;
};

export type CustomerFit = {
  machines: OwnedMachine[];
  of: (productId: number) => PartFit;
};

const NO_FIT: CustomerFit = { machines: [], of: () => ({ mark: null, fitsNone: false }) };

/** The user's machines and the parts' own fitment rows, in one statement. */
async function fitFacts(db: DbOrTx, userId: number, productIds: readonly number[]) {
  const rowsOf = productIds.length ? inArray(fitments.productId, [...productIds]) : sql`false`;
  const { rows } = await db.execute<{ machines: OwnedMachine[]; rows: (FitRow & { productId: number })[] }>(sql`
    select
      coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name, 'modelId', m.model_id, 'serial', m.serial) order by m.id)
                from customer_machines m where m.user_id = ${userId}), '[]'::json) as machines,
      coalesce((select json_agg(json_build_object('productId', ${fitments.productId}, 'modelId', ${fitments.modelId},
                                                  'from', ${fitments.serialFrom}, 'to', ${fitments.serialTo}))
                from ${fitments} where ${rowsOf}), '[]'::json) as rows`);
  return rows[0] ?? { machines: [], rows: [] };
}

/**
 * What the user's machines make of these parts; nothing for a visitor (no statement at all) and
 * nothing for a customer without machines.
 */
export async function customerFit(
  db: DbOrTx,
  userId: number | undefined,
  productIds: readonly number[],
): Promise<CustomerFit> {
  if (userId === undefined) return NO_FIT;
  const facts = await fitFacts(db, userId, [...new Set(productIds)]);
  if (!facts.machines.length) return NO_FIT;
  const byProduct = rowsByProduct(facts.rows);
  return {
    machines: facts.machines,
    of: (productId) => {
      const rows = byProduct.get(productId) ?? [];
      return { mark: fitsMark(machinesFitting(facts.machines, rows)), fitsNone: fitsNone(facts.machines, rows) };
    },
  };
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/** "Fits North planter" or "Fits North planter +1" in the visitor's language; '' without a mark. */
export function fitsLabel(fit: PartFit, t: T): string {
  if (!fit.mark) return '';
  return fit.mark.more
    ? t('fits.markMore', { name: fit.mark.name, more: fit.mark.more })
    : t('fits.mark', { name: fit.mark.name });
}
