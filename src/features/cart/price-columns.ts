/**
 * The price facts as SQL columns, for selects over products: the cart's pricing reads them, and
 * listings show or sort by them (the same rules as src/domain/pricing.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { channelPrices, channels, currencies, products } from '../../db/schema/index.ts';
import { channelStockColumn } from '../../db/queries/channel-stock.ts';
import { BASE_CURRENCY } from '../../domain/money.ts';
import type { PricingChannel } from '../../domain/pricing.ts';

/** Units of the product's currency per USD: the rate of a channel selling in it (USD is 1 by definition). */
const currencyRate = sql<string | null>`coalesce(
  (select min(${channels.midMarketRate}) from ${channels} where ${channels.currencyId} = ${products.currencyId}),
  (select 1 from ${currencies} where ${currencies.id} = ${products.currencyId} and ${currencies.code} = ${BASE_CURRENCY}))::text`;

/** The left join pricingColumns needs: `.leftJoin(channelPrices, joinChannelPrice(ch))`. */
export function joinChannelPrice(ch: Pick<PricingChannel, 'id'>): SQL | undefined {
  return and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, ch.id));
}

/** Price facts only (no stock subqueries): for lists that show a price but no availability. */
export const priceFactColumns = {
  channelPrice: channelPrices.price,
  basePrice: products.price,
  currencyId: products.currencyId,
  currencyRate,
};

/** Every column the price and availability rules read (PriceFacts & StockFacts), for a select over products. */
export function pricingColumns(ch: Pick<PricingChannel, 'id'>) {
  return {
    ...priceFactColumns,
    availability: products.availability,
    resupplyDate: products.resupplyDate,
    isPhysical: products.isPhysical,
    isNonStock: products.isNonStock,
    inventoryType: products.inventoryType,
    allowBackorder: products.allowBackorder,
    stock: channelStockColumn(ch.id),
  };
}

/**
 * The channel price as SQL, only to sort a listing before paging: the same rule as domain
 * channelPriceCents (test/features/pricing-authority.test.ts checks the orders agree).
 */
export function priceSortKey(ch: Pick<PricingChannel, 'currencyId' | 'midMarketRate'>): SQL {
  return sql`coalesce(${channelPrices.price}, case when ${products.currencyId} = ${ch.currencyId} then ${products.price}
    else round(${products.price} * ${ch.midMarketRate}::numeric / nullif(${currencyRate}::numeric, 0), 2) end, 0)`;
}
