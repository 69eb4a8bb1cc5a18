/**
 * Sales tax on an order from tax_rates by its ship-to region (domain computeTax; zero when tax
 * exempt). Core deposits are kept in step with their parts first (core-lines.ts) and are taxed
 * only where core_tax_rules say the ship-to taxes them (domain cores.ts coreTaxable).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, coreTaxRules, orderLineItems, orders } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { computeTax, isTaxExempt, ratesFor } from '../../domain/checkout.ts';
import { coreTaxable } from '../../domain/cores.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { recomputeTotals, syncCoreLines } from '../../features/cart/index.ts';
import { taxRatesFor } from './queries.ts';

/** Whether the ship-to taxes core deposits (no address yet: not taxed). */
async function depositsTaxed(tx: DbOrTx, a: { country: string; region: string | null } | undefined) {
  if (!a) return false;
  const rules = await tx.select().from(coreTaxRules).where(eq(coreTaxRules.country, a.country));
  return coreTaxable(rules, a.country, a.region ?? '');
}

/** Sets orders.tax and tax_breakdown from the current lines and ship-to, then recomputes the totals. Returns the tax in cents. */
export async function applyTax(tx: DbOrTx, orderId: number, now: Date = new Date()): Promise<number> {
  await syncCoreLines(tx, orderId);
  await recomputeTotals(tx, orderId, now);
  const [o] = await tx
    .select({ taxExemptId: orders.taxExemptId, shipTo: orders.shipToAddressId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [a] = o.shipTo
    ? await tx
        .select({ country: addresses.countryCode, region: addresses.regionCode })
        .from(addresses)
        .where(eq(addresses.id, o.shipTo))
    : [];
  const taxedDeposits = await depositsTaxed(tx, a);
  // Taxed: the goods after every discount (Σ product lines' total_discounted, as the ledger's
  // taxedGoods); not subtotal − discount, which also holds a free-shipping promotion's shipping
  // discount. A core deposit counts only where the ship-to taxes deposits.
  const [g] = await tx
    .select({ net: sql<string>`coalesce(sum(${orderLineItems.totalDiscounted}), 0)::text` })
    .from(orderLineItems)
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
        taxedDeposits ? undefined : isNull(orderLineItems.coreOfLineId),
      ),
    );
  const rates = a
    ? ratesFor(await taxRatesFor(tx, a.country), a.region).map((r) => ({ name: r.name, rate: Number(r.rate) }))
    : [];
  const lines = computeTax(Math.max(0, toCents(g.net)), rates, isTaxExempt(o.taxExemptId));
  const cents = lines.reduce((s, t) => s + t.amountCents, 0);
  await tx
    .update(orders)
    .set({
      tax: fromCents(cents),
      taxBreakdown: lines.map((t) => ({ name: t.name, rate: t.rate, amount: fromCents(t.amountCents) })),
    })
    .where(eq(orders.id, orderId));
  await recomputeTotals(tx, orderId, now);
  return cents;
}
