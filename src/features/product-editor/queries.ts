/** Reads of the product editor: the list, one product in the editor's shape, duplicates, reference data. */
import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  categories,
  channelPrices,
  channels,
  channelWarehouses,
  countries,
  currencies,
  distributors,
  inventory,
  optionChoices,
  organisations,
  productAudits,
  productCategories,
  productDistributors,
  productOptions,
  products,
  warehouses,
} from '../../db/schema/index.ts';
import {
  categoryStateFor,
  distributorWarehouses,
  emptyProduct,
  type DuplicateField,
  type EditorChoice,
  type EditorOption,
  type ProductEditorData,
} from '../../domain/product-editor.ts';

export const PAGE_SIZE = 25;

/** The editor's list: newest first, searched by title, stock code or SKU, keyset on id. */
export async function listProducts(db: DbOrTx, q: string, after: number | null) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    q ? or(ilike(products.title, like), ilike(products.stockcode, like), ilike(products.sku, like)) : undefined,
    after ? sql`${products.id} < ${after}` : undefined,
  );
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      stockcode: products.stockcode,
      sku: products.sku,
      status: products.status,
      price: products.price,
      primaryImage: products.primaryImage,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.id))
    .limit(PAGE_SIZE + 1);
  return { rows: rows.slice(0, PAGE_SIZE), next: rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1].id : null };
}

const COLUMN: Record<DuplicateField, AnyColumn> = {
  stockcode: products.stockcode,
  sku: products.sku,
  gtin: products.gtin,
  slug: products.slug,
  title: products.title,
};

/** Another product already using this value (case-insensitive), or null. */
export async function findDuplicate(db: DbOrTx, field: DuplicateField, value: string, exceptId: number | null) {
  if (!value.trim()) return null;
  const [row] = await db
    .select({ id: products.id, title: products.title, stockcode: products.stockcode })
    .from(products)
    .where(and(sql`lower(${COLUMN[field]}) = lower(${value.trim()})`, exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Every duplicate among the product's unique-ish fields, as field errors. */
export async function duplicateFields(
  db: DbOrTx,
  data: Record<DuplicateField, string>,
  exceptId: number | null,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const field of ['stockcode', 'sku', 'gtin', 'slug', 'title'] as const) {
    const hit = await findDuplicate(db, field, data[field] ?? '', exceptId);
    if (hit) out[field] = duplicateMessage(field, hit);
  }
  return out;
}

export function duplicateMessage(field: DuplicateField, hit: { title: string; stockcode: string }) {
  const label = { stockcode: 'stock code', sku: 'SKU', gtin: 'GTIN', slug: 'slug', title: 'title' }[field];
  return `Another product (${hit.stockcode}, “${hit.title}”) already uses this ${label}.`;
}

export async function productIdsByStockcodeOrSku(db: DbOrTx, stockcode: string, sku: string) {
  return db
    .select({ id: products.id, isKit: products.isKit })
    .from(products)
    .where(
      or(
        sql`lower(${products.stockcode}) = lower(${stockcode})`,
        sku ? sql`lower(${products.sku}) = lower(${sku})` : undefined,
      ),
    )
    .limit(2);
}

export async function categoryTree(db: DbOrTx) {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
}

/** Warehouses run by an organisation (a distributor's), every one, active or not. */
function distributorHouses(db: DbOrTx) {
  return db
    .select({ id: warehouses.id, organisationId: warehouses.organisationId })
    .from(warehouses)
    .where(isNotNull(warehouses.organisationId));
}

/** Channels, warehouses, distributors and countries the editor chooses from. */
export async function referenceData(db: DbOrTx) {
  const [ch, wh, chWh, dist, ctry, cats] = await Promise.all([
    db
      .select({
        id: channels.id,
        code: channels.code,
        name: channels.name,
        currency: currencies.code,
        midMarketRate: channels.midMarketRate,
      })
      .from(channels)
      .innerJoin(currencies, eq(currencies.id, channels.currencyId))
      .orderBy(asc(channels.sort)),
    db
      .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.id)),
    db
      .select({ channelId: channelWarehouses.channelId, warehouseId: channelWarehouses.warehouseId })
      .from(channelWarehouses),
    db
      .select({ id: distributors.id, name: distributors.name, organisationId: distributors.organisationId })
      .from(distributors)
      .orderBy(asc(distributors.name)),
    db
      .select({ code: countries.code, name: countries.name })
      .from(countries)
      .orderBy(asc(countries.sort), asc(countries.name)),
    categoryTree(db),
  ]);
  const byDistributor = distributorWarehouses(dist, await distributorHouses(db));
  return {
    channels: ch.map((c) => ({
      ...c,
      warehouseIds: chWh.filter((x) => x.channelId === c.id).map((x) => x.warehouseId),
    })),
    warehouses: wh,
    distributors: dist.map((d) => ({ ...d, warehouseIds: byDistributor.get(d.id) ?? [] })),
    countries: ctry,
    categories: cats,
  };
}
export type ReferenceData = Awaited<ReturnType<typeof referenceData>>;

export async function distributorAmountOf(db: DbOrTx, organisationId: number | null): Promise<number> {
  if (!organisationId) return 3;
  const [o] = await db
    .select({ n: organisations.distributorAmount })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return o?.n ?? 3;
}

/** The product as the editor holds it (spec §3), or null when it does not exist. */
export async function loadEditorData(db: DbOrTx, productId: number): Promise<ProductEditorData | null> {
  const [p] = await db.select().from(products).where(eq(products.id, productId));
  if (!p) return null;
  // One after another: inside a transaction the queries share one client (no pipelining on it).
  const cats = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const allCats = await categoryTree(db);
  const options = await editorOptions(db, productId);
  const distributorRows = await editorDistributors(db, productId);
  const channelRows = await editorChannels(db, productId);
  const parent = new Map(allCats.map((c) => [c.id, c.parentId]));
  const base = emptyProduct();
  return {
    ...base,
    product_id: p.id,
    title: p.title,
    slug: p.slug,
    stockcode: p.stockcode,
    sku: p.sku ?? '',
    gtin: p.gtin ?? '',
    brand: p.brand ?? '',
    tariff_code: p.tariffCode ?? '',
    shipping_label: p.shippingLabel ?? '',
    is_kit: p.isKit,
    description: p.description,
    status: (p.status === 1 || p.status === 2 ? p.status : 0) as 0 | 1 | 2,
    notes: p.notes ?? '',
    inventory_type: p.inventoryType,
    availability: p.availability,
    price: p.price,
    core_charge: p.coreCharge ?? '',
    primary_image: p.primaryImage ?? '',
    images: p.images,
    image_hash: p.imageHash ?? '',
    ...categoryStateFor(
      cats.map((c) => c.id),
      (id) => parent.get(id) ?? null,
    ),
    box_method: p.boxMethod ?? '',
    class: p.class ?? '',
    nmfc: p.nmfc ?? '',
    product_length: p.length,
    product_width: p.width,
    product_height: p.height,
    product_weight: p.weight,
    is_physical: p.isPhysical,
    is_stackable: p.isStackable,
    stackable_quantity: p.stackableQuantity,
    stackable_length: p.stackableLength,
    stackable_width: p.stackableWidth,
    stackable_height: p.stackableHeight,
    isNonStock: p.isNonStock,
    isNonStockLabel: p.nonStockLabel ?? '',
    returnable: p.returnable,
    return_window_days: p.returnWindowDays,
    coo: p.coo ?? '',
    options,
    taxonomy_terms: p.taxonomyTerms,
    distributors: distributorRows,
    channels: channelRows,
    savedDistributors: distributorRows.map((d) => d.distributor),
  };
}

/** The product's options as a tree: each choice holds the options shown under it. */
async function editorOptions(db: DbOrTx, productId: number): Promise<EditorOption[]> {
  const opts = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.sort), asc(productOptions.id));
  const choices = await db
    .select({ c: optionChoices })
    .from(optionChoices)
    .innerJoin(productOptions, eq(productOptions.id, optionChoices.optionId))
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(optionChoices.sort), asc(optionChoices.id));
  const choiceRows = choices.map((r) => r.c);
  const optionTree = (parentChoiceId: number | null): EditorOption[] =>
    opts
      .filter((o) => o.parentChoiceId === parentChoiceId)
      .map((o) => ({
        option_id: o.id,
        name: o.name,
        option_type: o.optionType === 1 ? 1 : 0,
        required: o.required,
        stock_code_position: o.stockCodePosition,
        choices: choiceRows
          .filter((c) => c.optionId === o.id)
          .map(
            (c): EditorChoice => ({
              choice_id: c.id,
              name: c.name,
              stock_code_value: c.stockCodeValue,
              price: c.price,
              discount_price: c.discountPrice,
              is_default: c.isDefault,
              children: optionTree(c.id),
            }),
          ),
      }));
  return optionTree(null);
}

/** The product's distributors, each with the warehouses its organisation ships from. */
async function editorDistributors(db: DbOrTx, productId: number): Promise<ProductEditorData['distributors']> {
  const dists = await db
    .select()
    .from(productDistributors)
    .where(eq(productDistributors.productId, productId))
    .orderBy(asc(productDistributors.id));
  const distOrgs = dists.length
    ? await db
        .select({ id: distributors.id, organisationId: distributors.organisationId })
        .from(distributors)
        .where(
          inArray(
            distributors.id,
            dists.map((d) => d.distributorId),
          ),
        )
    : [];
  const housesOf = distributorWarehouses(distOrgs, distOrgs.length ? await distributorHouses(db) : []);
  return dists.map((d, index) => ({
    index,
    distributor: d.distributorId,
    distributor_price: d.price,
    distributor_quantity: d.quantity,
    warehouses: housesOf.get(d.distributorId) ?? [],
  }));
}

/** The product's channel prices, each with the stock its channel's warehouses hold. */
async function editorChannels(db: DbOrTx, productId: number): Promise<ProductEditorData['channels']> {
  const prices = await db
    .select()
    .from(channelPrices)
    .where(eq(channelPrices.productId, productId))
    .orderBy(asc(channelPrices.channelId));
  const stock = await db
    .select({
      warehouseId: inventory.warehouseId,
      quantity: inventory.quantity,
      channelId: channelWarehouses.channelId,
    })
    .from(inventory)
    .innerJoin(channelWarehouses, eq(channelWarehouses.warehouseId, inventory.warehouseId))
    .where(eq(inventory.productId, productId));
  return prices.map((c) => ({
    channel_id: c.channelId,
    price: c.price,
    price_category: c.priceCategory,
    core_charge: c.coreCharge ?? '',
    selectedWarehouses: stock
      .filter((s) => s.channelId === c.channelId)
      .map((s) => ({ warehouse_id: s.warehouseId, quantity: s.quantity })),
  }));
}

export async function findAudit(db: DbOrTx, auditId: number) {
  const [a] = await db.select().from(productAudits).where(eq(productAudits.id, auditId));
  return a ?? null;
}

export async function latestAuditIds(db: DbOrTx, productIds: number[]) {
  if (!productIds.length) return new Map<number, number>();
  const rows = await db
    .selectDistinctOn([productAudits.productId], { productId: productAudits.productId, id: productAudits.id })
    .from(productAudits)
    .where(inArray(productAudits.productId, productIds))
    .orderBy(productAudits.productId, desc(productAudits.id));
  return new Map(rows.map((r) => [r.productId, r.id]));
}
