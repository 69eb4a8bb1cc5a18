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
