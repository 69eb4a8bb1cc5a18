/**
 * The product page's data: one active product priced in the visitor's channel, its options,
 * what can be sold, where it sits in the catalogue, and what to show beside it. Never sees req.
 */
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../domain/errors.ts';
import { convert, toCents } from '../../domain/money.ts';
import { configure, configuredStockCode, type ConfigOption } from '../../domain/configurator.ts';
import { addToCartState, latestResupplyDate, type AddToCartState, type Availability } from '../../domain/availability.ts';
import { CART_MAX } from '../../domain/quantity.ts';
import { loadConfigOptions } from '../cart/pricing.ts';
import {
  categoriesOf, diagramsFor, findActiveProduct, instructionalsFor, popularProducts, similarProducts, stockOf,
  type CardRow, type CategoryRow,
} from './queries.ts';

/** What the page needs of the channel (res.locals.channel). */
export type PageChannel = { id: number; currency: string; currencyId: number; midMarketRate: string };

export const SIMILAR_LIMIT = 4;
export const POPULAR_LIMIT = 4;

export type ProductCard = { id: number; title: string; stockcode: string; image: string | null; priceCents: number };

export type ProductPage = {
  product: {
    id: number;
    title: string;
    stockcode: string;
    sku: string | null;
    brand: string | null;
    descriptionHtml: string;
    images: string[];
    /** Kilograms and centimetres, as stored (numeric strings), null when unknown. */
    weight: string | null;
    dimensions: [string, string, string] | null;
    availability: Availability;
    nonStockLabel: string | null;
  };
  currency: string;
  /** Unit price in the channel currency, before options. */
  priceCents: number;
  /** Root first; the last entry is the product's most specific category. */
  breadcrumb: { id: number; slug: string; name: string }[];
  /** Stock as the add-to-cart rule reads it (see stockForRule). */
  stockOnHand: number;
  /** The latest resupply date known for the product (future or not; the rule decides). */
  resupplyDate: string | null;
  options: ConfigOption[];
  /** The default configuration's stock code and price, as the island first renders them. */
  initial: { stockCode: string; unitCents: number; state: AddToCartState };
  similar: ProductCard[];
  popular: ProductCard[];
  instructionals: { id: number; title: string }[];
  diagrams: { id: number; title: string }[];
};

/** Why: a channel_prices row wins; otherwise the USD base price is converted with the channel's rate (rounded once, to cents). */
export function channelPriceCents(channelPrice: string | null, basePrice: string, midMarketRate: string): number {
  return channelPrice !== null ? toCents(channelPrice) : convert(toCents(basePrice), midMarketRate);
}

/**
 * Why: the add-to-cart rule treats "nothing on hand" as out of stock. That is right for a
 * stocked product that sells from the shelf, but a product flagged coming soon or call for
 * availability has no shelf stock by nature, and its flag is the more useful reason to show;
 * a non-stock item (service, warranty, drop ship label) never has stock at all. So the count
 * only decides for physical, stocked, in-stock products; the others get at least 1 (or the
 * cart maximum for non-stock items) and their availability flag speaks.
 */
export function stockForRule(p: { availability: Availability; isPhysical: boolean; isNonStock: boolean }, onHand: number): number {
  if (p.isNonStock || !p.isPhysical) return CART_MAX;
  if (p.availability !== 'in_stock') return Math.max(onHand, 1);
  return onHand;
}

/** Root-to-leaf trail of the product's most specific category (deepest; then lowest sort, id). */
export function breadcrumbOf(own: number[], all: CategoryRow[]): { id: number; slug: string; name: string }[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  const trail = (id: number) => {
    const out: CategoryRow[] = [];
    const seen = new Set<number>();
    for (let c = byId.get(id); c && !seen.has(c.id); c = c.parentId === null ? undefined : byId.get(c.parentId)) {
      seen.add(c.id);
      out.unshift(c);
    }
    return out;
  };
  const trails = own.map(trail).filter((t) => t.length);
  trails.sort((a, b) => b.length - a.length || a[a.length - 1].sort - b[b.length - 1].sort || a[a.length - 1].id - b[b.length - 1].id);
  return (trails[0] ?? []).map(({ id, slug, name }) => ({ id, slug, name }));
}

function card(row: CardRow, channel: PageChannel): ProductCard {
  return { id: row.id, title: row.title, stockcode: row.stockcode, image: row.image, priceCents: channelPriceCents(row.channelPrice, row.price, channel.midMarketRate) };
}

/** The product page, or a 404 for an unknown or inactive product. */
export async function loadProductPage(db: DbOrTx, productId: number, channel: PageChannel, now: Date): Promise<ProductPage> {
  const row = await findActiveProduct(db, productId, channel.id);
  if (!row) throw notFound('That product does not exist or is no longer sold.');

  const [cats, stock, options, instructionalRows, diagramRows] = await Promise.all([
    categoriesOf(db, row.id),
    stockOf(db, row.id, channel.id),
    // The cart prices lines with the same options (one price authority: src/features/cart/pricing.ts).
    loadConfigOptions(db, row.id, channel),
    instructionalsFor(db, row.id),
    diagramsFor(db, row.id),
  ]);
  const breadcrumb = breadcrumbOf(cats.own, cats.all);
  const main = breadcrumb.length ? [breadcrumb[breadcrumb.length - 1].id] : cats.own;
  const similarRows = await similarProducts(db, row.id, main, channel.id, SIMILAR_LIMIT);
  const popularRows = await popularProducts(db, [row.id, ...similarRows.map((r) => r.id)], channel.id, POPULAR_LIMIT);

  const priceCents = channelPriceCents(row.channelPrice, row.price, channel.midMarketRate);
  const stockOnHand = stockForRule(row, stock.onHand);
  const resupplyDate = latestResupplyDate([...stock.resupplyDates, row.resupplyDate]);
  const config = configure(options);
  const unitCents = priceCents + config.optionsCents;

  const images = (row.images?.length ? row.images : row.primaryImage ? [row.primaryImage] : []).filter((s) => typeof s === 'string' && s);
  const dims = row.length !== null && row.width !== null && row.height !== null ? ([row.length, row.width, row.height] as [string, string, string]) : null;

  return {
    product: {
      id: row.id,
      title: row.title,
      stockcode: row.stockcode,
      sku: row.sku,
      brand: row.brand,
      descriptionHtml: row.description,
      images,
      weight: row.weight,
      dimensions: dims,
      availability: row.availability,
      nonStockLabel: row.nonStockLabel,
    },
    currency: channel.currency,
    priceCents,
    breadcrumb,
    stockOnHand,
    resupplyDate,
    options,
    initial: {
      stockCode: configuredStockCode(row.stockcode, options, config),
      unitCents,
      state: addToCartState({ priceCents: unitCents, availability: row.availability, resupplyDate, stockOnHand, now }),
    },
    similar: similarRows.map((r) => card(r, channel)),
    popular: popularRows.map((r) => card(r, channel)),
    instructionals: instructionalRows,
    diagrams: diagramRows,
  };
}
