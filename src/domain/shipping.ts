/**
 * The shipping rules (pure, shared by the rate providers, the estimate and the seed): postal codes, zones, billable weight, weight brackets, prices and
 * transit dates. No I/O and no clock: `now` and the warehouse's time zone are passed in.
 *
 * Postal codes (checked before any rate is looked up; failure → InvalidPostalCodeError, HTTP 400)
 * | country | accepted                          | normalised to | unknown (also refused)          |
 * | ------- | --------------------------------- | ------------- | ------------------------------- |
 * | US      | 12345, 12345-6789 (or a space)    | 12345-6789    | prefixes 000–004 (never issued) |
 * | CA      | A1A 1A1, A1A1A1, A1A-1A1, any case | A1A 1A1       | D F I O Q U anywhere, W Z first |
 * | MX      | 12345                             | 12345         | 00xxx (never issued)            |
 * Any other country is refused: the rate table has no lanes for it.
 *
 * Zones (the `zone` column of shipping_rates) of a destination as seen from a warehouse
 * | destination               | same "area" as the warehouse | other area | other country |
 * | ------------------------- | ---------------------------- | ---------- | ------------- |
 * | US: first digit of ZIP    | local                        | domestic   | international |
 * | CA: first letter (≈ province: S = SK, T = AB, R = MB…) | local | domestic | international |
 * | MX: one zone for the whole country | domestic            | domestic   | international |
 * US first digits are the USPS national areas: 0 New England, 1 NY/PA, 2 Mid-Atlantic,
 * 3 Southeast, 4 Great Lakes, 5 Upper Midwest (IA MN MT ND SD WI), 6 Central (IL KS MO NE),
 * 7 South Central, 8 Mountain, 9 Pacific. So from Des Moines (503xx) Minneapolis (554xx) is
 * local, Chicago (606xx) domestic, Saskatoon international.
 *
 * Weight: each parcel bills max(actual kg, dimensional kg = L × W × H cm / 5000), rounded up to
 * the gram, times its quantity; the shipment's billable weight is the sum and picks the bracket
 * [min_weight, max_weight) of every service. Price = base_price + per_kg × billable weight
 * (+ residential_surcharge for a residence), rounded to the cent once.
 *
 * Dates: a shipment leaves the same day when asked on a weekday before 14:00 warehouse time,
 * otherwise the next weekday; delivery is min_days … max_days weekdays after that. Weekends
 * are skipped (holidays are not modelled).
 */
import { AppError } from './errors.ts';
import { convert, toCents } from './money.ts';

/** A destination to rate. */
export type RateDestination = {
  /** ISO 3166-1 alpha-2 ('US', 'CA', 'MX'). */
  country: string;
  postalCode: string;
  residential: boolean;
};

/** One kind of box; `quantity` identical boxes. Centimetres and kilograms. */
export type Parcel = {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  quantity: number;
};

/** Malformed postal code, one that does not exist, or a country we do not ship to (400; the form shows 'try another'). */
export class InvalidPostalCodeError extends AppError {
  constructor(
    message: string,
    readonly country: string,
    readonly postalCode: string,
  ) {
    super(400, 'invalid_postal_code', message, { postal_code: message });
    this.name = 'InvalidPostalCodeError';
  }
}

/** Why: quotes are listed cheapest first, then fastest: one ordering for the table, the carrier and the estimate. */
export function compareQuotes(a: QuoteOrderFacts, b: QuoteOrderFacts): number {
  return toCents(a.total.value) - toCents(b.total.value) || a.max_days - b.max_days;
}
type QuoteOrderFacts = { total: { value: string }; max_days: number };

export type Zone = 'local' | 'domestic' | 'international';
export const ZONES: readonly Zone[] = ['local', 'domestic', 'international'];

/** Countries the rate table has lanes to. */
export const SHIPPING_COUNTRIES = ['US', 'CA', 'MX'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

export const DIM_DIVISOR = 5000;
export const CUTOFF_HOUR = 14;

// ---------------------------------------------------------------- postal codes

const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
// Letters Canada Post never uses: D F I O Q U; W and Z never start a code.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[\s-]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
const CA_SHAPE = /^[A-Z]\d[A-Z][\s-]?\d[A-Z]\d$/;
const MX_CP = /^\d{5}$/;

const FORMAT_HINT: Record<ShippingCountry, string> = {
  US: 'Enter a 5-digit ZIP code such as 50315 (or ZIP+4, 50315-1234).',
  CA: 'Enter a postal code such as S7K 4Z6.',
  MX: 'Enter a 5-digit código postal such as 44100.',
};

export function isShippingCountry(c: string): c is ShippingCountry {
  return (SHIPPING_COUNTRIES as readonly string[]).includes(c);
}

/**
 * Why: a postal code must be checked (and written one way) before it can pick a zone; anything
 * malformed, never issued, or in a country without lanes is the buyer's to correct.
 * Returns the normalised code; throws InvalidPostalCodeError.
 */
export function normalizePostalCode(country: string, raw: string): string {
  const c = String(country ?? '')
    .trim()
    .toUpperCase();
  const p = String(raw ?? '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ');
  if (!isShippingCountry(c)) throw new InvalidPostalCodeError('We do not ship to that country.', c, p);
  if (!p) throw new InvalidPostalCodeError('Enter a postal code.', c, p);
  if (c === 'US') {
    const m = US_ZIP.exec(p);
    if (!m) throw new InvalidPostalCodeError(FORMAT_HINT.US, c, p);
    if (Number(m[1].slice(0, 3)) <= 4) throw new InvalidPostalCodeError('That ZIP code does not exist.', c, p);
    return m[2] ? `${m[1]}-${m[2]}` : m[1];
  }
  if (c === 'CA') {
    const m = CA_POSTAL.exec(p);
    if (!m) {
      const message = CA_SHAPE.test(p) ? 'That postal code does not exist.' : FORMAT_HINT.CA;
      throw new InvalidPostalCodeError(message, c, p);
    }
    return `${m[1]} ${m[2]}`;
  }
  if (!MX_CP.test(p)) throw new InvalidPostalCodeError(FORMAT_HINT.MX, c, p);
  if (p.startsWith('00')) throw new InvalidPostalCodeError('That código postal does not exist.', c, p);
  return p;
}

/** Why: the zone compares "areas": the ZIP's first digit, the Canadian first letter, all of Mexico. */
export function areaOf(country: string, postalCode: string): string {
  const c = country.toUpperCase();
  const p = postalCode.trim().toUpperCase();
  if (c === 'US' || c === 'CA') return `${c}:${p.charAt(0)}`;
  return c;
}

/** Why: one function decides local / domestic / international, so quotes and debug output agree. */
export function zoneFor(
  origin: { countryCode: string; postalCode: string },
  dest: Pick<RateDestination, 'country' | 'postalCode'>,
): Zone {
  const from = origin.countryCode.toUpperCase();
  const to = dest.country.toUpperCase();
  if (from !== to) return 'international';
  if (to === 'MX') return 'domestic';
  return areaOf(from, origin.postalCode) === areaOf(to, dest.postalCode) ? 'local' : 'domestic';
}

// ---------------------------------------------------------------- weight

/** Why: carriers bill bulky light boxes by volume: L × W × H / 5000 (cm → kg). */
export function dimensionalWeightKg(
  lengthCm: number,
  widthCm: number,
  heightCm: number,
  divisor = DIM_DIVISOR,
): number {
  const dims = [lengthCm, widthCm, heightCm].map((d) => (Number.isFinite(d) && d > 0 ? d : 0));
  return (dims[0] * dims[1] * dims[2]) / divisor;
}

/** Why: whole grams keep the sum exact (no float drift across many parcels); rounding up never under-bills. */
function grams(kg: number): number {
  if (!Number.isFinite(kg) || kg <= 0) return 0;
  return Math.ceil(kg * 1000 - 1e-6);
}

/** Billable grams of one box: the larger of actual and dimensional weight, rounded up to the gram. */
export function parcelBillableGrams(p: Parcel): number {
  return Math.max(grams(p.weightKg), grams(dimensionalWeightKg(p.lengthCm, p.widthCm, p.heightCm)));
}

/** Why: the shipment's weight picks the bracket, so it is summed once here (kg with gram precision). */
export function billableWeightKg(parcels: readonly Parcel[]): number {
  let total = 0;
  for (const p of parcels) {
    const qty = Number.isSafeInteger(p.quantity) && p.quantity > 0 ? p.quantity : 0;
    total += parcelBillableGrams(p) * qty;
  }
  return total / 1000;
}

/** Why: brackets are half-open [min, max) so a weight on a boundary falls into exactly one. */
export function inBracket(weightKg: number, minWeight: number, maxWeight: number): boolean {
  return minWeight <= weightKg && weightKg < maxWeight;
}

/**
 * Why: the price rule in one place, in cents: base + per_kg × weight (rounded once, half away
 * from zero) + the residential surcharge when delivering to a residence.
 */
export function priceCents(
  rate: { baseCents: number; perKgCents: number; residentialCents: number },
  weightKg: number,
  residential: boolean,
): number {
  const perKg = convert(rate.perKgCents, `${Math.round(weightKg * 1000)}e-3`);
  return rate.baseCents + perKg + (residential ? rate.residentialCents : 0);
}

// ---------------------------------------------------------------- dates

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Why: a ship date is a calendar date where the warehouse is, not where the server runs. */
export function localParts(now: Date, timeZone: string): { date: string; hour: number; weekday: number } {
  let fmt = partsFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(now).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, hour: Number(parts.hour) % 24, weekday: weekdayOf(date) };
}

/** 0 = Sunday … 6 = Saturday, of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const isWeekend = (date: string) => {
  const d = weekdayOf(date);
  return d === 0 || d === 6;
};

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Why: transit times are counted in business days; Saturday and Sunday never count. */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  while (isWeekend(d)) d = addDays(d, 1);
  for (let left = Math.max(0, Math.trunc(n)); left > 0; ) {
    d = addDays(d, 1);
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** Why: orders placed after the cut-off or on a weekend leave on the next weekday. */
export function shipmentDate(now: Date, timeZone: string, cutoffHour = CUTOFF_HOUR): string {
  const { date, hour } = localParts(now, timeZone);
  if (!isWeekend(date) && hour < cutoffHour) return date;
  return addBusinessDays(addDays(date, 1), 0);
}

/** The delivery window of a service: earliest and latest dates. */
export function deliveryWindow(
  shipDate: string,
  minDays: number,
  maxDays: number,
): { earliest: string; latest: string } {
  return {
    earliest: addBusinessDays(shipDate, minDays),
    latest: addBusinessDays(shipDate, Math.max(minDays, maxDays)),
  };
}

/** 'UPS' + 'UPS Ground' → 'UPS_GROUND'; 'R+L Carriers' + 'LTL Freight' → 'R_L_CARRIERS_LTL_FREIGHT'. */
export function shipmentMethodCode(carrier: string, service: string): string {
  const c = carrier
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  let s = service
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if (s.startsWith(`${c}_`)) s = s.slice(c.length + 1);
  return s ? `${c}_${s}` : c;
}

/** 'UPS', 'LTL', 'USPS' stay in capitals; 'DAY', 'ROSS', 'GROUND' are words. */
const isAcronym = (w: string) => w.length <= 4 && !/[AEIOUY]/.test(w.slice(1));

/** Spec §3 Shipment quote `method`: a quote's method as a person reads it ("UPS Ground", "R+L Carriers · LTL Freight"). */
export const quoteMethodName = (q: { carrier: string; description: string }): string =>
  q.description.toLowerCase().startsWith(q.carrier.toLowerCase()) ? q.description : `${q.carrier} · ${q.description}`;

/**
 * Spec §3 Shipment quote "Selection state": what was chosen for one warehouse. commercialSelected
 * is true when the chosen rate delivers to a business (not residential); notificationSelected is
 * true when a delivery notification was asked for (the shop offers none yet, so it stays false).
 */
export type ShipmentSelection = {
  quote_id: number;
  warehouse_id: number;
  items: { lineId: number; quantity: number }[];
  price: string;
  commercialSelected: boolean;
  notificationSelected: boolean;
};

export function shipmentSelection(
  q: { quote_id: number; warehouse_id: number; total: string; residential: boolean },
  items: readonly { lineId: number; quantity: number }[],
  opts: { notification?: boolean } = {},
): ShipmentSelection {
  return {
    quote_id: q.quote_id,
    warehouse_id: q.warehouse_id,
    items: items.map((i) => ({ lineId: i.lineId, quantity: i.quantity })),
    price: q.total,
    commercialSelected: !q.residential,
    notificationSelected: opts.notification === true,
  };
}

/**
 * What a person reads for an order's shipping method: the selected quotes' carrier and service
 * ("R+L Carriers · LTL Freight"), never the stored code ('R_L_CARRIERS_LTL_FREIGHT'). A code
 * with no quote left to name it is spelled out in words ("R L Carriers LTL Freight").
 */
export function shipmentMethodLabel(
  code: string | null,
  quotes: readonly { carrier: string; description: string; shipment_method: string; selected: boolean }[],
): string | null {
  if (!code) return null;
  const named = quoteMethodName;
  const parts = code
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => {
      const q =
        quotes.find((x) => x.selected && x.shipment_method === c) ?? quotes.find((x) => x.shipment_method === c);
      return q
        ? named(q)
        : c
            .split('_')
            .filter(Boolean)
            .map((w) => (isAcronym(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
            .join(' ');
    });
  return [...new Set(parts)].join(', ');
}
