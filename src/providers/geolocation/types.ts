/** The maps provider's location services behind one interface (offline table or the real API). */
import type { GeolocationResult, LatLng } from '../../domain/geo.ts';

export type Drive = { meters: number; seconds: number };

export interface GeoProvider {
  readonly name: 'offline' | 'google';
  /** The maps provider's own geolocation (spec §7: POST, no body, embedded credential); null when it cannot tell. */
  geolocate(): Promise<GeolocationResult | null>;
  /** A postal code's approximate position; null when the code is not known. */
  geocodePostal(country: string, postalCode: string): Promise<LatLng | null>;
  /** Driving distance and time from origin to each destination, in order. */
  driveTimes(origin: LatLng, destinations: readonly LatLng[]): Promise<Drive[]>;
}

export class GeoProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GeoProviderError';
  }
}
