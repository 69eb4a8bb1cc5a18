/**
 * Distances, bearings and the dealer locator's rules (spec §3 geolocation result, §7 dealers, §9
 * "places search bounds"). Pure: `now` and the locale come in as arguments.
 */
import { PLACES_BOUNDS_BEARINGS, PLACES_BOUNDS_OFFSET_M } from './constants.ts';

export type LatLng = { lat: number; lng: number };
/** Spec §3: a geolocation result has location (lat, lng) and accuracy (metres). */
export type GeolocationResult = { location: LatLng; accuracy: number };

const R = 6_371_008.8; // mean Earth radius, metres
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function isLatLng(p: unknown): p is LatLng {
  const o = p as LatLng;
  return !!o && Number.isFinite(o.lat) && Number.isFinite(o.lng) && Math.abs(o.lat) <= 90 && Math.abs(o.lng) <= 180;
}

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` from `origin` along the initial bearing (degrees clockwise from north). */
export function destination(origin: LatLng, bearingDeg: number, meters: number): LatLng {
  const d = meters / R;
  const b = rad(bearingDeg);
  const lat1 = rad(origin.lat);
  const lng1 = rad(origin.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: deg(lat2), lng: ((deg(lng2) + 540) % 360) - 180 };
}

/** Spec §9: the places search area runs 40 233 m from the position toward bearings 225 and 45. */
export function searchBounds(origin: LatLng): { southWest: LatLng; northEast: LatLng } {
  const [sw, ne] = PLACES_BOUNDS_BEARINGS;
  return {
    southWest: destination(origin, sw, PLACES_BOUNDS_OFFSET_M),
    northEast: destination(origin, ne, PLACES_BOUNDS_OFFSET_M),
  };
}

/**
 * Offline drive estimate: roads wind (×1.3 the straight line) and a trip on highways and county roads averages 95 km/h,
 * plus 5 minutes to get going. Rounded up to whole minutes.
 */
export const ROAD_FACTOR = 1.3;
export const RURAL_SPEED_KMH = 95;
export function estimateDrive(meters: number): { meters: number; seconds: number } {
  const road = Math.round(meters * ROAD_FACTOR);
  const seconds = Math.ceil((road / ((RURAL_SPEED_KMH * 1000) / 3600) + 300) / 60) * 60;
  return { meters: road, seconds };
}

/** "1 hour 12 minutes" / "1 h 12 min" style, in the locale, for a duration in seconds. */
export function durationText(seconds: number, locale: string): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'long' }).format(value);
  if (!h) return unit(m, 'minute');
  return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
}

export type WeeklyHours = { days: number[]; open: string; close: string }[];

/** Weekday (0 = Sunday) and minutes since midnight of `now` in the given IANA zone. */
export function localClock(now: Date, timeZone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};

/** Open now, judged in the dealer's own time zone; closing time itself counts as closed. */
export function isOpenNow(hours: WeeklyHours, timeZone: string, now: Date): boolean {
  const { day, minutes } = localClock(now, timeZone);
  return hours.some((h) => h.days.includes(day) && minutes >= toMinutes(h.open) && minutes < toMinutes(h.close));
}
