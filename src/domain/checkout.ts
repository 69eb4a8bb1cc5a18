/**
 * Checkout rules shared by the server and the checkout island (spec §4 "Checkout", §5, §9):
 * which tab is active, what is dirty, how lines are split over warehouses, how tax is computed,
 * and the shapes both sides exchange. Pure: no framework, no clock, no I/O.
 */
import { CHECKOUT_DEFAULTS, LINE_TYPES } from './constants.ts';
import { convert } from './money.ts';

/** The tabs, by index: 0 customer info, 1 shipping, 2 payment. */
export const CHECKOUT_TABS = ['customer', 'shipping', 'payment'] as const;
export type CheckoutTab = 0 | 1 | 2;

/** Spec §4: a tab is disabled when its index is above the active tab's. */
export const tabDisabled = (index: number, active: number): boolean => index > active;

/** An order is tax exempt when tax_exempt_id is neither empty nor 0 (spec §4 "Order editing"). */
export function isTaxExempt(taxExemptId: string | number | null | undefined): boolean {
  if (taxExemptId === null || taxExemptId === undefined) return false;
  const v = String(taxExemptId).trim();
  return v !== '' && v !== '0';
}

export type TabInput = {
  userId: number | null | undefined;
  shipToId: number | null | undefined;
  /** The order's tax_exempt_id as the server sends it: '0' (not exempt) once customer info is saved, null before. */
  taxExemptId: string | null | undefined;
  lineTypes: readonly number[];
  /** The ship-to country check succeeded (spec §4). */
  countryCheckOk: boolean;
};

/**
 * Spec §4: tab 2 when the user, a ship-to address and a line of type 2 exist; tab 1 when the user,
 * a ship-to and a tax-exempt id exist (the caller then fetches shipment methods); else tab 0.
 * Only after the ship-to country check succeeded.
 */
export function activeTab(s: TabInput): CheckoutTab {
  if (!s.countryCheckOk) return 0;
  if (s.userId && s.shipToId && s.lineTypes.includes(LINE_TYPES.SPECIAL)) return 2;
  if (s.userId && s.shipToId && s.taxExemptId !== null && s.taxExemptId !== undefined) return 1;
  return 0;
}

/** Spec §4: the shipping address must be (re)posted. */
export function shippingAddressDirty(s: {
  returning: boolean;
  chosen: number | 'add-new' | null;
  orderShipTo: number | null;
  countryCheckOk: boolean;
}): boolean {
  return !s.returning || s.chosen === null || s.chosen === 'add-new' || s.chosen !== s.orderShipTo || !s.countryCheckOk;
}

/** Spec §4: shipping methods must be (re)posted. */
export function shippingMethodsDirty(s: {
  orderQuoteIds: readonly number[];
  knownQuoteIds: readonly number[];
  lastPosted: readonly number[];
}): boolean {
  if (s.orderQuoteIds.length === 0 || s.knownQuoteIds.length === 0) return true;
  return s.knownQuoteIds.some((id) => !s.lastPosted.includes(id));
}

/** Spec §4: PO number or attention differs from the order's (empty and null are the same). */
export const fieldDirty = (value: string | null | undefined, orderValue: string | null | undefined): boolean =>
  (value ?? '').trim() !== (orderValue ?? '').trim();

/**
 * Spec §4: PO number and attention are sent only when dirty. The fields of `values` that differ
 * from the order's (fieldDirty), to spread into a request body; a clean field is left out, so the
 * server keeps what it has.
 */
export function dirtyOrderFields(
  values: { po_number: string | null | undefined; attention: string | null | undefined },
  order: { po_number: string | null | undefined; attention: string | null | undefined },
): { po_number?: string; attention?: string } {
  return {
    ...(fieldDirty(values.po_number, order.po_number) ? { po_number: (values.po_number ?? '').trim() } : {}),
    ...(fieldDirty(values.attention, order.attention) ? { attention: (values.attention ?? '').trim() } : {}),
  };
}

// -------------------------------------------------------------------------------------------
// Warehouses

export type StockLine = { lineId: number; productId: number; quantity: number; needsStock: boolean };
export type WarehouseItem = { lineId: number; productId: number; quantity: number };
export type Allocation = {
  warehouses: { warehouseId: number; items: WarehouseItem[] }[];
  short: { lineId: number; missing: number }[];
};

/**
 * Where each line ships from. Warehouses come in the channel's order of preference; `free` is
 * free stock by `${warehouseId}:${productId}`. The first warehouse that can fill the whole order
 * takes it; otherwise each line takes from the warehouses in order, split where one runs out.
 * Lines that need no stock (made to order) go with the first warehouse used, or the first one.
 */
export function allocateStock(
  lines: readonly StockLine[],
  warehouseIds: readonly number[],
  free: ReadonlyMap<string, number>,
): Allocation {
  const stocked = lines.filter((l) => l.needsStock && l.quantity > 0);
  const whole = wholeOrderWarehouses(lines, warehouseIds, free)[0];
  const byWarehouse = new Map<number, WarehouseItem[]>();
  const add = (w: number, item: WarehouseItem) => byWarehouse.set(w, [...(byWarehouse.get(w) ?? []), item]);
  const short: Allocation['short'] = [];

  if (whole !== undefined) {
    for (const l of stocked) add(whole, { lineId: l.lineId, productId: l.productId, quantity: l.quantity });
  } else {
    const left = new Map(free);
    for (const l of stocked) {
      let missing = l.quantity;
      for (const w of warehouseIds) {
        if (missing <= 0) break;
        const key = `${w}:${l.productId}`;
        const take = Math.min(missing, left.get(key) ?? 0);
        if (take <= 0) continue;
        left.set(key, (left.get(key) ?? 0) - take);
        add(w, { lineId: l.lineId, productId: l.productId, quantity: take });
        missing -= take;
      }
      if (missing > 0) short.push({ lineId: l.lineId, missing });
    }
  }
  const unstocked = lines.filter((l) => !l.needsStock && l.quantity > 0);
  const home = [...byWarehouse.keys()][0] ?? warehouseIds[0];
  if (home !== undefined)
    for (const l of unstocked) add(home, { lineId: l.lineId, productId: l.productId, quantity: l.quantity });
  const order = (w: number) => warehouseIds.indexOf(w);
  return {
    warehouses: [...byWarehouse]
      .sort((a, b) => order(a[0]) - order(b[0]))
      .map(([warehouseId, items]) => ({ warehouseId, items })),
    short,
  };
}

/** Why: the warehouses (in the channel's order) that could each send every stocked line alone; allocateStock takes the first. */
export function wholeOrderWarehouses(
  lines: readonly StockLine[],
  warehouseIds: readonly number[],
  free: ReadonlyMap<string, number>,
): number[] {
  const need = new Map<number, number>();
  for (const l of lines)
    if (l.needsStock && l.quantity > 0) need.set(l.productId, (need.get(l.productId) ?? 0) + l.quantity);
  return warehouseIds.filter((w) => [...need].every(([p, q]) => (free.get(`${w}:${p}`) ?? 0) >= q));
}

/**
 * THE can-it-ship rule, for checkout's quotes and placement (allocateStock) and the shipping
 * estimate alike: an order ships when allocateStock leaves nothing short (splits allowed). The
 * estimate may offer every warehouse that could send it all (`whole`, alternatives); when none
 * can, the order ships split as `allocation` says (each warehouse sends its part).
 */
export function shippability(
  lines: readonly StockLine[],
  warehouseIds: readonly number[],
  free: ReadonlyMap<string, number>,
): { ships: boolean; whole: number[]; allocation: Allocation } {
  const allocation = allocateStock(lines, warehouseIds, free);
  return {
    ships: allocation.short.length === 0 && allocation.warehouses.length > 0,
    whole: wholeOrderWarehouses(lines, warehouseIds, free),
    allocation,
  };
}

// -------------------------------------------------------------------------------------------
// Tax

export type TaxRate = { name: string; rate: number };
export type TaxLine = { name: string; rate: number; amountCents: number };

/**
 * Sales tax on the taxable amount (products after discounts), one line per rate, each rounded to
 * the cent half away from zero; nothing at all when the order is tax exempt.
 */
export function computeTax(taxableCents: number, rates: readonly TaxRate[], exempt: boolean): TaxLine[] {
  if (exempt || taxableCents <= 0) return [];
  return rates.map((r) => ({ name: r.name, rate: r.rate, amountCents: taxAmount(taxableCents, r.rate) }));
}

/** One rate's tax on a taxable amount: the checkout and the order editor both use it. */
export function taxAmount(taxableCents: number, rate: number): number {
  return taxableCents > 0 ? convert(taxableCents, rate) : 0;
}

/** The rates for a destination: the region's own rows, else the country's default rows (region ''). */
export function ratesFor<T extends { regionCode: string }>(rows: readonly T[], regionCode: string): T[] {
  const own = rows.filter((r) => r.regionCode === regionCode && regionCode !== '');
  return own.length ? own : rows.filter((r) => r.regionCode === '');
}

// -------------------------------------------------------------------------------------------
// Validation shared by the address forms

/** Postal code shapes for the countries we ship to; other countries accept any 2..12 characters. */
export const POSTAL_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  MX: /^\d{5}$/,
};

export function postalCodeValid(country: string, postal: string): boolean {
  const p = postal.trim();
  const pattern = POSTAL_PATTERNS[country.toUpperCase()];
  return pattern ? pattern.test(p) : p.length >= 2 && p.length <= 12;
}

export const CHECKOUT_ACCOUNT_TYPES = ['personal', 'organization'] as const;
export const DEFAULT_ACCOUNT_TYPE = CHECKOUT_DEFAULTS.account_type;
export const DEFAULT_SUBSCRIBE = CHECKOUT_DEFAULTS.subscribe;

/** Message when the ship-to country check runs without a country (spec §5, §8). */
export const NO_COUNTRY_SELECTED = 'No country selected';

/** Business types offered with a tax exemption declaration. */
export const BIZ_TYPES = ['agricultural_producer', 'reseller', 'government', 'nonprofit', 'cooperative'] as const;

/** How long an issued shipment quote may be selected (and an order placed with it). */
export const QUOTE_TTL_MINUTES = 30;

/** Regions sorted by name keeping the first option (the placeholder) first (spec §5). */
export function sortRegionOptions<T extends { name: string }>(options: readonly T[], keepFirst = true): T[] {
  if (!keepFirst || options.length === 0) return [...options].sort((a, b) => a.name.localeCompare(b.name));
  const [first, ...rest] = options;
  return [first, ...rest.sort((a, b) => a.name.localeCompare(b.name))];
}

// -------------------------------------------------------------------------------------------
// Places (spec §3 "Places search result components")

export type PlaceComponent = { long_name: string; short_name: string; types: string[] };
export type AddressFill = { address1: string; city: string; region: string; country: string; postalcode: string };

/**
 * Fills address inputs from a places result: street number + route → address1, locality →
 * city (long name), administrative area level 1 → region, country, postal code. Short names
 * everywhere except locality.
 */
export function fillFromPlace(components: readonly PlaceComponent[]): AddressFill {
  const get = (type: string, long = false) => {
    const c = components.find((x) => x.types.includes(type));
    return c ? (long ? c.long_name : c.short_name) : '';
  };
  return {
    address1: [get('street_number'), get('route')].filter(Boolean).join(' '),
    city: get('locality', true),
    region: get('administrative_area_level_1'),
    country: get('country'),
    postalcode: get('postal_code'),
  };
}
