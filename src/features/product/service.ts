/**
 * The product page's data: one active product priced in the visitor's channel, its options,
 * what can be sold, where it sits in the catalogue, and what to show beside it. Never sees req.
 */
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../domain/errors.ts';
import { configure, configuredStockCode, type ConfigOption } from '../../domain/configurator.ts';
import type { AddToCartState, Availability } from '../../domain/availability.ts';
import { coreChargeCents } from '../../domain/cores.ts';
import { backorderShipDays, utcDay } from '../../db/queries/back-order.ts';
import { channelPriceCents, productState, stockView, type PricingChannel } from '../../domain/pricing.ts';
import { loadConfigOptions } from '../cart/index.ts';
import { safeStaffHtml } from '../translations/index.ts';
import {
  categoriesOf,
  diagramsFor,
  findActiveProduct,
  instructionalsFor,
  popularProducts,
  similarProducts,
  type CardRow,
  type CategoryRow,
} from './queries.ts';

/** What the page needs of the channel (res.locals.channel). */
export type PageChannel = PricingChannel;

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
  /** The core deposit per unit in the channel currency (0: the product has no core). */
  coreCents: number;
  /** Root first; the last entry is the product's most specific category. */
  breadcrumb: { id: number; slug: string; name: string }[];
  /** Free stock in the channel's active warehouses (0 when the product does not track stock). */
  stockOnHand: number;
  /** False for products whose stock never decides (services, made to order, drop ship). */
  tracksStock: boolean;
  /** The latest resupply date known for the product (future or not; the rule decides). */
  resupplyDate: string | null;
  /** Out of stock it may be back-ordered; `shipOn` the day it is expected to ship (null: unknown). */
  backorder: { allowed: boolean; shipOn: string | null; today: string };
  options: ConfigOption[];
  /** The default configuration's stock code and price, as the island first renders them. */
  initial: { stockCode: string; unitCents: number; state: AddToCartState };
  similar: ProductCard[];
  popular: ProductCard[];
  instructionals: { id: number; title: string }[];
  diagrams: { id: number; title: string }[];
};

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
  trails.sort(
    (a, b) =>
      b.length - a.length || a[a.length - 1].sort - b[b.length - 1].sort || a[a.length - 1].id - b[b.length - 1].id,
  );
  return (trails[0] ?? []).map(({ id, slug, name }) => ({ id, slug, name }));
}

function card(row: CardRow, channel: PageChannel): ProductCard {
  return {
    id: row.id,
    title: row.title,
    stockcode: row.stockcode,
    image: row.image,
    priceCents: channelPriceCents(row, channel),
  };
}

/** The most popular products as cards priced in the channel (the landing page's featured row). */
export async function featuredProducts(db: DbOrTx, channel: PricingChannel, limit: number): Promise<ProductCard[]> {
  return (await popularProducts(db, [], channel.id, limit)).map((r) => card(r, channel));
}

/** The product page, or a 404 for an unknown or inactive product. */
export async function loadProductPage(
  db: DbOrTx,
  productId: number,
  channel: PageChannel,
  now: Date,
): Promise<ProductPage> {
  const row = await findActiveProduct(db, productId, channel);
  if (!row) throw notFound('That product does not exist or is no longer sold.');

  const [cats, options, instructionalRows, diagramRows, shipDays] = await Promise.all([
    categoriesOf(db, row.id),
    // The cart prices lines with the same options (one price authority: src/features/cart/pricing.ts).
    loadConfigOptions(db, row.id, channel),
    instructionalsFor(db, row.id),
    diagramsFor(db, row.id),
    row.allowBackorder ? backorderShipDays(db, [row.id], now) : new Map<number, string | null>(),
  ]);
  const breadcrumb = breadcrumbOf(cats.own, cats.all);
  const main = breadcrumb.length ? [breadcrumb[breadcrumb.length - 1].id] : cats.own;
  const similarRows = await similarProducts(db, row.id, main, channel.id, SIMILAR_LIMIT);
  const popularRows = await popularProducts(db, [row.id, ...similarRows.map((r) => r.id)], channel.id, POPULAR_LIMIT);

  const priceCents = channelPriceCents(row, channel);
  const stock = stockView(row);
  const config = configure(options);
  const unitCents = priceCents + config.optionsCents;

  const images = (row.images?.length ? row.images : row.primaryImage ? [row.primaryImage] : []).filter(
    (s) => typeof s === 'string' && s,
  );
  const dims =
    row.length !== null && row.width !== null && row.height !== null
      ? ([row.length, row.width, row.height] as [string, string, string])
      : null;

  return {
    product: {
      id: row.id,
      title: row.title,
      stockcode: row.stockcode,
      sku: row.sku,
      brand: row.brand,
      // Staff-written HTML shown to everyone (printed raw by product/show.ejs, sent to scripts as
      // `description`): sanitised here, once per cached page (the catalog read model keeps the result).
      descriptionHtml: safeStaffHtml(row.description ?? ''),
      images,
      weight: row.weight,
      dimensions: dims,
      availability: row.availability,
      nonStockLabel: row.nonStockLabel,
    },
    currency: channel.currency,
    priceCents,
    coreCents: coreChargeCents(row, channel),
    breadcrumb,
    stockOnHand: stock.stockOnHand,
    tracksStock: stock.tracksStock,
    resupplyDate: stock.resupplyDate,
    backorder: { allowed: row.allowBackorder, shipOn: shipDays.get(row.id) ?? null, today: utcDay(now) },
    options,
    initial: {
      stockCode: configuredStockCode(row.stockcode, options, config),
      unitCents,
      state: productState(row, unitCents, now),
    },
    similar: similarRows.map((r) => card(r, channel)),
    popular: popularRows.map((r) => card(r, channel)),
    instructionals: instructionalRows,
    diagrams: diagramRows,
  };
}
