/** Checkout's demo data: the sales-tax table, from the same rates the demo orders were taxed with. */
import { taxRates } from '../schema/index.ts';
import { TAX } from './order-plans.ts';
import { insertMany, type SeedTx } from './util.ts';

export async function seedTaxRates(tx: SeedTx): Promise<number> {
  const rows: (typeof taxRates.$inferInsert)[] = [];
  for (const [country, table] of Object.entries(TAX)) {
    const add = (region: string, list: readonly [string, number][]) =>
      list.forEach(([name, rate], sort) =>
        rows.push({ id: rows.length + 1, countryCode: country, regionCode: region, name, rate: rate.toFixed(5), sort }),
      );
    add('', table.default);
    for (const [region, list] of Object.entries(table.regions)) add(region, list);
  }
  await insertMany(tx, taxRates, rows);
  return rows.length;
}
