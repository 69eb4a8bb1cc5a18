/**
 * The rate-provider interface: a warehouse, a destination and parcels in, carrier quotes out.
 * Two implementations: TableRateProvider (the `shipping_rates` table, offline, the default) and
 * HttpCarrierRateProvider (a carrier's REST rating API, chosen when CARRIER_API_URL is set).
 */

/** Where a shipment leaves from. */
export type RateOrigin = {
  id: number;
  code: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  postalCode: string;
  regionCode?: string;
  /** IANA zone of the warehouse: ship dates and cut-off are counted there. */
  timeZone: string;
};

export type { Parcel, RateDestination } from '../../domain/shipping.ts';
import type { Parcel, RateDestination } from '../../domain/shipping.ts';

export type RateRequest = {
  warehouse: RateOrigin;
  destination: RateDestination;
  parcels: Parcel[];
  /** The moment the estimate is asked for (dates are counted from it); defaults to the provider's clock. */
  now?: Date;
};

/** An amount with its currency: `value` is a 2-decimal string ('12.30'). */
export type Amount = { value: string; currency: string };

/** Spec §3 "Shipment quote". Dates are calendar dates, 'YYYY-MM-DD'. */
export type RateQuote = {
  /** Stable id of the priced service: 'rate:17' for a table row, the carrier's code otherwise. */
  method: string;
  carrier: string;
  /** The service's name, as shown to the buyer ('UPS Ground'). */
  description: string;
  /** 'ground', 'express', 'freight' (or the carrier's own word). */
  service_type: string;
  /** Carrier and service as one code ('UPS_GROUND'), what an order stores as its shipment method. */
  shipment_method: string;
  total: Amount;
  shipment_date: string;
  /** The latest expected delivery date (shipment_date + max_days business days). */
  delivery_date: string;
  min_days: number;
  max_days: number;
  residential: boolean;
  tax_duty_fees: Amount;
};

export interface RateProvider {
  readonly kind: 'table' | 'carrier';
  quote(request: RateRequest): Promise<RateQuote[]>;
}
