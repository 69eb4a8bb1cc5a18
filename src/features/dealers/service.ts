/**
 * The dealer locator: dealers ranked by straight-line distance from the visitor, the nearest few
 * with a drive estimate from the maps provider (the offline estimate when the provider fails),
 * 'open now' in each dealer's own time zone, call and directions links. Never sees req.
 */
import type { DbOrTx } from '../../db/client.ts';
import { distanceMeters, durationText, estimateDrive, isOpenNow, searchBounds, type LatLng } from '../../domain/geo.ts';
import type { GeoProvider } from '../../providers/geolocation/index.ts';
import { dealersOffering, type DealerRow } from './queries.ts';

/** How many dealers the list shows (and the provider is asked to route to). */
export const NEAREST_LIMIT = 5;

export type DealerResult = {
  id: number;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
  phone: string | null;
  website: string | null;
  services: string[];
  openNow: boolean;
  distance: { value: number; text: string };
  /** Spec §3/§7: the reply's first address has duration.text. */
  duration: { value: number; text: string };
  directions: string;
};

export type Nearest = {
  origin: LatLng;
  accuracy: number;
  bounds: ReturnType<typeof searchBounds>;
  addresses: DealerResult[];
  estimated: boolean;
};

function distanceText(meters: number, locale: string): string {
  const km = meters / 1000;
  const miles = locale === 'en-us' ? km / 1.609344 : null;
  const nf = (v: number, unit: 'kilometer' | 'mile') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: v < 10 ? 1 : 0 }).format(v);
  return miles !== null ? nf(miles, 'mile') : nf(km, 'kilometer');
}

export async function nearestDealers(
  db: DbOrTx,
  geo: GeoProvider,
  q: { origin: LatLng; accuracy?: number; service?: string | null; locale: string; now: Date; limit?: number },
): Promise<Nearest> {
  const rows = await dealersOffering(db, q.service ?? null);
  const ranked = rows
    .map((d) => ({ d, pos: { lat: Number(d.lat), lng: Number(d.lng) } }))
    .map((x) => ({ ...x, straight: distanceMeters(q.origin, x.pos) }))
    .sort((a, b) => a.straight - b.straight || a.d.id - b.d.id)
    .slice(0, q.limit ?? NEAREST_LIMIT);
  let drives: { meters: number; seconds: number }[];
  let estimated = geo.name === 'offline';
  try {
    drives = await geo.driveTimes(
      q.origin,
      ranked.map((x) => x.pos),
    );
  } catch {
    drives = ranked.map((x) => estimateDrive(x.straight));
    estimated = true;
  }
  return {
    origin: q.origin,
    accuracy: q.accuracy ?? 0,
    bounds: searchBounds(q.origin),
    estimated,
    addresses: ranked.map((x, i) => toResult(x.d, x.pos, drives[i], q.locale, q.now, q.origin)),
  };
}

function toResult(
  d: DealerRow,
  pos: LatLng,
  drive: { meters: number; seconds: number },
  locale: string,
  now: Date,
  origin: LatLng,
): DealerResult {
  const address = [d.address1, d.city, `${d.regionCode} ${d.postalCode}`, d.countryCode].join(', ');
  return {
    id: d.id,
    name: d.name,
    address1: d.address1,
    address2: d.address2,
    city: d.city,
    region: d.regionCode,
    postalCode: d.postalCode,
    country: d.countryCode,
    lat: pos.lat,
    lng: pos.lng,
    phone: d.phone,
    website: d.website,
    services: d.services,
    openNow: isOpenNow(d.hours, d.timeZone, now),
    distance: { value: drive.meters, text: distanceText(drive.meters, locale) },
    duration: { value: drive.seconds, text: durationText(drive.seconds, locale) },
    directions: `https://www.google.com/maps/dir/?api=1&origin=${origin.lat.toFixed(5)},${origin.lng.toFixed(5)}&destination=${encodeURIComponent(address)}&travelmode=driving`,
  };
}
