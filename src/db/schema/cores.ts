/**
 * Core deposits: whether a ship-to taxes a core deposit (core_tax_rules: a region's rule beats
 * its country's; no rule means not taxed). The charge itself is on products.core_charge and
 * channel_prices.core_charge.
 */
import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const coreTaxRules = pgTable(
  'core_tax_rules',
  {
    id: serial('id').primaryKey(),
    /** ISO alpha-2. */
    country: text('country').notNull(),
    /** A region code of that country; '' for the whole country. */
    region: text('region').notNull().default(''),
    taxable: boolean('taxable').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('core_tax_rules_place_uq').on(t.country, t.region)],
);
