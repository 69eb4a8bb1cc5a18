/**
 * Shipping rates: the provider factory. Without a carrier URL the built-in table provider prices
 * from `shipping_rates`; with CARRIER_API_URL and CARRIER_API_KEY (passed in by the caller from
 * the parsed config — nothing here reads the environment) the carrier's API is used.
 */
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpCarrierRateProvider } from './http-carrier.ts';
import { TableRateProvider, type ShippingRateRow } from './table.ts';
import type { RateProvider } from './types.ts';

export type RateProviderOptions = {
  /** CARRIER_API_URL: base URL of the carrier's rating API. */
  carrierApiUrl?: string;
  /** CARRIER_API_KEY: sent in the X-API-Key header. */
  carrierApiKey?: string;
  carrierTimeoutMs?: number;
  clock?: () => Date;
  /** The table provider's rates per warehouse from the read model. */
  ratesOf?: (warehouseId: number) => Promise<ShippingRateRow[]>;
};

export function createRateProvider(db: DbOrTx, opts: RateProviderOptions = {}): RateProvider {
  if (opts.carrierApiUrl) {
    if (!opts.carrierApiKey) throw new Error('CARRIER_API_KEY is required when CARRIER_API_URL is set');
    return new HttpCarrierRateProvider({
      baseUrl: opts.carrierApiUrl,
      apiKey: opts.carrierApiKey,
      timeoutMs: opts.carrierTimeoutMs,
      clock: opts.clock,
    });
  }
  return new TableRateProvider(db, opts.clock, opts.ratesOf);
}

/** The carrier settings of a Config (CARRIER_API_URL + CARRIER_API_KEY), when both are set. */
export function carrierOptionsFromConfig(config: Pick<Config, 'providers'>): RateProviderOptions {
  const carrier = config.providers.carrier;
  return carrier ? { carrierApiUrl: carrier.url, carrierApiKey: carrier.apiKey } : {};
}

export * from './types.ts';
export * from './errors.ts';
export { TableRateProvider, warehouseRates, type ShippingRateRow } from './table.ts';
export { HttpCarrierRateProvider } from './http-carrier.ts';
