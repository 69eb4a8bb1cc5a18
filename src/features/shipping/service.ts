/**
 * Shipping estimate: which warehouses can send the items (they serve the visitor's channel and
 * have the stock: checkout's rule, domain/checkout.ts shippability, splits allowed), what each carrier service costs from there to a postal code, in the channel's
 * currency. Never sees req; prices come from the rate provider and products from the database.
 */
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../domain/errors.ts';
import { BASE_CURRENCY, convert, convertBetween, fromCents, toCents } from '../../domain/money.ts';
import { PRODUCT_STATUS } from '../../db/schema/constants.ts';
import { CarrierUnavailableError } from '../../providers/shipping/errors.ts';
import { billableWeightKg, compareQuotes, normalizePostalCode, zoneFor, type Zone } from '../../domain/shipping.ts';
import { TableRateProvider } from '../../providers/shipping/table.ts';
import type { Amount, Parcel, RateProvider, RateQuote } from '../../providers/shipping/types.ts';
import { cartItems, findProduct, type ShippableProduct } from './queries.ts';
import { channelWarehouseList, inventoryRows } from '../../db/queries/channel-stock.ts';
import { freeStockMap } from '../../domain/channel-stock.ts';
import { shippability } from '../../domain/checkout.ts';

export type EstimateChannel = { id: number; code: string; currency: string; midMarketRate: string };

export type EstimateInput = {
  channel: EstimateChannel;
  productId?: number;
  quantity?: number;
  cartOrderId?: number;
  country: string;
  postalCode: string;
  residential: boolean;
};

export type EstimateOptions = {
  provider?: RateProvider;
  now?: Date;
  /** Units per USD of currencies other than USD and the channel's, for carriers quoting in them. */
  currencyRates?: Record<string, string>;
};

export type WarehouseEstimate = {
  warehouseId: number;
  code: string;
  name: string;
  city: string;
  zone: Zone;
  /** Sorted by price, cheapest first; money in the channel currency. */
  rates: RateQuote[];
};

export type EstimateResult = {
  country: string;
  postalCode: string;
  residential: boolean;
  currency: string;
  items: { productId: number; title: string; quantity: number }[];
  billableWeightKg: number;
  warehouses: WarehouseEstimate[];
  /** No warehouse can send it all: each warehouse listed sends its part (checkout's split), not an alternative. */
  split?: boolean;
  /** Why there is nothing to quote, when there is not. */
  empty?: 'empty_cart' | 'not_shippable' | 'no_stock' | 'no_rates';
  provider: RateProvider['kind'];
};

export async function estimate(db: DbOrTx, input: EstimateInput, opts: EstimateOptions = {}): Promise<EstimateResult> {
  const provider = opts.provider ?? new TableRateProvider(db);
  const country = input.country.trim().toUpperCase();
  const postalCode = normalizePostalCode(country, input.postalCode);

  const lines = await estimateLines(db, input);
  const base = {
    country,
    postalCode,
    residential: input.residential,
    currency: input.channel.currency,
    items: lines.map((l) => ({ productId: l.product.id, title: l.product.title, quantity: l.quantity })),
    provider: provider.kind,
  };
  if (lines.length === 0) return { ...base, billableWeightKg: 0, warehouses: [], empty: 'empty_cart' };

  const physical = lines.filter((l) => l.product.isPhysical && l.quantity > 0);
  const parcels: Parcel[] = physical.map(({ product: p, quantity }) => ({
    weightKg: p.weightKg,
    lengthCm: p.lengthCm,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    quantity,
  }));
  const weight = billableWeightKg(parcels);
  if (weight <= 0) return { ...base, billableWeightKg: 0, warehouses: [], empty: 'not_shippable' };

  // What can ship and from where: the rule checkout uses (domain/checkout.ts shippability, splits allowed).
  const found = await shippingGroups(db, input.channel.id, physical, parcels);
  if (!found) return { ...base, billableWeightKg: weight, warehouses: [], empty: 'no_stock' };
  const { split, eligible } = found;

  const destination = { country, postalCode, residential: input.residential };
  const now = opts.now ?? new Date();
  const results = await Promise.all(
    eligible.map((w) => quoteFrom(provider, w, destination, now, input.channel, opts.currencyRates)),
  );
  const warehouses = results.filter((r) => r.rates.length > 0);
  // A split needs a rate from each of its warehouses.
  const quoted = split ? (warehouses.length === results.length ? warehouses : []) : warehouses;
  return {
    ...base,
    billableWeightKg: weight,
    warehouses: quoted,
    ...(split && quoted.length ? { split: true } : {}),
    ...(quoted.length ? {} : { empty: 'no_rates' as const }),
  };
}

type Line = { product: ShippableProduct; quantity: number };
type Destination = { country: string; postalCode: string; residential: boolean };
type Serving = Awaited<ReturnType<typeof channelWarehouseList>>[number];

/** What to estimate: the one product asked about, or the cart's items. */
async function estimateLines(db: DbOrTx, input: EstimateInput): Promise<Line[]> {
  if (input.productId !== undefined) {
    const product = await findProduct(db, input.productId);
    if (!product || product.status === PRODUCT_STATUS.draft) throw notFound('That product does not exist.');
    return [{ product, quantity: input.quantity ?? 1 }];
  }
  return input.cartOrderId ? await cartItems(db, input.cartOrderId) : [];
}

/**
 * Which warehouses quote, each with the parcels it sends; null when the stock is not there.
 * Every warehouse that could send it all is an alternative; when none can, the warehouses of the
 * split each send their part.
 */
async function shippingGroups(
  db: DbOrTx,
  channelId: number,
  physical: Line[],
  parcels: Parcel[],
): Promise<{ split: boolean; eligible: (Serving & { parcels: Parcel[] })[] } | null> {
  const stockLines = physical.map((l, i) => ({
    lineId: i,
    productId: l.product.id,
    quantity: l.quantity,
    needsStock: l.product.needsStock,
  }));
  const serving = await channelWarehouseList(db, channelId);
  const stocked = [...new Set(stockLines.filter((l) => l.needsStock).map((l) => l.productId))];
  const can = shippability(
    stockLines,
    serving.map((w) => w.id),
    freeStockMap(
      await inventoryRows(
        db,
        serving.map((w) => w.id),
        stocked,
      ),
    ),
  );
  if (!can.ships) return null;
  const split = can.whole.length === 0;
  const groups = split
    ? can.allocation.warehouses.map((w) => ({
        id: w.warehouseId,
        parcels: w.items.map((i) => ({ ...parcels[i.lineId], quantity: i.quantity })),
      }))
    : can.whole.map((id) => ({ id, parcels }));
  const eligible = groups.map((g) => ({ ...serving.find((w) => w.id === g.id)!, parcels: g.parcels }));
  return { split, eligible };
}

/** One warehouse's rates to the destination, in the channel's currency, cheapest first. */
async function quoteFrom(
  provider: RateProvider,
  w: Serving & { parcels: Parcel[] },
  destination: Destination,
  now: Date,
  channel: EstimateChannel,
  currencyRates: Record<string, string> | undefined,
): Promise<WarehouseEstimate> {
  const origin = {
    id: w.id,
    code: w.code,
    countryCode: w.countryCode,
    postalCode: w.postalCode,
    regionCode: w.regionCode,
    timeZone: w.timeZone,
  };
  const quotes = await provider.quote({ warehouse: origin, destination, parcels: w.parcels, now });
  const rates = quotes
    .map((q) => ({
      ...q,
      total: toChannel(q.total, channel, currencyRates),
      tax_duty_fees: toChannel(q.tax_duty_fees, channel, currencyRates),
    }))
    .sort(compareQuotes);
  return { warehouseId: w.id, code: w.code, name: w.name, city: w.city, zone: zoneFor(origin, destination), rates };
}

/**
 * Why: quotes arrive in the provider's currency (the rate table is in USD); the buyer sees the
 * channel's. USD converts with the channel's mid_market_rate (units per USD), rounded to the
 * cent once; another currency goes through USD with its own rate.
 */
export function toChannel(
  a: Amount,
  channel: Pick<EstimateChannel, 'currency' | 'midMarketRate'>,
  rates: Record<string, string> = {},
): Amount {
  const from = a.currency.toUpperCase();
  const cents = toCents(a.value);
  if (from === channel.currency) return { value: fromCents(cents), currency: channel.currency };
  if (from === BASE_CURRENCY)
    return { value: fromCents(convert(cents, channel.midMarketRate)), currency: channel.currency };
  const fromRate = rates[from];
  if (!fromRate || !(Number(fromRate) > 0))
    throw new CarrierUnavailableError(`The carrier quoted in ${from}, a currency we do not convert.`);
  return { value: fromCents(convertBetween(cents, fromRate, channel.midMarketRate)), currency: channel.currency };
}
