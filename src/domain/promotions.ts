/**
 * A promotion row → what the one ledger (ledger.ts) takes: ONE function, used by the cart, checkout
 * (through the cart's settle), the staff order editor (repriceOrder) and the demo seed, so a
 * promotion's conditions are honoured wherever it is priced:
 *   amountCents  = the first action's value (USD) in the order's currency, at the channel's rate
 *                  (pricing.ts usdToChannelCents, as option prices convert)
 *   appliesTo    = 'parts' → only lines tagged PART_TAG; 'all' → every product line
 *   freeShipping = the promotion also takes the order's shipping off (ledger shippingDiscount)
 *   priority     = higher first (ledger.ts STACKING_RULE)
 */
import type { PromotionScope } from './constants.ts';
import type { LedgerPromotion, LedgerScope } from './ledger.ts';
import { parseCents } from './money.ts';
import { usdToChannelCents } from './pricing.ts';

/** The tag a product line carries when its product is a part (see PARTS_CATEGORY_SLUG). */
export const PART_TAG = 'part';

/** A product is a part when it is in this category or one below it (the catalogue's "Parts"). */
export const PARTS_CATEGORY_SLUG = 'parts';

/** What a promotion row holds that pricing reads (a promotions row, or the seed's plan of one). */
export type PromotionRowLike = {
  name: string;
  configuration?: unknown;
  priority?: number | null;
  appliesTo?: PromotionScope | string | null;
  freeShipping?: boolean | null;
};

/** Why: the face value is configuration[0].actions[0].value, in USD major units; junk or missing counts 0. */
export function promotionUsdCents(configuration: unknown): number {
  const c = configuration as { actions?: { value?: unknown }[] }[] | null | undefined;
  const cents = parseCents(Array.isArray(c) ? c[0]?.actions?.[0]?.value : undefined) ?? 0;
  return cents > 0 ? cents : 0;
}

/** Why: 'parts' narrows a promotion to part lines; anything else applies to every product line. */
export function promotionScope(appliesTo: PromotionScope | string | null | undefined): LedgerScope | undefined {
  return appliesTo === 'parts' ? { tags: [PART_TAG] } : undefined;
}

/** A line's tags for the ledger: a part carries PART_TAG. */
export function lineTags(isPart: boolean): readonly string[] {
  return isPart ? [PART_TAG] : [];
}

/** THE promotion → ledger promotion, its value converted from USD to the order's channel currency. */
export function ledgerPromotion(row: PromotionRowLike, channel: { midMarketRate: string | number }): LedgerPromotion {
  return {
    name: row.name,
    amountCents: usdToChannelCents(promotionUsdCents(row.configuration), {
      midMarketRate: String(channel.midMarketRate),
    }),
    priority: row.priority ?? 0,
    freeShipping: !!row.freeShipping,
    appliesTo: promotionScope(row.appliesTo),
  };
}

/** Why: a promotion that neither takes anything off nor frees shipping has nothing to apply. */
export function promotionCanApply(p: LedgerPromotion): boolean {
  return p.amountCents > 0 || !!p.freeShipping;
}
