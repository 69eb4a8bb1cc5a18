/**
 * Core deposits demo data: the remanufactured vacuum meter housing (MT-VMH) carries an $85.00
 * core charge, and where a deposit is taxed: not in the United States as a whole, but in
 * California; everywhere in Canada except Alberta (Mexico has no rule, so it is not taxed).
 */
import { eq, sql } from 'drizzle-orm';
import { coreTaxRules, products } from '../schema/index.ts';
import { EPOCH, type SeedTx } from './util.ts';

export const CORE_PART = { stockcode: 'MT-VMH', coreCharge: '85.00' } as const;

export const CORE_TAX_RULES = [
  { country: 'US', region: '', taxable: false },
  { country: 'US', region: 'CA', taxable: true },
  { country: 'CA', region: '', taxable: true },
  { country: 'CA', region: 'AB', taxable: false },
] as const;

export async function seedCores(tx: SeedTx): Promise<void> {
  await tx
    .update(products)
    // The row's own updated_at is kept (drizzle would stamp now): seeding twice writes the same data.
    .set({ coreCharge: CORE_PART.coreCharge, updatedAt: sql`${products.updatedAt}` })
    .where(eq(products.stockcode, CORE_PART.stockcode));
  await tx.insert(coreTaxRules).values(CORE_TAX_RULES.map((r) => ({ ...r, createdAt: EPOCH, updatedAt: EPOCH })));
}
