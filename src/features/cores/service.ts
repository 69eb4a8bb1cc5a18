/**
 * Editing the core tax rules (products.edit): one rule per country and region, set (added or
 * changed) or removed, each write audited in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coreTaxRules } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { audit } from '../audit/index.ts';
import { placeExists } from './queries.ts';
import { CORE_RULE_MESSAGES, type CoreTaxRuleBody } from './schemas.ts';

/** Adds the place's rule, or changes it when the place has one already. */
export async function setCoreTaxRule(
  db: Db,
  body: CoreTaxRuleBody,
  userId: number,
): Promise<{ id: number; created: boolean }> {
  const known = await placeExists(db, body.country, body.region);
  if (!known.country) throw invalid(CORE_RULE_MESSAGES.country, { country: CORE_RULE_MESSAGES.country });
  if (!known.region) throw invalid(CORE_RULE_MESSAGES.region, { region: CORE_RULE_MESSAGES.region });
  const taxable = body.taxable === 'yes';
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: coreTaxRules.id })
      .from(coreTaxRules)
      .where(and(eq(coreTaxRules.country, body.country), eq(coreTaxRules.region, body.region)));
    const [row] = await tx
      .insert(coreTaxRules)
      .values({ country: body.country, region: body.region, taxable })
      .onConflictDoUpdate({
        target: [coreTaxRules.country, coreTaxRules.region],
        set: { taxable, updatedAt: new Date() },
      })
      .returning({ id: coreTaxRules.id });
    const created = !before;
    await audit(tx, {
      action: 'core_tax_rule.set',
      entity: 'core_tax_rule',
      entityId: row.id,
      userId,
      message: `Core deposits ${taxable ? 'taxed' : 'not taxed'} in ${body.country}${body.region ? `-${body.region}` : ''}`,
      data: { country: body.country, region: body.region, taxable },
    });
    return { id: row.id, created };
  });
}

/** Removes a rule: the place then follows its country's rule, or none (not taxed). */
export async function removeCoreTaxRule(db: Db, id: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(coreTaxRules).where(eq(coreTaxRules.id, id)).returning();
    if (!gone) throw notFound('Core tax rule not found.');
    await audit(tx, {
      action: 'core_tax_rule.delete',
      entity: 'core_tax_rule',
      entityId: id,
      userId,
      message: `Core deposit rule of ${gone.country}${gone.region ? `-${gone.region}` : ''} removed`,
      data: { country: gone.country, region: gone.region, taxable: gone.taxable },
    });
  });
}
