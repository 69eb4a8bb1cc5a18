/**
 * Which products are parts (src/domain/promotions.ts PARTS_CATEGORY_SLUG: in the "Parts" category
 * or a category below it), for a promotion that applies to parts only. No rule lives here beyond
 * reading the category tree.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { categories, productCategories } from '../schema/index.ts';
import { PARTS_CATEGORY_SLUG } from '../../domain/promotions.ts';

/** The ids of the Parts category and every category below it, as a subquery. */
const partsTree = sql`(with recursive tree as (
    select ${categories.id} as id from ${categories} where ${categories.slug} = ${sql.raw(`'${PARTS_CATEGORY_SLUG}'`)}
    union select c.id from ${categories} c join tree t on c.parent_id = t.id
  ) select id from tree)`;

/** For a select: true when the product `productId` (a column or value) is a part. */
export function isPartSql(productId: SQL | unknown): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${productCategories} pc where pc.product_id = ${productId} and pc.category_id in ${partsTree})`;
}

/** The product ids among `ids` (a SQL list or subquery of ids) that are parts, as a JSON array, for a statement that reads more. */
export function partIdsJson(ids: SQL): SQL<number[]> {
  return sql<
    number[]
  >`(select coalesce(json_agg(distinct pc.product_id), '[]') from ${productCategories} pc where pc.product_id in (${ids}) and pc.category_id in ${partsTree})`;
}

/** Of these products, the ones that are parts. */
export async function partProductIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id)))];
  if (!wanted.length) return new Set();
  const rows = await db
    .selectDistinct({ id: productCategories.productId })
    .from(productCategories)
    .where(sql`${inArray(productCategories.productId, wanted)} and ${productCategories.categoryId} in ${partsTree}`);
  return new Set(rows.map((r) => r.id));
}
