/**
 * Back-order demo data: a heavy-duty hopper lid out of stock everywhere that may be back-ordered,
 * with a restock expected at Des Moines three weeks after the seed ran (relative, so the date is
 * always ahead of the demo) and lead times at the two active warehouses. Runs after the
 * sequences are reset: its rows take ids the usual way.
 */
import { eq } from 'drizzle-orm';
import { inventory, productCategories, products, restockExpectations, warehouses } from '../schema/index.ts';
import { WAREHOUSE } from './ids.ts';
import type { SeedTx } from './util.ts';

/** The back-orderable demo part. */
export const BACKORDER_PART = { stockcode: 'PP-SHL-HD', title: 'Seed Hopper Lid, Heavy Duty' } as const;
/** Days after seeding when its restock is expected. */
export const BACKORDER_RESTOCK_DAYS = 21;

export async function seedBackorders(tx: SeedTx, now = new Date()): Promise<void> {
  const [lid] = await tx.select().from(products).where(eq(products.stockcode, 'PP-SHL')).limit(1);
  if (!lid) return;
  const { id: _id, sku: _sku, createdAt: _c, updatedAt: _u, ...copy } = lid;
  const [part] = await tx
    .insert(products)
    .values({
      ...copy,
      title: BACKORDER_PART.title,
      stockcode: BACKORDER_PART.stockcode,
      slug: 'seed-hopper-lid-heavy-duty',
      price: '39.00',
      description: '<p>Impact-resistant lid for the seed hopper, with a stainless latch. Ships on back order.</p>',
      allowBackorder: true,
    })
    .returning({ id: products.id });
  const cats = await tx.select().from(productCategories).where(eq(productCategories.productId, lid.id));
  if (cats.length)
    await tx.insert(productCategories).values(cats.map(({ productId: _p, ...c }) => ({ ...c, productId: part.id })));
  await tx.update(warehouses).set({ leadTimeDays: 14 }).where(eq(warehouses.id, WAREHOUSE.us));
  await tx.update(warehouses).set({ leadTimeDays: 28 }).where(eq(warehouses.id, WAREHOUSE.ca));
  await tx.insert(inventory).values([
    { warehouseId: WAREHOUSE.us, productId: part.id, quantity: 0, reserved: 0 },
    { warehouseId: WAREHOUSE.ca, productId: part.id, quantity: 0, reserved: 0 },
  ]);
  const expectedOn = new Date(now.getTime() + BACKORDER_RESTOCK_DAYS * 86_400_000).toISOString().slice(0, 10);
  await tx.insert(restockExpectations).values({
    productId: part.id,
    warehouseId: WAREHOUSE.us,
    quantity: 40,
    expectedOn,
  });
}
