/** Channels (a country's storefront: currency, rate, payment methods) and countries. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ChannelInfo } from '../../http/types.ts';
import { channelCountries, channels, countries, currencies, regions } from '../../db/schema/index.ts';

export type { ChannelInfo };

export async function listChannels(db: DbOrTx): Promise<ChannelInfo[]> {
  const rows = await db
    .select({
      id: channels.id,
      code: channels.code,
      name: channels.name,
      currency: currencies.code,
      currencyId: channels.currencyId,
      midMarketRate: channels.midMarketRate,
      taxExemptAvailable: channels.taxExemptAvailable,
      defaultLocale: channels.defaultLocale,
      sort: channels.sort,
    })
    .from(channels)
    .innerJoin(currencies, eq(currencies.id, channels.currencyId))
    .orderBy(asc(channels.sort), asc(channels.code));
  const links = await db
    .select({ channelId: channelCountries.channelId, code: countries.code, countryId: countries.id })
    .from(channelCountries)
    .innerJoin(countries, eq(countries.id, channelCountries.countryId))
    .orderBy(asc(countries.sort), asc(countries.name));
  return rows.map(({ sort: _sort, ...r }) => {
    const own = links.filter((l) => l.channelId === r.id);
    return { ...r, countryCodes: own.map((l) => l.code), countryIds: own.map((l) => l.countryId) };
  });
}

/**
 * Channels change rarely (staff edits); every page needs them. Kept in memory and
 * re-read on demand (invalidate() after an edit).
 */
export class ChannelCache {
  private list?: Promise<ChannelInfo[]>;
  constructor(private readonly db: DbOrTx) {}
  all(): Promise<ChannelInfo[]> {
    this.list ??= listChannels(this.db).catch((e) => {
      this.list = undefined;
      throw e;
    });
    return this.list;
  }
  async byCode(code: string | undefined): Promise<ChannelInfo | undefined> {
    return (await this.all()).find((c) => c.code === code);
  }
  invalidate() {
    this.list = undefined;
  }
}

export type CountryRow = { id: number; code: string; name: string };
export type RegionRow = { code: string; name: string };

/** Every country, in no particular order (callers sort with domain sortCountries). */
export function listCountries(db: DbOrTx): Promise<CountryRow[]> {
  return db.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries);
}

/** A country by id or by ISO code (case-insensitive); undefined when there is none. */
export async function findCountry(db: DbOrTx, key: { id: number } | { code: string }): Promise<CountryRow | undefined> {
  const where = 'id' in key ? eq(countries.id, key.id) : eq(countries.code, key.code.toUpperCase());
  const [row] = await db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .where(where)
    .limit(1);
  return row;
}

/** A country's regions (code without the country prefix, name), unsorted. */
export function listRegions(db: DbOrTx, countryId: number): Promise<RegionRow[]> {
  return db.select({ code: regions.code, name: regions.name }).from(regions).where(eq(regions.countryId, countryId));
}

/** A country's regions by its ISO code, sorted by name (the address forms' region select). */
export function listRegionsByCountryCode(db: DbOrTx, countryCode: string): Promise<RegionRow[]> {
  return db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(eq(countries.code, countryCode))
    .orderBy(asc(regions.name));
}
