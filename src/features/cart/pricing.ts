/**
 * THE price and availability authority (queries side): the one place that loads what the rules
 * in src/domain/pricing.ts need, and priceLine, which prices one cart line from the database.
 * The product page, catalog cards, typeahead, cart, checkout, shipping estimate and seed all
 * price through here; a price never comes from a request.
 *
 *   pricingColumns(ch)  the product's price facts (channel price row, base price, its currency's
 *                       rate) and stock facts (its inventory rows as src/db/queries/channel-stock.ts
 *                       reads them; src/domain/channel-stock.ts decides which count)
 *   joinChannelPrice    the left join those columns need
 *   priceSortKey(ch)    the same price as SQL, only to ORDER a listing (tested to agree)
 *                       (these three SQL helpers live in price-columns.ts)
 *   priceLine           one line: base + options (src/domain/configurator.ts), clamped quantity,
 *                       add-to-cart state; refuses what may not be ordered
 *
 * Orderability follows src/domain/availability.ts (addToCartState) through domain productState;
 * an inactive product (status ≠ 0) is refused as well.
 */
import { asc, Column, eq, inArray, is, sql, type SQL } from 'drizzle-orm';
import { decodeFields, decodeRow } from '../../db/json-rows.ts';
import type { DbOrTx } from '../../db/client.ts';
import { channelPrices, optionChoices, productOptions, products } from '../../db/schema/index.ts';
import { PRODUCT_STATUS } from '../../db/schema/constants.ts';
import type { AddToCartState, Availability } from '../../domain/availability.ts';
import {
  configure,
  configuredStockCode,
  type ActiveSelection,
  type ConfigOption,
  type RequestedSelection,
} from '../../domain/configurator.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import {
  channelPriceCents,
  optionPriceCents,
  productState,
  stockView,
  type PriceFacts,
  type PricingChannel,
  type StockFacts,
} from '../../domain/pricing.ts';
import { CART_MAX, CART_MIN, QUANTITY_OPTION_TYPE } from '../../domain/quantity.ts';
import { joinChannelPrice, pricingColumns } from './price-columns.ts';

export type { PricingChannel };

/** A selection as a client may send it: the option may be left out (the choice names it). */
export type SelectionInput = { optionId?: number; choiceId: number; quantity?: number };

export type PriceLineInput = { productId: number; quantity: number; selections?: readonly SelectionInput[] };

export type LineOptionName = {
  optionId: number;
  choiceId: number;
  optionName: string;
  choiceName: string;
  optionType: number;
  quantity: number;
};

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

type ProductRow = PriceFacts &
  StockFacts & {
    id: number;
    title: string;
    stockcode: string;
    status: number;
    primaryImage: string | null;
    coreCharge: string | null;
    channelCoreCharge: string | null;
  };

const productColumns = (channel: PricingChannel) => ({
  id: products.id,
  title: products.title,
  stockcode: products.stockcode,
  status: products.status,
  primaryImage: products.primaryImage,
  coreCharge: products.coreCharge,
  channelCoreCharge: channelPrices.coreCharge,
  ...pricingColumns(channel),
});

async function loadProduct(db: DbOrTx, productId: number, channel: PricingChannel): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns(channel))
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(channel))
    .where(eq(products.id, productId))
    .limit(1);
  return row as ProductRow | undefined;
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
    .where(
      inArray(
        optionChoices.optionId,
        opts.map((o) => o.id),
      ),
    )
    .orderBy(asc(optionChoices.sort), asc(optionChoices.id));
  return { opts, choices };
}

/**
 * The product's options as the configurator (and the product page island) takes them, with
 * every choice price converted to the channel currency, in cents.
 */
export async function loadConfigOptions(
  db: DbOrTx,
  productId: number,
  channel: PricingChannel,
): Promise<ConfigOption[]> {
  const { opts, choices } = await loadOptionRows(db, productId);
  return toConfigOptions(opts, choices, channel);
}

type OptionRow = typeof productOptions.$inferSelect;
type ChoiceRow = typeof optionChoices.$inferSelect;

/** Option and choice rows (each in sort, id order) → the configurator's options, choice prices in the channel currency. */
export function toConfigOptions(
  opts: readonly OptionRow[],
  choices: readonly ChoiceRow[],
  channel: PricingChannel,
): ConfigOption[] {
  return opts.map((o) => ({
    id: o.id,
    name: o.name,
    optionType: o.optionType,
    parentChoiceId: o.parentChoiceId,
    stockCodePosition: o.stockCodePosition,
    sort: o.sort,
    choices: choices
      .filter((c) => c.optionId === o.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        stockCodeValue: c.stockCodeValue,
        priceCents: optionPriceCents(c.price, channel),
        isDefault: c.isDefault,
      })),
  }));
}

/** Client selections → the configurator's, checked against the product's own choices. */
function normaliseSelections(options: readonly ConfigOption[], input: readonly SelectionInput[]): RequestedSelection[] {
  const optionOfChoice = new Map<number, ConfigOption>();
  for (const o of options) for (const c of o.choices) optionOfChoice.set(c.id, o);
  const out: RequestedSelection[] = [];
  for (const s of input) {
    const option = optionOfChoice.get(s.choiceId);
    if (!option || (s.optionId !== undefined && s.optionId !== option.id)) {
      throw invalid(
        PRICING_MESSAGES.unknown_choice,
        { [`options[${s.optionId ?? ''}]`]: PRICING_MESSAGES.unknown_choice },
        'unknown_choice',
      );
    }
    // A choice named without a quantity is one of it (quantity options default to 1, not 0).
    const quantity = s.quantity ?? 1;
    out.push({
      optionId: option.id,
      choiceId: s.choiceId,
      quantity: option.optionType === QUANTITY_OPTION_TYPE ? quantity : Math.min(quantity, 1) || 1,
    });
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
export async function priceLine(
  db: DbOrTx,
  channel: PricingChannel,
  input: PriceLineInput,
  opts: PriceLineOptions = {},
): Promise<PricedLine> {
  const product = await loadProduct(db, input.productId, channel);
  if (!product) throw unknownProduct();
  return priceFromFacts(product, await loadConfigOptions(db, product.id, channel), channel, input, opts);
}

const unknownProduct = () =>
  new AppError(404, 'unknown_product', PRICING_MESSAGES.unknown_product, {
    product_id: PRICING_MESSAGES.unknown_product,
  });

/**
 * What priceLine needs of a product, as ONE json column for a statement that reads more (the
 * cart's one read before a write): the product's pricing columns, its options and their choices.
 * `pricingFactsFrom` decodes it; priceFromFacts then prices exactly as priceLine does.
 */
export function pricingFactsJson(channel: PricingChannel, productId: number): SQL {
  const columns = productColumns(channel);
  const fields = sql.join(
    Object.entries(columns).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  return sql`(select json_build_object('product', (select json_build_object(${fields}) from ${products} left join ${channelPrices} on ${joinChannelPrice(channel)} where ${products.id} = ${productId}::int),
    'options', (select coalesce(json_agg(to_json(o) order by o.sort, o.id), '[]') from ${productOptions} o where o.product_id = ${productId}::int),
    'choices', (select coalesce(json_agg(to_json(c) order by c.sort, c.id), '[]') from ${optionChoices} c join ${productOptions} o on o.id = c.option_id where o.product_id = ${productId}::int)))`;
}

export type PricingFacts = { product: ProductRow | undefined; options: ConfigOption[] };

export function pricingFactsFrom(
  json: {
    product: Record<string, unknown> | null;
    options: Record<string, unknown>[];
    choices: Record<string, unknown>[];
  },
  channel: PricingChannel,
): PricingFacts {
  let product: ProductRow | undefined;
  if (json.product) {
    const columns = productColumns(channel);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(columns)) {
      out[key] = is(value, Column) ? decodeFields({ [key]: value }, json.product)[key] : (json.product[key] ?? null);
    }
    product = out as ProductRow;
  }
  return {
    product,
    options: toConfigOptions(
      json.options.map((o) => decodeRow(productOptions, o)),
      json.choices.map((c) => decodeRow(optionChoices, c)),
      channel,
    ),
  };
}

/** priceLine on facts already read (pricingFactsFrom). */
export function priceFromFacts(
  product: ProductRow | undefined,
  options: ConfigOption[],
  channel: PricingChannel,
  input: PriceLineInput,
  opts: PriceLineOptions = {},
): PricedLine {
  const { enforce = true, now = new Date() } = opts;
  if (!product) throw unknownProduct();
  const config = configure(options, normaliseSelections(options, input.selections ?? []));
  const unitCents = channelPriceCents(product, channel) + config.optionsCents;
  const stock = stockView(product);
  const state = productState(product, unitCents, now);

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
    return {
      optionId: s.optionId,
      choiceId: s.choiceId,
      optionName: o.name,
      choiceName: o.choices.find((c) => c.id === s.choiceId)!.name,
      optionType: s.optionType,
      quantity: s.quantity,
    };
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
    availability: {
      status: product.availability,
      stockOnHand: stock.tracksStock ? stock.stockOnHand : null,
      resupplyDate: state.resupplyDate,
      state,
    },
  };
}

/**
 * The pricing facts of every product whose stock code is one of `keys` (lower-cased), options and
 * choices included, in ONE statement: what quick order prices hundreds of pasted lines
 * from. Keyed by the lower-cased stock code; priceFromFacts then prices each exactly as priceLine does.
 */
export async function pricingFactsByStockcode(
  db: DbOrTx,
  channel: PricingChannel,
  keys: readonly string[],
): Promise<Map<string, PricingFacts & { product: ProductRow }>> {
  const out = new Map<string, PricingFacts & { product: ProductRow }>();
  if (!keys.length) return out;
  const rows = await db
    .select({
      ...productColumns(channel),
      options: sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(to_json(o) order by o.sort, o.id), '[]') from ${productOptions} o where o.product_id = ${products.id})`,
      choices: sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(to_json(c) order by c.sort, c.id), '[]') from ${optionChoices} c join ${productOptions} o on o.id = c.option_id where o.product_id = ${products.id})`,
    })
    .from(products)
    .leftJoin(channelPrices, joinChannelPrice(channel))
    .where(sql`lower(${products.stockcode}) = any(${sql.param([...keys])}::text[])`);
  for (const { options, choices, ...product } of rows) {
    out.set(product.stockcode.toLowerCase(), {
      product: product as ProductRow,
      options: toConfigOptions(
        options.map((o) => decodeRow(productOptions, o)),
        choices.map((c) => decodeRow(optionChoices, c)),
        channel,
      ),
    });
  }
  return out;
}
