/**
 * Supersession demo data: the 4-row planter's rubber closing wheel was replaced by the spiked one
 * at the fitment change (src/db/seed/machines.ts), so a machine built after it is pointed there.
 */
import { partSupersessions } from '../schema/index.ts';
import { EPOCH, type SeedTx } from './util.ts';

export const SUPERSESSIONS = [{ from: 'PP-RCW-12', to: 'PP-SCW' }] as const;

export async function seedSupersessions(tx: SeedTx, products: Map<string, { id: number }>): Promise<void> {
  const id = (code: string) => {
    const p = products.get(code);
    if (!p) throw new Error(`seed supersessions: no product ${code}`);
    return p.id;
  };
  await tx
    .insert(partSupersessions)
    .values(
      SUPERSESSIONS.map((s) => ({ productId: id(s.from), replacedById: id(s.to), createdAt: EPOCH, updatedAt: EPOCH })),
    );
}
