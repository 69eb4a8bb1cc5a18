/**
 * Catalog reads: the listing page, category counts and typeahead suggestions. Plain functions
 * returning rows; prices come back as the database has them (numeric strings) and are turned
 * into channel cents by service.ts. Every user value reaches SQL as a bound parameter; LIKE
 * wildcards in search words are escaped so '%' and '_' match themselves.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, channelPrices, productCategories, products, translations } from '../../db/schema/index.ts';
import { CATALOG_MARKER } from '../../domain/catalog-text.ts';
import type { PriceFacts, PricingChannel, StockFacts } from '../../domain/pricing.ts';
import { joinChannelPrice, priceSortKey, pricingColumns } from '../cart/index.ts';
import type { SortKey } from './schemas.ts';

/** What pricing and stock need to know about the shopper's channel. */
export type PriceChannel = Pick<PricingChannel, 'id' | 'currencyId' | 'midMarketRate'>;

export type CategoryRow = { id: number; parentId: number | null; slug: string; name: string };

export type ProductSummaryRow = PriceFacts &
  StockFacts & {
    id: number;
    title: string;
    stockcode: string;
    image: string | null;
    nonStockLabel: string | null;
  };

/** Why: a '%' or '_' typed by a shopper is a character to find, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every word must appear (case-insensitive) in the title, the stock code, the SKU or the title's
 * translation in any language (a French visitor searches « semoir »).
 */
export function searchCondition(terms: readonly string[]): SQL | undefined {
  if (!terms.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = `%${escapeLike(term)}%`;
      const translated = sql`exists (select 1 from ${translations} where ${translations.field} = ${sql.raw(`'${CATALOG_MARKER}product.'`)} || ${products.id}::text || '.title' and ${translations.value} ilike ${pattern})`;
      return or(
        ilike(products.title, pattern),
        ilike(products.stockcode, pattern),
        ilike(products.sku, pattern),
        translated,
      );
    }),
  );
}

/** Active (listed) products only: status 0. */
const active = eq(products.status, 0);

function inCategories(categoryIds: readonly number[] | null): SQL | undefined {
  if (!categoryIds) return undefined;
  return inArray(
    products.id,
    sql`(select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, [...categoryIds])})`,
  );
}

function summaryColumns(ch: PriceChannel) {
  return {
    id: products.id,
    title: products.title,
    stockcode: products.stockcode,
    image: products.primaryImage,
    nonStockLabel: products.nonStockLabel,
    ...pricingColumns(ch),
  };
}

export function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
}

/** (product, category) pairs of active products matching the search, for the sidebar counts. */
export function categoryMemberships(
  db: DbOrTx,
  terms: readonly string[],
): Promise<{ productId: number; categoryId: number }[]> {
  return db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(active, searchCondition(terms)));
}

export type ListingFilter = { terms: readonly string[]; categoryIds: readonly number[] | null };

export async function countProducts(db: DbOrTx, f: ListingFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(active, searchCondition(f.terms), inCategories(f.categoryIds)));
  return Number(row?.n ?? 0);
}

export function listProducts(
  db: DbOrTx,
  ch: PriceChannel,
  f: ListingFilter & { sort: SortKey; limit: number; offset: number },
): Promise<ProductSummaryRow[]> {
  const order: SQL[] =
    f.sort === 'price-asc'
      ? [asc(priceSortKey(ch))]
      : f.sort === 'price-desc'
        ? [desc(priceSortKey(ch))]
        : f.sort === 'name'
          ? [asc(sql`lower(${products.title})`)]
          : [desc(products.popularity)];
  return db
    .select(summaryColumns(ch))
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(ch))
    .where(and(active, searchCondition(f.terms), inCategories(f.categoryIds)))
    .orderBy(...order, asc(products.id))
    .limit(f.limit)
    .offset(f.offset) as Promise<ProductSummaryRow[]>;
}

/**
 * Typeahead: titles that start with the whole query first, then the rest by popularity, with
 * the same price and stock facts as a catalog card (a suggestion shows the same availability).
 */
export function suggestProducts(
  db: DbOrTx,
  ch: PriceChannel,
  q: string,
  terms: readonly string[],
  limit: number,
): Promise<ProductSummaryRow[]> {
  const startsWith = `${escapeLike(q.toLowerCase())}%`;
  return db
    .select(summaryColumns(ch))
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(ch))
    .where(and(active, searchCondition(terms)))
    .orderBy(desc(sql`lower(${products.title}) like ${startsWith}`), desc(products.popularity), asc(products.id))
    .limit(limit) as Promise<ProductSummaryRow[]>;
}
