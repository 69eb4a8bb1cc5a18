/** The core tax rules as stored, with the place names the screen shows. */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coreTaxRules, countries, regions } from '../../db/schema/index.ts';
import type { CoreTaxRule } from '../../domain/cores.ts';

export type CoreTaxRuleRow = CoreTaxRule & { id: number; countryName: string | null; regionName: string | null };

/** Every rule, by country then region (the country-wide one first). */
export async function listCoreTaxRules(db: DbOrTx): Promise<CoreTaxRuleRow[]> {
  const rows = await db
    .select({
      id: coreTaxRules.id,
      country: coreTaxRules.country,
      region: coreTaxRules.region,
      taxable: coreTaxRules.taxable,
      countryName: countries.name,
      countryId: countries.id,
    })
    .from(coreTaxRules)
    .leftJoin(countries, eq(countries.code, coreTaxRules.country))
    .orderBy(asc(coreTaxRules.country), asc(coreTaxRules.region));
  const names = await db.select({ countryId: regions.countryId, code: regions.code, name: regions.name }).from(regions);
  const regionName = new Map(names.map((r) => [`${r.countryId}:${r.code}`, r.name]));
  return rows.map(({ countryId, ...r }) => ({
    ...r,
    regionName: r.region ? (regionName.get(`${countryId}:${r.region}`) ?? null) : null,
  }));
}

/** The countries the form offers, by the spec's order (US, CA, then by name). */
export async function countryOptions(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.sort), asc(countries.name));
}

/** Whether a country exists, and (when given) the region is one of its own. */
export async function placeExists(
  db: DbOrTx,
  country: string,
  region: string,
): Promise<{ country: boolean; region: boolean }> {
  const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, country));
  if (!c) return { country: false, region: false };
  if (!region) return { country: true, region: true };
  const [r] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.countryId, c.id), eq(regions.code, region)));
  return { country: true, region: !!r };
}
