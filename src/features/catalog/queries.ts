/**
 * Catalog reads: the listing page, category counts and typeahead suggestions. Plain functions
 * returning rows; prices come back as the database has them (numeric strings) and are turned
 * into channel cents by service.ts. Every user value reaches SQL as a bound parameter; LIKE
 * wildcards in search words are escaped so '%' and '_' match themselves.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, channelPrices, channelWarehouses, inventory, productCategories, products, warehouses } from '../../db/schema/index.ts';
import type { SortKey } from './schemas.ts';

/** What pricing and stock need to know about the shopper's channel. */
export type PriceChannel = { id: number; currencyId: number; midMarketRate: string };

export type CategoryRow = { id: number; parentId: number | null; slug: string; name: string };

export type ProductSummaryRow = {
  id: number;
  title: string;
  stockcode: string;
  image: string | null;
  /** products.price (the base price, in the product's currency). */
  basePrice: string;
  currencyId: number;
  /** channel_prices.price for the channel, when the product has one. */
  channelPrice: string | null;
  availability: 'in_stock' | 'out_of_stock' | 'coming_soon' | 'call';
  resupplyDate: string | null;
  isNonStock: boolean;
  isPhysical: boolean;
  nonStockLabel: string | null;
  /** Units available (on hand less reserved) in the channel's warehouses. */
  stock: number;
  /** The latest resupply date of the product in those warehouses. */
  stockResupplyDate: string | null;
};

/** Why: a '%' or '_' typed by a shopper is a character to find, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every word must appear (case-insensitive) in the title, the stock code or the SKU. */
export function searchCondition(terms: readonly string[]): SQL | undefined {
  if (!terms.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = `%${escapeLike(term)}%`;
      return or(ilike(products.title, pattern), ilike(products.stockcode, pattern), ilike(products.sku, pattern));
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

/** The channel price, else the base price converted at the channel's rate (for ordering only). */
function effectivePrice(ch: PriceChannel): SQL {
  return sql`coalesce(${channelPrices.price}, case when ${products.currencyId} = ${ch.currencyId} then ${products.price} else round(${products.price} * ${ch.midMarketRate}::numeric, 2) end)`;
}

/**
 * Inventory the channel sells from: the warehouses linked to it (every active warehouse when
 * none is linked), the same rule as the product page (src/features/product/queries.ts stockOf).
 */
function channelInventory(ch: PriceChannel): SQL {
  return sql`from ${inventory}
    inner join ${warehouses} on ${warehouses.id} = ${inventory.warehouseId} and ${warehouses.active}
    where ${inventory.productId} = ${products.id}
      and (exists (select 1 from ${channelWarehouses} where ${channelWarehouses.channelId} = ${ch.id} and ${channelWarehouses.warehouseId} = ${inventory.warehouseId})
        or not exists (select 1 from ${channelWarehouses} where ${channelWarehouses.channelId} = ${ch.id}))`;
}

/** Units available (on hand less reserved, never below 0 per warehouse). */
function stockIn(ch: PriceChannel): SQL<number> {
  return sql<number>`(select coalesce(sum(greatest(${inventory.quantity} - ${inventory.reserved}, 0)), 0)::int ${channelInventory(ch)})`.mapWith(Number);
}

/** The latest resupply date those warehouses expect (null when none). */
function stockResupply(ch: PriceChannel): SQL<string | null> {
  return sql<string | null>`(select max(${inventory.resupplyDate})::text ${channelInventory(ch)})`;
}

/** What every product summary shows: name, code, image and the price in the channel. */
const priceColumns = {
  id: products.id,
  title: products.title,
  stockcode: products.stockcode,
  image: products.primaryImage,
  basePrice: products.price,
  currencyId: products.currencyId,
  channelPrice: channelPrices.price,
};

function summaryColumns(ch: PriceChannel) {
  return {
    ...priceColumns,
    availability: products.availability,
    resupplyDate: products.resupplyDate,
    isNonStock: products.isNonStock,
    isPhysical: products.isPhysical,
    nonStockLabel: products.nonStockLabel,
    stock: stockIn(ch),
    stockResupplyDate: stockResupply(ch),
  };
}

export function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
}

/** (product, category) pairs of active products matching the search, for the sidebar counts. */
export function categoryMemberships(db: DbOrTx, terms: readonly string[]): Promise<{ productId: number; categoryId: number }[]> {
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
    f.sort === 'price-asc' ? [asc(effectivePrice(ch))]
    : f.sort === 'price-desc' ? [desc(effectivePrice(ch))]
    : f.sort === 'name' ? [asc(sql`lower(${products.title})`)]
    : [desc(products.popularity)];
  return db
    .select(summaryColumns(ch))
    .from(products)
    .leftJoin(channelPrices, and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, ch.id)))
    .where(and(active, searchCondition(f.terms), inCategories(f.categoryIds)))
    .orderBy(...order, asc(products.id))
    .limit(f.limit)
    .offset(f.offset) as Promise<ProductSummaryRow[]>;
}

/**
 * Typeahead: titles that start with the whole query first, then the rest by popularity.
 * (Stock is not needed there, so the subquery is left out.)
 */
export function suggestProducts(db: DbOrTx, ch: PriceChannel, q: string, terms: readonly string[], limit: number) {
  const startsWith = `${escapeLike(q.toLowerCase())}%`;
  return db
    .select(priceColumns)
    .from(products)
    .leftJoin(channelPrices, and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, ch.id)))
    .where(and(active, searchCondition(terms)))
    .orderBy(desc(sql`lower(${products.title}) like ${startsWith}`), desc(products.popularity), asc(products.id))
    .limit(limit);
}
