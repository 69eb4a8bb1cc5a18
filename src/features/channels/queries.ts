/** Channels (a country's storefront: currency, rate, payment methods) and countries. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channelCountries, channels, countries, currencies } from '../../db/schema/index.ts';

export type ChannelInfo = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencyId: number;
  midMarketRate: string;
  taxExemptAvailable: boolean;
  defaultLocale: string;
  countryCodes: string[];
};

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
    .select({ channelId: channelCountries.channelId, code: countries.code })
    .from(channelCountries)
    .innerJoin(countries, eq(countries.id, channelCountries.countryId));
  return rows.map(({ sort: _sort, ...r }) => ({ ...r, countryCodes: links.filter((l) => l.channelId === r.id).map((l) => l.code) }));
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
