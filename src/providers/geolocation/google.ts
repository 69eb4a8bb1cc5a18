/**
 * The real maps provider's adapter (Google Maps Platform web services), chosen when MAPS_API_KEY
 * is set: Geolocation API (POST, no body, key in the URL), Geocoding by postal code, Distance
 * Matrix for drive times. `baseUrl` points tests at a local fake server.
 */
import type { GeolocationResult, LatLng } from '../../domain/geo.ts';
import { GeoProviderError, type Drive, type GeoProvider } from './types.ts';

export type GoogleGeoOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch };

export function createGoogleGeo(o: GoogleGeoOptions): GeoProvider {
  const base = (o.baseUrl ?? 'https://maps.googleapis.com').replace(/\/$/, '');
  const geoBase = (o.baseUrl ?? 'https://www.googleapis.com').replace(/\/$/, '');
  const f = o.fetch ?? fetch;
  const call = async (url: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await f(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs ?? 5000) });
    } catch (err) {
      throw new GeoProviderError(`maps provider unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw new GeoProviderError(`maps provider answered ${res.status}`, res.status);
    return body;
  };
  const key = encodeURIComponent(o.apiKey);
  return {
    name: 'google',
    async geolocate(): Promise<GeolocationResult | null> {
      const body = await call(`${geoBase}/geolocation/v1/geolocate?key=${key}`, { method: 'POST' });
      const loc = body.location as LatLng | undefined;
      if (!loc || !Number.isFinite(loc.lat) || !Number.isFinite(loc.lng)) return null;
      return { location: { lat: loc.lat, lng: loc.lng }, accuracy: Number(body.accuracy) || 0 };
    },
    async geocodePostal(country, postalCode) {
      const components = encodeURIComponent(`country:${country}|postal_code:${postalCode}`);
      const body = await call(`${base}/maps/api/geocode/json?components=${components}&key=${key}`);
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK') throw new GeoProviderError(`geocode status ${String(body.status)}`);
      const loc = (body.results as { geometry: { location: LatLng } }[])[0]?.geometry.location;
      return loc ? { lat: loc.lat, lng: loc.lng } : null;
    },
    async driveTimes(origin, destinations): Promise<Drive[]> {
      if (!destinations.length) return [];
      const dest = encodeURIComponent(destinations.map((d) => `${d.lat},${d.lng}`).join('|'));
      const body = await call(
        `${base}/maps/api/distancematrix/json?origins=${origin.lat},${origin.lng}&destinations=${dest}&mode=driving&key=${key}`,
      );
      if (body.status !== 'OK') throw new GeoProviderError(`distance matrix status ${String(body.status)}`);
      const elements =
        (
          body.rows as { elements: { status: string; distance?: { value: number }; duration?: { value: number } }[] }[]
        )[0]?.elements ?? [];
      return destinations.map((_, i) => {
        const e = elements[i];
        if (!e || e.status !== 'OK' || !e.distance || !e.duration)
          throw new GeoProviderError(`no route to destination ${i}`);
        return { meters: e.distance.value, seconds: e.duration.value };
      });
    },
  };
}
