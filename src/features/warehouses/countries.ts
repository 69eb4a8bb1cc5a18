/** Countries a warehouse may be in, in the spec's order (US, CA, then by name; countries.sort holds it). */
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { listRegionsByCountryCode } from '../channels/index.ts';

export function countryOptions(db: DbOrTx) {
  return db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.sort), asc(countries.name));
}

export const REGION_NOT_LISTED = 'Choose a state or province from the list.';

/** The regions of a country by code, sorted by name (none for an unknown code). */
export async function regionOptions(db: DbOrTx, countryCode: string): Promise<{ code: string; name: string }[]> {
  if (!/^[A-Za-z]{2}$/.test(countryCode)) return [];
  const rows = await listRegionsByCountryCode(db, countryCode.toUpperCase());
  return rows.map((r) => ({ code: r.code, name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
}
