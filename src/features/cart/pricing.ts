/**
 * THE server price authority: what one unit of a product, configured with the asked-for option
 * choices, costs in a channel, and whether it may be ordered. The cart, the product page (island
 * props) and the channel switch all price through here, so a price never comes from a request.
 *
 *   base      = the product's channel_prices row for the channel (already in the channel currency);
 *               without one, products.price (USD) converted with the channel's mid_market_rate
 *   options   = Σ each active choice's price (USD) converted with the same rate, × its quantity
 *               for quantity options (type 1) — the same rule src/domain/configurator.ts applies
 *   unit      = base + options, integer cents; every conversion rounds once, to the cent
 *
 * Orderability follows src/domain/availability.ts (addToCartState): out of stock, then coming
 * soon, then call for availability, with a future resupply date lifting the first two; a computed
 * price of 0 or less and an inactive product (status ≠ 0) are refused as well.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channelPrices, channelWarehouses, currencies, inventory, optionChoices, productOptions, products } from '../../db/schema/index.ts';
import { PRODUCT_STATUS } from '../../db/schema/constants.ts';
import { addToCartState, latestResupplyDate, type AddToCartState, type Availability } from '../../domain/availability.ts';
import { configure, configuredStockCode, type ActiveSelection, type ConfigOption, type RequestedSelection } from '../../domain/configurator.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import { convert, toCents } from '../../domain/money.ts';
import { CART_MAX, CART_MIN, QUANTITY_OPTION_TYPE } from '../../domain/quantity.ts';

/** What pricing needs of a channel (src/features/channels/queries.ts ChannelInfo fits). */
export type PricingChannel = { id: number; currency: string; currencyId: number; midMarketRate: string };

/** A selection as a client may send it: the option may be left out (the choice names it). */
export type SelectionInput = { optionId?: number; choiceId: number; quantity?: number };

export type PriceLineInput = { productId: number; quantity: number; selections?: readonly SelectionInput[] };

export type LineOptionName = { optionId: number; choiceId: number; optionName: string; choiceName: string; optionType: number; quantity: number };

export type PricedLine = {
  productId: number;
  title: string;
  image: string | null;
  /** The product's own stock code. */
  baseStockcode: string;
  /** The configured stock code (base plus one segment per active choice). */
  stockcode: string;
  /** One unit, options included, in the channel currency, in cents. */
  unitCents: number;
  /** The quantity asked for, clamped to 1..999. */
  quantity: number;
  currency: string;
  currencyId: number;
  /** Every active choice (what line_item_options stores). */
  lineOptions: ActiveSelection[];
  /** The same with names, for display. */
  optionNames: LineOptionName[];
  availability: {
    status: Availability;
    /** Units on hand in the channel's warehouses; null for non-stock products (services). */
    stockOnHand: number | null;
    /** The resupply date to show (only when in the future). */
    resupplyDate: string | null;
    state: AddToCartState;
  };
};

/** Refusals carry a code per reason so routes can translate them. */
export const PRICING_MESSAGES = {
  inactive: 'This product is no longer available.',
  out_of_stock: 'This product is out of stock.',
  coming_soon: 'This product is coming soon and cannot be ordered yet.',
  call: 'Please call us for availability of this product.',
  price: "This product has no price in your country's store.",
  unknown_product: 'Product not found.',
  unknown_choice: 'This option choice does not belong to the product.',
} as const;

type ProductRow = {
  id: number;
  title: string;
  stockcode: string;
  status: number;
  availability: Availability;
  resupplyDate: string | null;
  price: string;
  currencyCode: string;
  primaryImage: string | null;
  isPhysical: boolean;
  isNonStock: boolean;
  channelPrice: string | null;
};

async function loadProduct(db: DbOrTx, productId: number, channelId: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      stockcode: products.stockcode,
      status: products.status,
      availability: products.availability,
      resupplyDate: products.resupplyDate,
      price: products.price,
      currencyCode: currencies.code,
      primaryImage: products.primaryImage,
      isPhysical: products.isPhysical,
      isNonStock: products.isNonStock,
      channelPrice: channelPrices.price,
    })
    .from(products)
    .innerJoin(currencies, eq(currencies.id, products.currencyId))
    .leftJoin(channelPrices, and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, channelId)))
    .where(eq(products.id, productId))
    .limit(1);
  return row as ProductRow | undefined;
}

/** Why: option prices are stored in USD; the channel shows its own currency (rate = channel units per USD). */
function toChannelCents(usd: string, channel: PricingChannel): number {
  const cents = toCents(usd);
  return channel.currency === 'USD' ? cents : convert(cents, channel.midMarketRate);
}

/** Base price of one unit in the channel currency, in cents. */
function baseCents(p: ProductRow, channel: PricingChannel): number {
  if (p.channelPrice !== null) return toCents(p.channelPrice);
  if (p.currencyCode === channel.currency) return toCents(p.price);
  return toChannelCents(p.price, channel);
}

async function loadOptionRows(db: DbOrTx, productId: number) {
  const opts = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.sort), asc(productOptions.id));
  if (!opts.length) return { opts, choices: [] };
  const choices = await db
    .select()
    .from(optionChoices)
    .where(inArray(optionChoices.optionId, opts.map((o) => o.id)))
    .orderBy(asc(optionChoices.sort), asc(optionChoices.id));
  return { opts, choices };
}

/**
 * The product's options as the configurator (and the product page island) takes them, with
 * every choice price converted to the channel currency, in cents.
 */
export async function loadConfigOptions(db: DbOrTx, productId: number, channel: PricingChannel): Promise<ConfigOption[]> {
  const { opts, choices } = await loadOptionRows(db, productId);
  return opts.map((o) => ({
    id: o.id,
    name: o.name,
    optionType: o.optionType,
    parentChoiceId: o.parentChoiceId,
    stockCodePosition: o.stockCodePosition,
    sort: o.sort,
    choices: choices
      .filter((c) => c.optionId === o.id)
      .map((c) => ({ id: c.id, name: c.name, stockCodeValue: c.stockCodeValue, priceCents: toChannelCents(c.price, channel), isDefault: c.isDefault })),
  }));
}

/**
 * Units on hand for the channel: Σ (quantity − reserved) over the channel's warehouses (every
 * warehouse when the channel names none), and the latest resupply date among them.
 * Non-stock products (services, warranties) are never out of stock.
 */
async function stockFor(db: DbOrTx, productId: number, channelId: number): Promise<{ onHand: number; resupply: string | null }> {
  const linked = await db.select({ id: channelWarehouses.warehouseId }).from(channelWarehouses).where(eq(channelWarehouses.channelId, channelId));
  const where = linked.length
    ? and(eq(inventory.productId, productId), inArray(inventory.warehouseId, linked.map((l) => l.id)))
    : eq(inventory.productId, productId);
  const [row] = await db
    .select({
      onHand: sql<number>`coalesce(sum(greatest(${inventory.quantity} - ${inventory.reserved}, 0)), 0)::int`,
      resupply: sql<string | null>`max(${inventory.resupplyDate})::text`,
    })
    .from(inventory)
    .where(where);
  return { onHand: Number(row?.onHand ?? 0), resupply: row?.resupply ?? null };
}

/** Client selections → the configurator's, checked against the product's own choices. */
function normaliseSelections(options: readonly ConfigOption[], input: readonly SelectionInput[]): RequestedSelection[] {
  const optionOfChoice = new Map<number, ConfigOption>();
  for (const o of options) for (const c of o.choices) optionOfChoice.set(c.id, o);
  const out: RequestedSelection[] = [];
  for (const s of input) {
    const option = optionOfChoice.get(s.choiceId);
    if (!option || (s.optionId !== undefined && s.optionId !== option.id)) {
      throw invalid(PRICING_MESSAGES.unknown_choice, { [`options[${s.optionId ?? ''}]`]: PRICING_MESSAGES.unknown_choice }, 'unknown_choice');
    }
    // A choice named without a quantity is one of it (quantity options default to 1, not 0).
    const quantity = s.quantity ?? 1;
    out.push({ optionId: option.id, choiceId: s.choiceId, quantity: option.optionType === QUANTITY_OPTION_TYPE ? quantity : Math.min(quantity, 1) || 1 });
  }
  return out;
}

export type PriceLineOptions = {
  /** Refuse what may not be ordered (default true). Re-pricing lines already in a cart passes false. */
  enforce?: boolean;
  now?: Date;
};

/**
 * Prices one cart line from the database. Throws 404 for an unknown product, 400 for a choice
 * that is not the product's, and (when enforcing) 409 for a product that may not be ordered.
 */
export async function priceLine(db: DbOrTx, channel: PricingChannel, input: PriceLineInput, opts: PriceLineOptions = {}): Promise<PricedLine> {
  const { enforce = true, now = new Date() } = opts;
  const product = await loadProduct(db, input.productId, channel.id);
  if (!product) throw new AppError(404, 'unknown_product', PRICING_MESSAGES.unknown_product, { product_id: PRICING_MESSAGES.unknown_product });

  const options = await loadConfigOptions(db, product.id, channel);
  const config = configure(options, normaliseSelections(options, input.selections ?? []));
  const unitCents = baseCents(product, channel) + config.optionsCents;

  const nonStock = product.isNonStock || !product.isPhysical;
  const stock = nonStock ? { onHand: Number.MAX_SAFE_INTEGER, resupply: null } : await stockFor(db, product.id, channel.id);
  const resupply = latestResupplyDate([product.resupplyDate, stock.resupply]);
  const state = addToCartState({ priceCents: unitCents, availability: product.availability, resupplyDate: resupply, stockOnHand: stock.onHand, now });

  if (enforce) {
    if (product.status !== PRODUCT_STATUS.active) throw new AppError(409, 'inactive', PRICING_MESSAGES.inactive);
    if (!state.enabled) {
      const reason = state.reason ?? 'price';
      throw new AppError(409, reason, PRICING_MESSAGES[reason]);
    }
  }

  const optionById = new Map(options.map((o) => [o.id, o]));
  const optionNames = config.selections.map((s) => {
    const o = optionById.get(s.optionId)!;
    return { optionId: s.optionId, choiceId: s.choiceId, optionName: o.name, choiceName: o.choices.find((c) => c.id === s.choiceId)!.name, optionType: s.optionType, quantity: s.quantity };
  });

  return {
    productId: product.id,
    title: product.title,
    image: product.primaryImage,
    baseStockcode: product.stockcode,
    stockcode: configuredStockCode(product.stockcode, options, config),
    unitCents,
    quantity: Math.min(CART_MAX, Math.max(CART_MIN, Math.trunc(input.quantity) || CART_MIN)),
    currency: channel.currency,
    currencyId: channel.currencyId,
    lineOptions: config.selections,
    optionNames,
    availability: { status: product.availability, stockOnHand: nonStock ? null : stock.onHand, resupplyDate: state.resupplyDate, state },
  };
}
