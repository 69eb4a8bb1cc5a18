/**
 * Adapter for a carrier's REST rating API (the shape most carriers and rate aggregators share):
 *
 *   POST {baseUrl}/v1/rates            X-API-Key: {apiKey}      Content-Type: application/json
 *   { "ship_date": "2026-05-04",
 *     "origin":      { "country_code": "US", "postal_code": "50315" },
 *     "destination": { "country_code": "US", "postal_code": "60601", "residential": true },
 *     "packages": [ { "weight": { "value": 2.5, "unit": "kg" },
 *                     "dimensions": { "length": 40, "width": 30, "height": 20, "unit": "cm" },
 *                     "quantity": 2 } ] }
 *
 *   200 { "rates": [ { "service_code": "ups_ground", "carrier": "UPS", "service_name": "UPS Ground",
 *                      "service_type": "ground", "total": { "amount": "18.40", "currency": "USD" },
 *                      "tax_duty_fees": { "amount": "0.00", "currency": "USD" },
 *                      "ship_date": "2026-05-04", "delivery_date": "2026-05-08",
 *                      "transit_days": { "min": 3, "max": 4 } } ] }
 *
 * A 4xx answer means the carrier cannot rate that destination (→ CarrierRejectedError, 400 to
 * the buyer: 'try another'); 5xx, network failures and unreadable bodies → CarrierUnavailableError
 * (502); no answer within `timeoutMs` → CarrierTimeoutError (504). The postal code is checked
 * locally first, so an obviously wrong one never costs an API call.
 */
import { z } from 'zod';
import { fromCents, toCents } from '../../domain/money.ts';
import { CarrierRejectedError, CarrierTimeoutError, CarrierUnavailableError } from './errors.ts';
import {
  addBusinessDays,
  compareQuotes,
  deliveryWindow,
  normalizePostalCode,
  shipmentDate,
  shipmentMethodCode,
} from '../../domain/shipping.ts';
import type { Amount, RateProvider, RateQuote, RateRequest } from './types.ts';

export type HttpCarrierOptions = {
  baseUrl: string;
  apiKey: string;
  /** Header carrying the key; 'X-API-Key' unless the carrier wants another. */
  apiKeyHeader?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: () => Date;
};

const AmountIn = z.object({
  amount: z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number().finite()]),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
});
const DateIn = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const RateIn = z.object({
  service_code: z.string().min(1),
  carrier: z.string().min(1),
  service_name: z.string().min(1),
  service_type: z.string().min(1).optional(),
  total: AmountIn,
  tax_duty_fees: AmountIn.optional(),
  ship_date: DateIn.optional(),
  delivery_date: DateIn.optional(),
  transit_days: z
    .union([z.number().int().min(0), z.object({ min: z.number().int().min(0), max: z.number().int().min(0) })])
    .optional(),
  residential: z.boolean().optional(),
});
const RatesResponse = z.object({ rates: z.array(RateIn) });
type RateIn = z.infer<typeof RateIn>;

export class HttpCarrierRateProvider implements RateProvider {
  readonly kind = 'carrier';
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private readonly clock: () => Date;

  constructor(private readonly opts: HttpCarrierOptions) {
    this.url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/rates`;
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.fetchFn = opts.fetch ?? fetch;
    this.clock = opts.clock ?? (() => new Date());
  }

  async quote(req: RateRequest): Promise<RateQuote[]> {
    const postalCode = normalizePostalCode(req.destination.country, req.destination.postalCode);
    const country = req.destination.country.toUpperCase();
    const shipDate = shipmentDate(req.now ?? this.clock(), req.warehouse.timeZone);
    const packages = req.parcels
      .filter((p) => p.quantity > 0)
      .map((p) => ({
        weight: { value: p.weightKg, unit: 'kg' },
        dimensions: { length: p.lengthCm, width: p.widthCm, height: p.heightCm, unit: 'cm' },
        quantity: p.quantity,
      }));
    if (packages.length === 0) return [];
    const body = {
      ship_date: shipDate,
      origin: { country_code: req.warehouse.countryCode, postal_code: req.warehouse.postalCode },
      destination: { country_code: country, postal_code: postalCode, residential: req.destination.residential },
      packages,
    };

    let res: Response;
    try {
      res = await this.fetchFn(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [this.opts.apiKeyHeader ?? 'X-API-Key']: this.opts.apiKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw this.failure(err);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw this.failure(err);
    }
    const json = parseJson(text);
    if (res.status >= 400 && res.status < 500) {
      throw new CarrierRejectedError(
        upstreamMessage(json) ?? 'The carrier cannot rate that destination.',
        res.status,
        json ?? text,
      );
    }
    if (res.status !== 200) throw new CarrierUnavailableError(`The carrier answered HTTP ${res.status}.`, res.status);
    const parsed = RatesResponse.safeParse(json);
    if (!parsed.success) throw new CarrierUnavailableError('The carrier sent a response we cannot read.', res.status);
    return parsed.data.rates.map((r) => this.toQuote(r, shipDate, req.destination.residential)).sort(compareQuotes);
  }

  private toQuote(r: RateIn, fallbackShipDate: string, residential: boolean): RateQuote {
    const ship = r.ship_date ?? fallbackShipDate;
    let minDays: number;
    let maxDays: number;
    if (typeof r.transit_days === 'number') minDays = maxDays = r.transit_days;
    else if (r.transit_days)
      [minDays, maxDays] = [
        Math.min(r.transit_days.min, r.transit_days.max),
        Math.max(r.transit_days.min, r.transit_days.max),
      ];
    else minDays = maxDays = r.delivery_date ? businessDaysBetween(ship, r.delivery_date) : 0;
    return {
      method: r.service_code,
      carrier: r.carrier,
      description: r.service_name,
      service_type: r.service_type ?? 'ground',
      shipment_method: shipmentMethodCode(r.carrier, r.service_name),
      total: amount(r.total),
      shipment_date: ship,
      delivery_date: r.delivery_date ?? deliveryWindow(ship, minDays, maxDays).latest,
      min_days: minDays,
      max_days: maxDays,
      residential: r.residential ?? residential,
      tax_duty_fees: r.tax_duty_fees
        ? amount(r.tax_duty_fees)
        : { value: '0.00', currency: r.total.currency.toUpperCase() },
    };
  }

  private failure(err: unknown): Error {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return new CarrierTimeoutError(this.timeoutMs);
    return new CarrierUnavailableError('The carrier could not be reached.');
  }
}

function amount(a: z.infer<typeof AmountIn>): Amount {
  return { value: fromCents(toCents(a.amount)), currency: a.currency.toUpperCase() };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function upstreamMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const o = body as { message?: unknown; error?: unknown };
  if (typeof o.message === 'string' && o.message) return o.message;
  if (typeof o.error === 'string' && o.error) return o.error;
  if (o.error && typeof o.error === 'object' && typeof (o.error as { message?: unknown }).message === 'string')
    return (o.error as { message: string }).message;
  return undefined;
}

/** Weekdays from `from` to `to` (0 when `to` is not after `from`). */
function businessDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let d = from; d < to && n < 366; n++) d = addBusinessDays(d, 1);
  return n;
}
