/**
 * Machine models and fitment demo data: the four planters as models (serial masks and the serial
 * ranges built so far), the row-unit diagram's fitment with a change at serial 150000 (the rubber
 * closing wheel up to 149999, the spiked wheel from 150000), and the demo customer's planter,
 * built after the change, so the parts explorer dims the old wheel for it.
 */
import { eq } from 'drizzle-orm';
import { customerMachines, fitments, machineModels, users } from '../schema/index.ts';
import { EPOCH, type SeedTx } from './util.ts';

export const MACHINE_MODELS = [
  { code: 'PL-2RC', name: '2-Row Compact Planter', format: 'C#####', from: 'C00001', to: 'C04999' },
  { code: 'PL-4RV', name: '4-Row Vacuum Planter', format: '######', from: '100000', to: '199999' },
  { code: 'PL-6RV', name: '6-Row Vacuum Planter', format: '######', from: '200000', to: '299999' },
  { code: 'PL-8RV', name: '8-Row Vacuum Planter', format: '######', from: '300000', to: '399999' },
] as const;

/** The serial at which the 4-row planter's closing wheel changed. */
export const FITMENT_CHANGE = { model: 'PL-4RV', lastOld: '149999', firstNew: '150000' } as const;

export async function seedMachines(tx: SeedTx, products: Map<string, { id: number }>): Promise<void> {
  const product = (code: string) => products.get(code)?.id ?? null;
  const models = await tx
    .insert(machineModels)
    .values(
      MACHINE_MODELS.map((m) => ({
        code: m.code,
        name: m.name,
        productId: product(m.code),
        serialFormat: m.format,
        serialFrom: m.from,
        serialTo: m.to,
        createdAt: EPOCH,
        updatedAt: EPOCH,
      })),
    )
    .returning({ id: machineModels.id, code: machineModels.code });
  const model = (code: string) => models.find((m) => m.code === code)!.id;
  const part = (code: string) => {
    const id = product(code);
    if (!id) throw new Error(`seed machines: no product ${code}`);
    return id;
  };
  const four = model('PL-4RV');
  await tx.insert(fitments).values([
    // Each diagram shows one planter's parts.
    { modelId: four, diagramId: 1 },
    { modelId: model('PL-6RV'), diagramId: 2 },
    { modelId: model('PL-8RV'), diagramId: 3 },
    // The fitment change on the row unit's closing wheels (callout 5).
    { modelId: four, productId: part('PP-RCW-12'), serialFrom: '100000', serialTo: FITMENT_CHANGE.lastOld },
    { modelId: four, productId: part('PP-SCW'), serialFrom: FITMENT_CHANGE.firstNew },
    // The seed tube guard (callout 10) came with serial 120000.
    { modelId: four, diagramId: 1, callout: '10', serialFrom: '120000' },
  ]);
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'customer@example.com'));
  if (customer)
    await tx.insert(customerMachines).values({
      userId: customer.id,
      modelId: four,
      serial: '162345',
      year: 2023,
      name: 'North planter',
      hours: 410,
      acres: 2600,
      createdAt: EPOCH,
      updatedAt: EPOCH,
    });
}
