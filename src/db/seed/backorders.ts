/**
 * Back-order demo data: a heavy-duty hopper lid out of stock everywhere that may be back-ordered,
 * with a restock expected at Des Moines three weeks after the seed ran (relative, so the date is
 * always ahead of the demo) and lead times at the two active warehouses, and its name in French
 * and Spanish. It sits beside the standard lid under callout 9 of the 4-row row-unit diagram and
 * fits that planter from serial 150000 (built after the fitment change), so a farmer finds it from
 * the diagram of their own machine. Runs last, before the sequences are reset: its rows take the next ids explicitly,
 * so seeding twice writes the same rows.
 */
import { eq, sql } from 'drizzle-orm';
import {
  diagramComponents,
  fitments,
  inventory,
  machineModels,
  productCategories,
  products,
  restockExpectations,
  translations,
  translationVersions,
  warehouses,
} from '../schema/index.ts';
import { catalogField } from '../../domain/catalog-text.ts';
import { USER, WAREHOUSE } from './ids.ts';
import { EPOCH, type SeedTx } from './util.ts';

/** The next id of a table whose rows the seed numbers itself. */
async function nextId(tx: SeedTx, table: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select coalesce(max(id), 0)::int + 1 as id from ${sql.identifier(table)}`,
  );
  return Number(rows[0].id);
}

/** The back-orderable demo part. */
export const BACKORDER_PART = { stockcode: 'PP-SHL-HD', title: 'Seed Hopper Lid, Heavy Duty' } as const;
/** Days after seeding when its restock is expected. */
export const BACKORDER_RESTOCK_DAYS = 21;

/** The part itself: the hopper lid's copy, back-orderable, in the same categories. */
async function seedPart(tx: SeedTx): Promise<number | null> {
  const [lid] = await tx.select().from(products).where(eq(products.stockcode, 'PP-SHL')).limit(1);
  if (!lid) return null;
  const { id: _id, sku: _sku, ...copy } = lid;
  const [part] = await tx
    .insert(products)
    .values({
      ...copy,
      id: await nextId(tx, 'products'),
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
  return part.id;
}

/** None on the shelves of the two active warehouses, which set their lead times. */
async function seedNoStock(tx: SeedTx, productId: number) {
  // Plain SQL: the lead times only, the warehouses' own timestamps as seeded.
  await tx.execute(
    sql`update ${warehouses} set lead_time_days = case id when ${WAREHOUSE.us} then 14 else 28 end where id in (${WAREHOUSE.us}, ${WAREHOUSE.ca})`,
  );
  const row = await nextId(tx, 'inventory');
  const empty = (id: number, warehouseId: number) => ({
    id,
    warehouseId,
    productId,
    quantity: 0,
    reserved: 0,
    createdAt: EPOCH,
    updatedAt: EPOCH,
  });
  await tx.insert(inventory).values([empty(row, WAREHOUSE.us), empty(row + 1, WAREHOUSE.ca)]);
}

const NAMES: ['title' | 'description', 'fr' | 'es', string][] = [
  ['title', 'fr', 'Couvercle de trémie à semences, robuste'],
  ['title', 'es', 'Tapa de tolva de semillas, uso rudo'],
  [
    'description',
    'fr',
    '<p>Couvercle résistant aux chocs pour la trémie, avec loquet inoxydable. Expédié en commande.</p>',
  ],
  [
    'description',
    'es',
    '<p>Tapa resistente a impactos para la tolva, con pestillo inoxidable. Se envía como pedido pendiente.</p>',
  ],
];

/** Its name and description in French and Spanish, each a first version. */
async function seedNames(tx: SeedTx, productId: number) {
  const text = await nextId(tx, 'translations');
  await tx.insert(translations).values(
    NAMES.map(([field, language, value], k) => ({
      id: text + k,
      field: catalogField('product', productId, field),
      language,
      country: '',
      value,
      version: 1,
      updatedBy: USER.admin,
      createdAt: EPOCH,
      updatedAt: EPOCH,
    })),
  );
  const version = await nextId(tx, 'translation_versions');
  await tx.insert(translationVersions).values(
    NAMES.map(([, , value], k) => ({
      id: version + k,
      translationId: text + k,
      value,
      version: 1,
      createdBy: USER.admin,
      createdAt: EPOCH,
    })),
  );
}

/** Under the standard lid's callout on the row-unit diagram, fitting the 4-row planter from serial 150000. */
async function seedOnDiagram(tx: SeedTx, productId: number) {
  const [lid] = await tx
    .select()
    .from(diagramComponents)
    .innerJoin(products, eq(products.id, diagramComponents.productId))
    .where(eq(products.stockcode, 'PP-SHL'))
    .orderBy(diagramComponents.diagramId)
    .limit(1);
  const [model] = await tx.select({ id: machineModels.id }).from(machineModels).where(eq(machineModels.code, 'PL-4RV'));
  if (!lid || !model) return;
  const { id: _id, productId: _p, sort, ...place } = lid.diagram_components;
  await tx
    .insert(diagramComponents)
    .values({ ...place, id: await nextId(tx, 'diagram_components'), productId, sort: sort + 1 });
  await tx
    .insert(fitments)
    .values({ id: await nextId(tx, 'fitments'), modelId: model.id, productId, serialFrom: '150000' });
}

export async function seedBackorders(tx: SeedTx, now = new Date()): Promise<void> {
  const productId = await seedPart(tx);
  if (productId === null) return;
  await seedNoStock(tx, productId);
  await seedNames(tx, productId);
  await seedOnDiagram(tx, productId);
  const expectedOn = new Date(now.getTime() + BACKORDER_RESTOCK_DAYS * 86_400_000).toISOString().slice(0, 10);
  await tx.insert(restockExpectations).values({
    id: 1,
    productId,
    warehouseId: WAREHOUSE.us,
    quantity: 40,
    expectedOn,
    createdAt: EPOCH,
    updatedAt: EPOCH,
  });
}
