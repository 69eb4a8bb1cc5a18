/** Sales tax on an order from tax_rates by its ship-to region (domain computeTax; zero when tax exempt). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, orders } from '../../db/schema/index.ts';
import { computeTax, isTaxExempt, ratesFor } from '../../domain/checkout.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { recomputeTotals } from '../cart/service.ts';
import { taxRatesFor } from './queries.ts';

/** Sets orders.tax and tax_breakdown from the current lines and ship-to, then recomputes the totals. Returns the tax in cents. */
export async function applyTax(tx: DbOrTx, orderId: number, now: Date = new Date()): Promise<number> {
  await recomputeTotals(tx, orderId, now);
  const [o] = await tx.select({ subtotal: orders.subtotal, discount: orders.discount, taxExemptId: orders.taxExemptId, shipTo: orders.shipToAddressId }).from(orders).where(eq(orders.id, orderId));
  const [a] = o.shipTo ? await tx.select({ country: addresses.countryCode, region: addresses.regionCode }).from(addresses).where(eq(addresses.id, o.shipTo)) : [];
  const rates = a ? ratesFor(await taxRatesFor(tx, a.country), a.region).map((r) => ({ name: r.name, rate: Number(r.rate) })) : [];
  const lines = computeTax(Math.max(0, toCents(o.subtotal) - toCents(o.discount)), rates, isTaxExempt(o.taxExemptId));
  const cents = lines.reduce((s, t) => s + t.amountCents, 0);
  await tx.update(orders).set({ tax: fromCents(cents), taxBreakdown: lines.map((t) => ({ name: t.name, rate: t.rate, amount: fromCents(t.amountCents) })) }).where(eq(orders.id, orderId));
  await recomputeTotals(tx, orderId, now);
  return cents;
}
