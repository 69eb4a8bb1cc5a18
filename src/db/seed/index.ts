/**
 * The demo data (contract, "Demo data"): `seed(db)` fills an empty, migrated database in one
 * transaction. Deterministic: one seeded PRNG, every date an offset from EPOCH (2026-06-01),
 * explicit ids. `opts.orders` sets the number of orders (default 64; benchmarks use 100 000).
 */
import { catalogTranslations } from './catalog-i18n.ts';
import { sql } from 'drizzle-orm';
import { users } from '../schema/index.ts';
import { seedAccounts, seedOrganisations } from './accounts.ts';
import { seedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedTranslations } from './content-translations.ts';
import { seedGeo } from './geo.ts';
import { seedStock, seedWarehouses } from './inventory.ts';
import { seedOrders, seedPromotions } from './orders.ts';
import { seedQuotes } from './quotes.ts';
import { seedReturns } from './returns.ts';
import { resetSequences, Rng, type SeedDb } from './util.ts';
import { seedParts } from './parts.ts';
import { seedMachines } from './machines.ts';
import { seedSupersessions } from './supersessions.ts';
import { seedCores } from './cores.ts';
import { seedMachineDown } from './machine-down.ts';
import { seedBackorders } from './backorders.ts';
import { seedTaxRates } from './checkout.ts';
import { seedPaymentMethods } from './payment-methods.ts';
import { seedEpp, seedEppPlans } from './epp.ts';

export { DEMO_PASSWORD } from './accounts.ts';
export { DEMO_WAREHOUSE_KEYS } from './inventory.ts';
export { EPOCH } from './util.ts';

/** onProgress is called after each batch of orders is written (the CLI prints a progress line). */
export type SeedOptions = { orders?: number; onProgress?: (done: number, total: number) => void };
export type SeedSummary = {
  users: number;
  products: number;
  inventory: number;
  orders: number;
  lineItems: number;
  payments: number;
  translations: number;
  instructionals: number;
  logs: number;
};

export const DEFAULT_DEMO_ORDERS = 64;

/** True when the database holds no users: the signal to load the demo data. */
export async function isDatabaseEmpty(db: SeedDb): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length === 0;
}

export async function seed(db: SeedDb, opts: SeedOptions = {}): Promise<SeedSummary> {
  const orderCount = opts.orders ?? DEFAULT_DEMO_ORDERS;
  if (!Number.isInteger(orderCount) || orderCount < 0)
    throw new RangeError(`orders must be a whole number, not ${opts.orders}`);
  return db.transaction(async (tx) => {
    // The report rollup's triggers are off while the orders go in row by row; one rebuild at the end.
    await tx.execute(sql`select set_config('app.report_rollup', 'off', true)`);
    const rng = new Rng(20260601);
    const geo = await seedGeo(tx);
    await seedOrganisations(tx);
    await seedWarehouses(tx, geo);
    const people = await seedAccounts(tx, geo);
    const products = await seedCatalog(tx, geo, rng);
    const inventory = await seedStock(tx, products, rng);
    await seedPromotions(tx);
    await seedEpp(tx, products); // EPP promotion and product eligibility
    const orders = await seedOrders(tx, geo, people, products, rng, orderCount, opts.onProgress);
    // Statistics for what was just written (ANALYZE in a transaction counts its own new rows):
    // without them the planner guesses, and at 1 000 000 orders the EPP step's lookups of each
    // order's payment chose a scan of every payment per order.
    await tx.execute(sql`analyze orders, payments, order_fees, order_line_items`);
    await seedEppPlans(tx); // the EPP orders' plans and schedules
    await seedQuotes(tx); // the distributor's quote request
    await seedReturns(tx); // the demo customer's returned order and a return waiting for staff
    const content = await seedContent(tx, products);
    await seedParts(tx, products); // parts diagrams 2-3, quantities per assembly, dealer hours
    await seedMachines(tx, products); // machine models, fitment, the demo customer's planter
    await seedSupersessions(tx, products); // the rubber closing wheel replaced by the spiked one
    await seedCores(tx); // the meter housing's core charge, where deposits are taxed
    // Interface text, then the catalogue's French and Spanish, once every catalogue entity exists.
    const translations = await seedTranslations(tx, await catalogTranslations(tx));
    await seedTaxRates(tx); // checkout
    await seedPaymentMethods(tx); // saved payment methods
    await seedMachineDown(tx); // one open order whose machine is stopped
    await seedBackorders(tx); // a back-orderable part with its expected restock
    await resetSequences(tx);
    await tx.execute(sql`select report_rebuild()`);
    await tx.execute(sql`select set_config('app.report_rollup', 'on', true)`);
    return {
      users: people.filter((p) => p.userId !== null).length,
      products: products.size,
      inventory,
      ...orders,
      translations,
      ...content,
    };
  });
}
