/**
 * The built-in rate provider: prices a shipment from the `shipping_rates` table (per warehouse:
 * carrier, service, zone, weight bracket, base price, per-kg price, transit days, residential
 * surcharge). Works offline and answers the same way every time for the same `now`. The rules it
 * applies (zones, billable weight, dates) are in src/domain/shipping.ts. Table prices are in USD.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shippingRates } from '../../db/schema/index.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import {
  billableWeightKg,
  compareQuotes,
  deliveryWindow,
  normalizePostalCode,
  priceCents,
  shipmentDate,
  shipmentMethodCode,
  zoneFor,
} from '../../domain/shipping.ts';
import type { RateProvider, RateQuote, RateRequest } from './types.ts';

export const TABLE_CURRENCY = 'USD';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

/** Every rate of a warehouse, in id order (what the read model keeps per warehouse). */
export function warehouseRates(db: DbOrTx, warehouseId: number): Promise<ShippingRateRow[]> {
  return db
    .select()
    .from(shippingRates)
    .where(eq(shippingRates.warehouseId, warehouseId))
    .orderBy(asc(shippingRates.id));
}

export class TableRateProvider implements RateProvider {
  readonly kind = 'table';
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: () => Date = () => new Date(),
    /** The warehouse's rates from the read model (src/db/read-model.ts); without it, one query per quote. */
    private readonly ratesOf?: (warehouseId: number) => Promise<ShippingRateRow[]>,
  ) {}

  async quote(req: RateRequest): Promise<RateQuote[]> {
    const postalCode = normalizePostalCode(req.destination.country, req.destination.postalCode);
    const destination = { ...req.destination, country: req.destination.country.toUpperCase(), postalCode };
    const weight = billableWeightKg(req.parcels);
    if (weight <= 0) return [];
    const zone = zoneFor(req.warehouse, destination);
    const w = weight.toFixed(3);
    const rows = this.ratesOf
      ? (await this.ratesOf(req.warehouse.id)).filter(
          (r) => r.zone === zone && Number(r.minWeight) <= Number(w) && Number(r.maxWeight) > Number(w),
        )
      : await this.db
          .select()
          .from(shippingRates)
          .where(
            and(
              eq(shippingRates.warehouseId, req.warehouse.id),
              eq(shippingRates.zone, zone),
              lte(shippingRates.minWeight, w),
              gt(shippingRates.maxWeight, w),
            ),
          )
          .orderBy(asc(shippingRates.id));
    const ship = shipmentDate(req.now ?? this.clock(), req.warehouse.timeZone);
    const quotes = rows.map((r): RateQuote => {
      const cents = priceCents(
        {
          baseCents: toCents(r.basePrice),
          perKgCents: toCents(r.perKg),
          residentialCents: toCents(r.residentialSurcharge),
        },
        weight,
        destination.residential,
      );
      return {
        method: `rate:${r.id}`,
        carrier: r.carrier,
        description: r.service,
        service_type: r.serviceType,
        shipment_method: shipmentMethodCode(r.carrier, r.service),
        total: { value: fromCents(cents), currency: TABLE_CURRENCY },
        shipment_date: ship,
        delivery_date: deliveryWindow(ship, r.minDays, r.maxDays).latest,
        min_days: r.minDays,
        max_days: r.maxDays,
        residential: destination.residential,
        tax_duty_fees: { value: '0.00', currency: TABLE_CURRENCY },
      };
    });
    return quotes.sort(compareQuotes);
  }
}
