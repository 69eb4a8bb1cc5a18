/** Reads of instructionals, their steps and tools (drizzle only). */
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instructionals, instructionalSteps, instructionalTools, products, tools } from '../../db/schema/index.ts';

export async function listInstructionals(db: DbOrTx, f: { q: string; status: 'all' | 'published' | 'draft' }) {
  const where = and(
    f.q
      ? or(
          ilike(instructionals.title, `%${f.q.replace(/[%_\\]/g, '\\$&')}%`),
          ilike(products.stockcode, `%${f.q.replace(/[%_\\]/g, '\\$&')}%`),
        )
      : undefined,
    f.status === 'all' ? undefined : eq(instructionals.published, f.status === 'published'),
  );
  return db
    .select({
      id: instructionals.id,
      title: instructionals.title,
      slug: instructionals.slug,
      published: instructionals.published,
      videoUrl: instructionals.videoUrl,
      updatedAt: instructionals.updatedAt,
      productTitle: products.title,
      stockcode: products.stockcode,
      steps: sql<number>`(select count(*) from ${instructionalSteps} s where s.instructional_id = ${instructionals.id})::int`,
      tools: sql<number>`(select count(*) from ${instructionalTools} t where t.instructional_id = ${instructionals.id})::int`,
    })
    .from(instructionals)
    .leftJoin(products, eq(products.id, instructionals.productId))
    .where(where)
    .orderBy(desc(instructionals.updatedAt), desc(instructionals.id))
    .limit(200);
}

export async function getInstructional(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ i: instructionals, productTitle: products.title, stockcode: products.stockcode })
    .from(instructionals)
    .leftJoin(products, eq(products.id, instructionals.productId))
    .where(eq(instructionals.id, id));
  if (!row) return undefined;
  const [steps, toolRows] = await Promise.all([
    db
      .select()
      .from(instructionalSteps)
      .where(eq(instructionalSteps.instructionalId, id))
      .orderBy(asc(instructionalSteps.sort), asc(instructionalSteps.id)),
    db
      .select({ id: tools.id, name: tools.name, description: tools.description })
      .from(instructionalTools)
      .innerJoin(tools, eq(tools.id, instructionalTools.toolId))
      .where(eq(instructionalTools.instructionalId, id))
      .orderBy(asc(instructionalTools.sort)),
  ]);
  return { ...row.i, productTitle: row.productTitle, stockcode: row.stockcode, steps, tools: toolRows };
}

export const allTools = (db: DbOrTx) => db.select().from(tools).orderBy(asc(tools.name));

export async function productByStockcode(db: DbOrTx, stockcode: string) {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.stockcode, stockcode.toUpperCase()));
  return p;
}

export async function existingToolIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return (await db.select({ id: tools.id }).from(tools).where(inArray(tools.id, ids))).map((t) => t.id);
}

/** Published instructionals by product, for the product pages' cache. */
export const publishedByProduct = (db: DbOrTx) =>
  db
    .select({
      id: instructionals.id,
      title: instructionals.title,
      productId: instructionals.productId,
      videoUrl: instructionals.videoUrl,
    })
    .from(instructionals)
    .where(eq(instructionals.published, true))
    .orderBy(asc(instructionals.title));
