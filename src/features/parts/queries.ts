/**
 * Parts diagram reads and the staff's callout writes. Plain drizzle; prices come back as the
 * database has them and become channel cents in service.ts (the one rule: src/domain/pricing.ts channelPriceCents).
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  categories,
  channelPrices,
  diagramComponents,
  partsDiagrams,
  productCategories,
  products,
} from '../../db/schema/index.ts';
import { escapeLike, type PriceChannel, type ProductSummaryRow } from '../catalog/index.ts';
import { joinChannelPrice, pricingColumns } from '../cart/index.ts';

export type DiagramRow = {
  id: number;
  title: string;
  image: string;
  width: number;
  height: number;
  productId: number | null;
  machineTitle: string | null;
  machineStockcode: string | null;
};

export type ComponentRow = {
  id: number;
  callout: string;
  productId: number;
  stockcode: string;
  title: string;
  x1: string;
  y1: string;
  x2: string;
  y2: string;
  quantity: number;
  sort: number;
};

/** A part as the catalog summarises a product, plus what the pop-up and the buyable rule read. */
export type PartRow = ProductSummaryRow & { description: string; status: number };

export async function findDiagram(db: DbOrTx, id: number): Promise<DiagramRow | undefined> {
  const rows = await db
    .select({
      id: partsDiagrams.id,
      title: partsDiagrams.title,
      image: partsDiagrams.image,
      width: partsDiagrams.width,
      height: partsDiagrams.height,
      productId: partsDiagrams.productId,
      machineTitle: products.title,
      machineStockcode: products.stockcode,
    })
    .from(partsDiagrams)
    .leftJoin(products, eq(products.id, partsDiagrams.productId))
    .where(eq(partsDiagrams.id, id));
  return rows[0];
}

/**
 * Every diagram with its machine and callout count; `terms` match the diagram title, the
 * machine's title or stock code, or any part on the diagram (title or stock code).
 */
export async function listDiagrams(db: DbOrTx, terms: readonly string[]) {
  const match = (term: string): SQL => {
    const p = `%${escapeLike(term)}%`;
    return or(
      ilike(partsDiagrams.title, p),
      ilike(products.title, p),
      ilike(products.stockcode, p),
      sql`exists (select 1 from ${diagramComponents} dc join ${products} pp on pp.id = dc.product_id
        where dc.diagram_id = ${partsDiagrams.id} and (pp.title ilike ${p} or pp.stockcode ilike ${p}))`,
    )!;
  };
  return db
    .select({
      id: partsDiagrams.id,
      title: partsDiagrams.title,
      image: partsDiagrams.image,
      width: partsDiagrams.width,
      height: partsDiagrams.height,
      machineTitle: products.title,
      machineStockcode: products.stockcode,
      productId: partsDiagrams.productId,
      callouts:
        sql<number>`(select count(distinct dc.callout)::int from ${diagramComponents} dc where dc.diagram_id = ${partsDiagrams.id})`.mapWith(
          Number,
        ),
      parts:
        sql<number>`(select count(distinct dc.product_id)::int from ${diagramComponents} dc where dc.diagram_id = ${partsDiagrams.id})`.mapWith(
          Number,
        ),
    })
    .from(partsDiagrams)
    .leftJoin(products, eq(products.id, partsDiagrams.productId))
    .where(terms.length ? and(...terms.map(match)) : undefined)
    .orderBy(asc(partsDiagrams.title), asc(partsDiagrams.id));
}

export function componentsOf(db: DbOrTx, diagramId: number): Promise<ComponentRow[]> {
  return db
    .select({
      id: diagramComponents.id,
      callout: diagramComponents.callout,
      productId: diagramComponents.productId,
      stockcode: products.stockcode,
      title: products.title,
      x1: diagramComponents.x1,
      y1: diagramComponents.y1,
      x2: diagramComponents.x2,
      y2: diagramComponents.y2,
      quantity: diagramComponents.quantity,
      sort: diagramComponents.sort,
    })
    .from(diagramComponents)
    .innerJoin(products, eq(products.id, diagramComponents.productId))
    .where(eq(diagramComponents.diagramId, diagramId))
    .orderBy(asc(diagramComponents.sort), asc(diagramComponents.id));
}

/** The parts, priced and stocked for the channel (any status: the caller decides what is buyable). */
export async function partsByIds(db: DbOrTx, ch: PriceChannel, ids: readonly number[]): Promise<PartRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      title: products.title,
      stockcode: products.stockcode,
      image: products.primaryImage,
      description: products.description,
      status: products.status,
      nonStockLabel: products.nonStockLabel,
      ...pricingColumns(ch),
    })
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(ch))
    .where(inArray(products.id, [...ids]));
}

/** Other diagrams that show the product (the part pop-up's "where used"). */
export function whereUsed(db: DbOrTx, productId: number, exceptDiagramId: number) {
  return db
    .selectDistinct({ id: partsDiagrams.id, title: partsDiagrams.title, callout: diagramComponents.callout })
    .from(diagramComponents)
    .innerJoin(partsDiagrams, eq(partsDiagrams.id, diagramComponents.diagramId))
    .where(and(eq(diagramComponents.productId, productId), sql`${partsDiagrams.id} <> ${exceptDiagramId}`))
    .orderBy(asc(partsDiagrams.title));
}

export async function productIdByCode(db: DbOrTx, stockcode: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.stockcode}) = lower(${stockcode})`)
    .limit(1);
  return rows[0]?.id;
}

export type ComponentWrite = {
  callout: string;
  productId: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  quantity: number;
};

export async function insertComponent(db: DbOrTx, diagramId: number, c: ComponentWrite) {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${diagramComponents.sort}), 0)::int + 10`.mapWith(Number) })
    .from(diagramComponents)
    .where(eq(diagramComponents.diagramId, diagramId));
  const [row] = await db
    .insert(diagramComponents)
    .values({ diagramId, ...rect(c), callout: c.callout, productId: c.productId, quantity: c.quantity, sort: next })
    .returning({ id: diagramComponents.id });
  return row.id;
}

/** Moving a callout moves every part row under the same label (one rectangle per callout). */
export async function moveCallout(
  db: DbOrTx,
  diagramId: number,
  callout: string,
  r: Pick<ComponentWrite, 'x1' | 'y1' | 'x2' | 'y2'>,
) {
  return db
    .update(diagramComponents)
    .set(rect(r))
    .where(and(eq(diagramComponents.diagramId, diagramId), eq(diagramComponents.callout, callout)))
    .returning({ id: diagramComponents.id });
}

export async function updateComponent(db: DbOrTx, diagramId: number, id: number, c: ComponentWrite) {
  return db
    .update(diagramComponents)
    .set({ ...rect(c), callout: c.callout, productId: c.productId, quantity: c.quantity })
    .where(and(eq(diagramComponents.diagramId, diagramId), eq(diagramComponents.id, id)))
    .returning({ id: diagramComponents.id });
}

export async function deleteComponent(db: DbOrTx, diagramId: number, id: number) {
  return db
    .delete(diagramComponents)
    .where(and(eq(diagramComponents.diagramId, diagramId), eq(diagramComponents.id, id)))
    .returning({
      id: diagramComponents.id,
      callout: diagramComponents.callout,
      productId: diagramComponents.productId,
    });
}

const rect = (r: Pick<ComponentWrite, 'x1' | 'y1' | 'x2' | 'y2'>) => ({
  x1: String(r.x1),
  y1: String(r.y1),
  x2: String(r.x2),
  y2: String(r.y2),
});

/** Listed products of the seed-plates category (the DEMO-SEED-PLATE family). */
export async function seedPlateIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.productId, products.id))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(categories.slug, 'seed-plates'), eq(products.status, 0)))
    .orderBy(asc(products.id));
  return rows.map((r) => r.id);
}
