/** Picks the location provider: the real maps API when MAPS_API_KEY is set, else the offline one. */
import type { Config } from '../../config.ts';
import { createGoogleGeo } from './google.ts';
import { createOfflineGeo } from './offline.ts';
import type { GeoProvider } from './types.ts';

export type { GeoProvider } from './types.ts';
export { GeoProviderError } from './types.ts';

export function createGeoProvider(config: Pick<Config, 'providers'>): GeoProvider {
  const key = config.providers.mapsApiKey;
  return key ? createGoogleGeo({ apiKey: key }) : createOfflineGeo();
}

/**
 * The same provider, with every failure written to the log (with its cause) before it reaches the
 * caller, which may fall back (an estimate, "postal code unknown") without a word of its own.
 */
export function loggingFailures(geo: GeoProvider, log: { warn: (obj: object, msg: string) => void }): GeoProvider {
  const logged =
    <A extends unknown[], R>(op: string, f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(...a);
      } catch (err) {
        log.warn({ err, provider: geo.name, op, source: 'geolocation' }, `geolocation ${op} failed`);
        throw err;
      }
    };
  return {
    name: geo.name,
    geolocate: logged('geolocate', () => geo.geolocate()),
    geocodePostal: logged('geocodePostal', (country: string, postal: string) => geo.geocodePostal(country, postal)),
    driveTimes: logged(
      'driveTimes',
      (origin: Parameters<GeoProvider['driveTimes']>[0], to: Parameters<GeoProvider['driveTimes']>[1]) =>
        geo.driveTimes(origin, to),
    ),
  };
}
