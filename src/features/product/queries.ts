/**
 * Reads for the product page: plain functions over drizzle returning rows. Money comes back
 * as the database's numeric strings; the service turns it into cents.
 */
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  categories,
  channelPrices,
  diagramComponents,
  instructionals,
  partsDiagrams,
  productCategories,
  products,
} from '../../db/schema/index.ts';
import { PRODUCT_STATUS } from '../../db/schema/constants.ts';
import type { PriceFacts, PricingChannel } from '../../domain/pricing.ts';
import { joinChannelPrice, priceFactColumns, pricingColumns } from '../cart/index.ts';

/** An active product with its price and stock facts in the channel (src/features/cart/pricing.ts). */
export async function findActiveProduct(db: DbOrTx, productId: number, channel: Pick<PricingChannel, 'id'>) {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      stockcode: products.stockcode,
      sku: products.sku,
      brand: products.brand,
      description: products.description,
      primaryImage: products.primaryImage,
      images: products.images,
      length: products.length,
      width: products.width,
      height: products.height,
      weight: products.weight,
      nonStockLabel: products.nonStockLabel,
      coreCharge: products.coreCharge,
      channelCoreCharge: channelPrices.coreCharge,
      ...pricingColumns(channel),
    })
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(channel))
    .where(and(eq(products.id, productId), eq(products.status, PRODUCT_STATUS.active)))
    .limit(1);
  return row;
}

export type CategoryRow = { id: number; parentId: number | null; slug: string; name: string; sort: number };

/**
 * The product's categories and every ancestor of them. The tree is small, so it is read whole,
 * each row marked when the product is in it: one round trip instead of two.
 */
export async function categoriesOf(db: DbOrTx, productId: number): Promise<{ own: number[]; all: CategoryRow[] }> {
  // Qualified outer column ("categories"."id") inside the subquery, so it cannot bind to the inner table.
  const inIt = db
    .select({ one: sql`1` })
    .from(productCategories)
    .where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, categories.id)));
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      sort: categories.sort,
      own: sql<boolean>`exists (${inIt})`,
    })
    .from(categories);
  const own = rows.filter((r) => r.own).map((r) => r.id);
  if (!own.length) return { own: [], all: [] };
  return { own, all: rows.map(({ own: _own, ...c }) => c) };
}

export type CardRow = PriceFacts & { id: number; title: string; stockcode: string; image: string | null };

const cardColumns = {
  id: products.id,
  title: products.title,
  stockcode: products.stockcode,
  image: products.primaryImage,
  ...priceFactColumns,
};

/** Active products sharing a category with the product, most popular first. */
export async function similarProducts(
  db: DbOrTx,
  productId: number,
  categoryIds: number[],
  channelId: number,
  limit: number,
): Promise<CardRow[]> {
  if (!categoryIds.length) return [];
  const inCategory = db
    .selectDistinct({ id: productCategories.productId })
    .from(productCategories)
    .where(inArray(productCategories.categoryId, categoryIds));
  return db
    .select(cardColumns)
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice({ id: channelId }))
    .where(
      and(eq(products.status, PRODUCT_STATUS.active), ne(products.id, productId), inArray(products.id, inCategory)),
    )
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
}

/** The most popular active products, leaving out the ones given. */
export async function popularProducts(
  db: DbOrTx,
  excludeIds: number[],
  channelId: number,
  limit: number,
): Promise<CardRow[]> {
  const conds = [eq(products.status, PRODUCT_STATUS.active)];
  if (excludeIds.length)
    conds.push(
      sql`${products.id} not in (${sql.join(
        excludeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return db
    .select(cardColumns)
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice({ id: channelId }))
    .where(and(...conds))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
}

/**
 * Published instructionals about the product. The schema links an instructional to a product
 * only through instructionals.product_id (instructional tools are tools, not products).
 */
export async function instructionalsFor(db: DbOrTx, productId: number) {
  return db
    .select({ id: instructionals.id, title: instructionals.title })
    .from(instructionals)
    .where(and(eq(instructionals.productId, productId), eq(instructionals.published, true)))
    .orderBy(asc(instructionals.title), asc(instructionals.id));
}

/** Parts diagrams that show the product: as a part under a callout, or as the diagram's machine. */
export async function diagramsFor(db: DbOrTx, productId: number) {
  const asPart = db
    .select({ id: diagramComponents.diagramId })
    .from(diagramComponents)
    .where(eq(diagramComponents.productId, productId));
  return db
    .select({ id: partsDiagrams.id, title: partsDiagrams.title })
    .from(partsDiagrams)
    .where(or(eq(partsDiagrams.productId, productId), inArray(partsDiagrams.id, asPart)))
    .orderBy(asc(partsDiagrams.title), asc(partsDiagrams.id));
}
