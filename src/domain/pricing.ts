/**
 * THE price and stock rules (pure). What a product costs in a channel, what its option choices
 * cost, whether its stock on hand speaks, and its add-to-cart state. The one query that loads
 * what these rules need is src/features/cart/pricing.ts; the product page, catalog cards,
 * typeahead, cart, checkout, shipping estimate and the demo seed all come through here.
 *
 *   price     = the product's channel_prices row for the channel (already in the channel currency);
 *               else products.price in the product's own currency: unchanged when that is the
 *               channel's currency, otherwise converted through USD (price × channel rate /
 *               the product currency's rate; rates are units per USD), rounded to the cent once
 *   options   = each choice's price (stored in USD) × the channel's rate, rounded once
 *   stock     = counted only for products that track it; which warehouses count and what is free
 *               in them is src/domain/channel-stock.ts (the one stock rule)
 *   state     = src/domain/availability.ts addToCartState, with the product's and its
 *               warehouses' resupply dates merged (the latest wins)
 */
import { addToCartState, latestResupplyDate, type AddToCartState, type Availability } from './availability.ts';
import { channelStock, tracksStock, type ChannelStockFacts } from './channel-stock.ts';
import { convert, convertBetween, toCents } from './money.ts';

/** What pricing needs of a channel (src/features/channels/queries.ts ChannelInfo fits). */
export type PricingChannel = { id: number; currency: string; currencyId: number; midMarketRate: string };

/** A product's price columns as the pricing query loads them. */
export type PriceFacts = {
  /** channel_prices.price for the channel, null when the product has no row there. */
  channelPrice: string | null;
  /** products.price, in the product's own currency. */
  basePrice: string;
  /** products.currency_id. */
  currencyId: number;
  /** Units of the product's currency per USD (from a channel selling in it); null when no channel does. */
  currencyRate: string | null;
};

/** A product's stock columns as the pricing query loads them. */
export type StockFacts = {
  availability: Availability;
  resupplyDate: string | null;
  isPhysical: boolean;
  isNonStock: boolean;
  /** 'stocked', 'made_to_order' or 'drop_ship'. */
  inventoryType: string;
  /** Out of stock, it may be ordered on back order (src/domain/back-order.ts). */
  allowBackorder?: boolean;
  /** The product's inventory rows with their warehouses' facts for the channel (src/domain/channel-stock.ts decides). */
  stock: ChannelStockFacts;
};

/**
 * Why: a product priced in another currency than the channel's has no meaningful price there
 * without a rate for its currency; 0 then means "no price" (add-to-cart refuses with 'price').
 */
export function channelPriceCents(p: PriceFacts, ch: Pick<PricingChannel, 'currencyId' | 'midMarketRate'>): number {
  if (p.channelPrice !== null && p.channelPrice !== undefined) return toCents(p.channelPrice);
  const base = toCents(p.basePrice);
  if (p.currencyId === ch.currencyId) return base;
  if (p.currencyRate === null) return 0;
  return convertBetween(base, p.currencyRate, ch.midMarketRate);
}

/** An option choice's price (stored in USD) in the channel currency, in cents. */
export function optionPriceCents(usd: string, ch: Pick<PricingChannel, 'midMarketRate'>): number {
  return usdToChannelCents(toCents(usd), ch);
}

/** Why: an amount set in USD (an option's price, a promotion's value) is worth its USD cents × the channel's rate, rounded once. */
export function usdToChannelCents(usdCents: number, ch: Pick<PricingChannel, 'midMarketRate'>): number {
  return convert(usdCents, ch.midMarketRate);
}

/** The product's availability facts as the add-to-cart rule (and the product island) reads them. */
export function stockView(p: StockFacts): {
  availability: Availability;
  tracksStock: boolean;
  stockOnHand: number;
  resupplyDate: string | null;
} {
  const inChannel = channelStock(p.stock);
  return {
    availability: p.availability,
    tracksStock: tracksStock(p),
    stockOnHand: tracksStock(p) ? inChannel.free : 0,
    resupplyDate: latestResupplyDate([p.resupplyDate, inChannel.resupplyDate]),
  };
}

/** Add-to-cart state of one unit priced at `priceCents` (options included). */
export function productState(p: StockFacts, priceCents: number, now: Date): AddToCartState {
  const v = stockView(p);
  return addToCartState({
    priceCents,
    availability: v.availability,
    resupplyDate: v.resupplyDate,
    stockOnHand: v.stockOnHand,
    tracksStock: v.tracksStock,
    allowBackorder: p.allowBackorder === true,
    now,
  });
}
