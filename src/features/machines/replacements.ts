/**
 * Supersession on a parts diagram: for the parts that do not fit the chosen machine, the part that
 * replaced them (following the chain) and fits it. One database statement. Never sees req.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { PRODUCT_STATUS } from '../../db/schema/constants.ts';
import type { FitRow, Machine } from '../../domain/fitment.ts';
import { MAX_REPLACEMENT_STEPS, replacementThatFits, rowsByProduct } from '../../domain/part-fit.ts';

export type Replacement = { productId: number; stockcode: string };

type Facts = {
  edges: { from: number; to: number }[];
  rows: (FitRow & { productId: number })[];
  parts: { id: number; stockcode: string }[];
};

/** The replacement chains from these parts, the successors' own fitment rows and their part numbers (active parts only). */
async function replacementFacts(db: DbOrTx, productIds: readonly number[]): Promise<Facts> {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<Facts>(sql`
    with recursive chain(product_id, replaced_by_id, depth) as (
      select product_id, replaced_by_id, 1 from part_supersessions where product_id in (${ids})
      union
      select s.product_id, s.replaced_by_id, c.depth + 1
        from part_supersessions s join chain c on s.product_id = c.replaced_by_id
       where c.depth < ${MAX_REPLACEMENT_STEPS}
    )
    select
      coalesce((select json_agg(json_build_object('from', e.product_id, 'to', e.replaced_by_id) order by e.product_id, e.replaced_by_id)
                from (select distinct product_id, replaced_by_id from chain) e), '[]'::json) as edges,
      coalesce((select json_agg(json_build_object('productId', f.product_id, 'modelId', f.model_id, 'from', f.serial_from, 'to', f.serial_to))
                from fitments f where f.product_id in (select replaced_by_id from chain)), '[]'::json) as rows,
      coalesce((select json_agg(json_build_object('id', p.id, 'stockcode', p.stockcode))
                from products p where p.id in (select replaced_by_id from chain) and p.status = ${PRODUCT_STATUS.active}), '[]'::json) as parts`);
  return rows[0] ?? { edges: [], rows: [], parts: [] };
}

/** For each of these parts (those the machine does not fit), the replacement that fits it, when one does. */
export async function replacementsFor(
  db: DbOrTx,
  machine: Machine,
  productIds: readonly number[],
): Promise<Map<number, Replacement>> {
  const out = new Map<number, Replacement>();
  if (!productIds.length) return out;
  const facts = await replacementFacts(db, [...new Set(productIds)]);
  if (!facts.edges.length) return out;
  const successors = new Map<number, number[]>();
  for (const e of facts.edges) successors.set(e.from, [...(successors.get(e.from) ?? []), e.to]);
  const active = new Map(facts.parts.map((p) => [p.id, p.stockcode]));
  const rows = rowsByProduct(facts.rows);
  for (const id of productIds) {
    const to = replacementThatFits(
      machine,
      id,
      (p) => successors.get(p) ?? [],
      // An inactive part is passed over: it cannot be ordered, though its own successor may be.
      (p) => (active.has(p) ? (rows.get(p) ?? []) : []),
    );
    if (to !== null) out.set(id, { productId: to, stockcode: active.get(to)! });
  }
  return out;
}
