/** The channels feature's public surface: what other features, workflows and the app import from it. */
export { ChannelCache, findCountry, listCountries, listRegions, listRegionsByCountryCode } from './queries.ts';
export type { ChannelInfo } from './queries.ts';
export { channelApiRoutes, channelRoutes } from './routes.ts';
