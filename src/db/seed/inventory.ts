/** Warehouses (with their API keys), stock for every product, and the shipping rate table. */
import { channelWarehouses, inventory, shippingRates, warehouses } from '../schema/index.ts';
import { toCents } from '../../domain/money.ts';
import {
  billableWeightKg,
  deliveryWindow,
  priceCents,
  shipmentDate,
  shipmentMethodCode,
  zoneFor,
} from '../../domain/shipping.ts';
import type { Parcel } from '../../providers/shipping/types.ts';
import { ORG, WAREHOUSE } from './ids.ts';
import type { ProductRef } from './catalog.ts';
import type { GeoIds } from './geo.ts';
import { daysAgo, insertMany, sha256, type Rng, type SeedTx } from './util.ts';

/** Demo warehouse API keys, in clear: only their sha256 is stored. */
export const DEMO_WAREHOUSE_KEYS = {
  'US-DSM': 'wh_us_demo_key_2026',
  'CA-SKT': 'wh_ca_demo_key_2026',
  'CA-WPG': 'wh_wpg_demo_key_2026',
} as const;

export const WAREHOUSES = [
  {
    id: WAREHOUSE.us,
    code: 'US-DSM',
    name: 'Des Moines Distribution Center',
    address1: '1800 Army Post Road',
    city: 'Des Moines',
    regionCode: 'IA',
    postalCode: '50315',
    countryCode: 'US',
    phone: '515-555-0150',
    lat: '41.530400',
    lng: '-93.624900',
    zone: 'America/Chicago',
  },
  {
    id: WAREHOUSE.ca,
    code: 'CA-SKT',
    name: 'Saskatoon Parts Depot',
    address1: '3215 Miners Avenue',
    city: 'Saskatoon',
    regionCode: 'SK',
    postalCode: 'S7K 4Z6',
    countryCode: 'CA',
    phone: '306-555-0133',
    lat: '52.160600',
    lng: '-106.633800',
    zone: 'America/Regina',
  },
  // Closed for the season (inactive): its stock must count nowhere on the storefront.
  {
    id: WAREHOUSE.winnipeg,
    code: 'CA-WPG',
    name: 'Winnipeg Overflow Depot',
    address1: '77 Plessis Road',
    city: 'Winnipeg',
    regionCode: 'MB',
    postalCode: 'R2C 2Z9',
    countryCode: 'CA',
    phone: '204-555-0177',
    lat: '49.903200',
    lng: '-96.990400',
    zone: 'America/Winnipeg',
    active: false,
  },
] as const;

type Zone = 'local' | 'domestic' | 'international';
type Service = {
  carrier: string;
  service: string;
  serviceType: 'ground' | 'express' | 'freight';
  brackets: [number, number, number, number][];
  days: Record<Zone, [number, number]>;
  residential: number;
};

/** Prices in USD: [min kg, max kg, base, per kg]; zone factors scale them. */
const SERVICES: Record<number, Service[]> = {
  [WAREHOUSE.us]: [
    {
      carrier: 'UPS',
      service: 'UPS Ground',
      serviceType: 'ground',
      brackets: [
        [0, 5, 9.5, 0.85],
        [5, 30, 14, 1.1],
        [30, 70, 32, 1.25],
      ],
      days: { local: [1, 2], domestic: [3, 5], international: [6, 10] },
      residential: 4.5,
    },
    {
      carrier: 'FedEx',
      service: 'FedEx Express Saver',
      serviceType: 'express',
      brackets: [
        [0, 5, 24, 2.2],
        [5, 30, 38, 2.6],
        [30, 70, 75, 2.9],
      ],
      days: { local: [1, 1], domestic: [2, 3], international: [3, 5] },
      residential: 5.25,
    },
    {
      carrier: 'R+L Carriers',
      service: 'LTL Freight',
      serviceType: 'freight',
      brackets: [[30, 50000, 185, 0.42]],
      days: { local: [2, 4], domestic: [3, 7], international: [7, 14] },
      residential: 95,
    },
  ],
  [WAREHOUSE.ca]: [
    {
      carrier: 'Canada Post',
      service: 'Expedited Parcel',
      serviceType: 'ground',
      brackets: [
        [0, 5, 11, 0.95],
        [5, 30, 16, 1.2],
        [30, 70, 36, 1.35],
      ],
      days: { local: [1, 2], domestic: [2, 6], international: [6, 12] },
      residential: 3.75,
    },
    {
      carrier: 'Purolator',
      service: 'Purolator Express',
      serviceType: 'express',
      brackets: [
        [0, 5, 27, 2.4],
        [5, 30, 42, 2.8],
        [30, 70, 82, 3.1],
      ],
      days: { local: [1, 1], domestic: [1, 3], international: [3, 6] },
      residential: 5,
    },
    {
      carrier: 'Day & Ross',
      service: 'LTL Freight',
      serviceType: 'freight',
      brackets: [[30, 50000, 210, 0.46]],
      days: { local: [2, 4], domestic: [3, 8], international: [8, 15] },
      residential: 110,
    },
  ],
};
const ZONE_FACTOR: Record<Zone, number> = { local: 0.8, domestic: 1, international: 1.9 };

export type RateRow = typeof shippingRates.$inferInsert;
let rateRows: RateRow[] | null = null;

/** The rate table rows, built once from SERVICES (the seed's order quotes read the same rows). */
export function shippingRateRows(): RateRow[] {
  if (rateRows) return rateRows;
  rateRows = [];
  for (const [warehouseId, services] of Object.entries(SERVICES)) {
    for (const s of services) {
      for (const zone of ['local', 'domestic', 'international'] as Zone[]) {
        for (const [min, max, base, perKg] of s.brackets) {
          rateRows.push({
            id: rateRows.length + 1,
            warehouseId: Number(warehouseId),
            carrier: s.carrier,
            service: s.service,
            serviceType: s.serviceType,
            zone,
            minWeight: min.toFixed(3),
            maxWeight: max.toFixed(3),
            basePrice: (base * ZONE_FACTOR[zone]).toFixed(2),
            perKg: (perKg * ZONE_FACTOR[zone]).toFixed(2),
            minDays: s.days[zone][0],
            maxDays: s.days[zone][1],
            residentialSurcharge: s.residential.toFixed(2),
          });
        }
      }
    }
  }
  return rateRows;
}

/**
 * Prices a shipment from the rate rows with the rate engine's own rules (zone by postal area,
 * billable weight, one price formula, business-day dates), so seeded quotes look like live ones.
 */
export function rateQuotes(
  warehouseId: number,
  dest: { country: string; postalCode: string },
  parcels: Parcel[],
  residential: boolean,
  at: Date,
) {
  const w = WAREHOUSES.find((x) => x.id === warehouseId)!;
  const weight = billableWeightKg(parcels);
  if (weight <= 0) return [];
  const zone = zoneFor(w, dest);
  const ship = shipmentDate(at, w.zone);
  return shippingRateRows()
    .filter(
      (r) =>
        r.warehouseId === warehouseId &&
        r.zone === zone &&
        Number(r.minWeight) <= weight &&
        weight < Number(r.maxWeight),
    )
    .map((r) => ({
      rate: r,
      method: shipmentMethodCode(r.carrier, r.service),
      usdCents: priceCents(
        {
          baseCents: toCents(r.basePrice),
          perKgCents: toCents(r.perKg!),
          residentialCents: toCents(r.residentialSurcharge!),
        },
        weight,
        residential,
      ),
      shipmentDate: ship,
      deliveryDate: deliveryWindow(ship, r.minDays, r.maxDays).latest,
    }));
}

export async function seedWarehouses(tx: SeedTx, geo: GeoIds): Promise<void> {
  const at = daysAgo(900);
  await insertMany(
    tx,
    warehouses,
    WAREHOUSES.map((w) => {
      const key = DEMO_WAREHOUSE_KEYS[w.code];
      return {
        ...w,
        organisationId: ORG.maker,
        apiKeyHash: sha256(key),
        apiKeyLast4: key.slice(-4),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  // US ships from Des Moines first, Canada from Saskatoon first, Mexico from Des Moines.
  await insertMany(tx, channelWarehouses, [
    { channelId: geo.channelId.US, warehouseId: WAREHOUSE.us, priority: 0 },
    { channelId: geo.channelId.US, warehouseId: WAREHOUSE.ca, priority: 1 },
    { channelId: geo.channelId.CA, warehouseId: WAREHOUSE.ca, priority: 0 },
    { channelId: geo.channelId.CA, warehouseId: WAREHOUSE.us, priority: 1 },
    { channelId: geo.channelId.MX, warehouseId: WAREHOUSE.us, priority: 0 },
    { channelId: geo.channelId.US, warehouseId: WAREHOUSE.winnipeg, priority: 2 },
    { channelId: geo.channelId.CA, warehouseId: WAREHOUSE.winnipeg, priority: 2 },
  ]);
}

export async function seedStock(tx: SeedTx, refs: Map<string, ProductRef>, rng: Rng): Promise<number> {
  const at = daysAgo(2);
  const rows: (typeof inventory.$inferInsert)[] = [];
  for (const r of refs.values()) {
    if (r.pricingCase) {
      // Fixed rows, no random draws: the brush is on the active shelves, the closeout disc only in the closed depot.
      const fixed =
        r.pricingCase === 'non-usd'
          ? { [WAREHOUSE.us]: 60, [WAREHOUSE.ca]: 35 }
          : { [WAREHOUSE.us]: 0, [WAREHOUSE.ca]: 0, [WAREHOUSE.winnipeg]: 25 };
      for (const [warehouseId, quantity] of Object.entries(fixed)) {
        rows.push({
          id: rows.length + 1,
          warehouseId: Number(warehouseId),
          productId: r.id,
          quantity,
          reserved: 0,
          resupplyDate: null,
          createdAt: at,
          updatedAt: at,
        });
      }
      continue;
    }
    for (const w of WAREHOUSES.filter((x) => !('active' in x) || x.active)) {
      let quantity: number;
      let resupplyDate: string | null = null;
      if (['DEMO-OOS', 'DEMO-SOON', 'DEMO-CALL'].includes(r.stockcode)) quantity = 0;
      else if (r.stockcode === 'DEMO-FUTURE') {
        quantity = 0;
        resupplyDate = '2027-03-15';
      } else if (!r.physical) quantity = 0;
      else if (r.weight > 400) quantity = rng.int(1, w.id === WAREHOUSE.us ? 9 : 4);
      else quantity = rng.int(w.id === WAREHOUSE.us ? 40 : 10, w.id === WAREHOUSE.us ? 400 : 150);
      rows.push({
        id: rows.length + 1,
        warehouseId: w.id,
        productId: r.id,
        quantity,
        reserved: quantity > 4 ? rng.int(0, 4) : 0,
        resupplyDate,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await insertMany(tx, inventory, rows);
  await insertMany(tx, shippingRates, shippingRateRows());
  return rows.length;
}
