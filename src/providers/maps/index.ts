/**
 * Places autocomplete for address forms (spec §3 "Places search result components"). The offline
 * default knows no places (the form shows no suggestions and the buyer types the address); with
 * MAPS_API_KEY the Google Places adapter is used. Results carry the components the address form
 * fills from (src/domain/checkout.ts fillFromPlace).
 */
import type { PlaceComponent } from '../../domain/checkout.ts';

export type PlaceSuggestion = { id: string; description: string };
export type PlaceQuery = {
  query: string;
  country?: string;
  bounds?: { south: number; west: number; north: number; east: number };
};

export interface MapsProvider {
  readonly kind: 'offline' | 'google';
  autocomplete(q: PlaceQuery): Promise<PlaceSuggestion[]>;
  details(placeId: string): Promise<PlaceComponent[] | null>;
}

export class OfflineMapsProvider implements MapsProvider {
  readonly kind = 'offline';
  async autocomplete(): Promise<PlaceSuggestion[]> {
    return [];
  }
  async details(): Promise<PlaceComponent[] | null> {
    return null;
  }
}

/** Google Places (legacy JSON web service): /place/autocomplete/json and /place/details/json. */
export class GoogleMapsProvider implements MapsProvider {
  readonly kind = 'google';
  private readonly base: string;
  constructor(private readonly opts: { apiKey: string; baseUrl?: string; timeoutMs?: number }) {
    this.base = (opts.baseUrl ?? 'https://maps.googleapis.com/maps/api').replace(/\/$/, '');
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T | null> {
    const url = new URL(`${this.base}${path}`);
    for (const [k, v] of Object.entries({ ...params, key: this.opts.apiKey })) url.searchParams.set(k, v);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000) });
      if (!res.ok) return null;
      return (await res.json()) as T;
    } catch {
      return null;
    }
  }

  async autocomplete(q: PlaceQuery): Promise<PlaceSuggestion[]> {
    const params: Record<string, string> = { input: q.query, types: 'address' };
    if (q.country) params.components = `country:${q.country.toLowerCase()}`;
    if (q.bounds)
      params.locationrestriction = `rectangle:${q.bounds.south},${q.bounds.west}|${q.bounds.north},${q.bounds.east}`;
    const body = await this.get<{ status: string; predictions?: { place_id: string; description: string }[] }>(
      '/place/autocomplete/json',
      params,
    );
    if (!body || (body.status !== 'OK' && body.status !== 'ZERO_RESULTS')) return [];
    return (body.predictions ?? []).slice(0, 5).map((p) => ({ id: p.place_id, description: p.description }));
  }

  async details(placeId: string): Promise<PlaceComponent[] | null> {
    const body = await this.get<{ status: string; result?: { address_components?: PlaceComponent[] } }>(
      '/place/details/json',
      { place_id: placeId, fields: 'address_component' },
    );
    if (!body || body.status !== 'OK') return null;
    return body.result?.address_components ?? [];
  }
}

export function createMapsProvider(opts: { apiKey?: string; baseUrl?: string }): MapsProvider {
  return opts.apiKey
    ? new GoogleMapsProvider({ apiKey: opts.apiKey, baseUrl: opts.baseUrl })
    : new OfflineMapsProvider();
}
