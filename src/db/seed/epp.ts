/**
 * EPP demo data beyond the rules row (seeded with the promotions in orders.ts): a promotional plan
 * (0 % over 12 months on planters) and product eligibility. Services and warranties are not
 * financed (paid in full with the down payment).
 */
import { eppProducts, eppPromotions } from '../schema/index.ts';
import type { ProductRef } from './catalog.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';

export const EPP_PROMOTION = { id: 1, code: 'PLANT-0-12', name: '0% APR for 12 months on planters', months: 12, interestRatePercent: '0.00', feePercent: '0.00' };

/** Planters (the promotion) by stock code prefix or code; what is never financed. */
const PROMO_CODES = (code: string) => code.startsWith('PL-') || code === 'DEMO-CONFIG' || code === 'DEMO-CALL';
const NOT_FINANCED = ['SV-SETUP', 'SV-WARR-2'];

export async function seedEpp(tx: SeedTx, products: Map<string, ProductRef>): Promise<void> {
  const at = daysAgo(120);
  await insertMany(tx, eppPromotions, [{ ...EPP_PROMOTION, active: true, startsAt: daysAgo(200), endsAt: null, createdAt: at, updatedAt: at }]);
  const rows: (typeof eppProducts.$inferInsert)[] = [];
  for (const [code, p] of products) {
    if (PROMO_CODES(code)) rows.push({ productId: p.id, eligible: true, eppPromotionId: EPP_PROMOTION.id });
    else if (NOT_FINANCED.includes(code)) rows.push({ productId: p.id, eligible: false, eppPromotionId: null });
  }
  await insertMany(tx, eppProducts, rows);
}
