/**
 * Writes of the product editor (spec §7 "Product editor"). Every save is one transaction that
 * also writes the audit log entry (who, when, before and after) and announces the change with
 * catalogChanged, so the storefront shows the product as saved on the very next request.
 */
import { BASE_CURRENCY } from '../../domain/money.ts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  categories,
  channelPrices,
  channels,
  currencies,
  distributors,
  inventory,
  productAudits,
  productCategories,
  productDistributors,
  products,
  warehouses,
} from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors.ts';
import { flattenOptions, type ProductEditorData } from '../../domain/product-editor.ts';
import { audit } from '../audit/index.ts';
import { catalogChanged } from '../../db/catalog-changed.ts';
import { distributorAmountOf, duplicateFields, findAudit, loadEditorData } from './queries.ts';
import type { CategoriesUpdate, DimensionsUpdate, ProductUpdate } from './schemas.ts';
import type { z } from 'zod';
import { emitEvent } from '../webhooks/index.ts';
import { syncOptions } from './option-tree.ts';

type Db = Database['db'];
type Editor = { id: number; organisationId: number | null };

/** Starts an editor session on a product: a snapshot row whose id is the product_audit_id. */
export async function openAudit(db: Db, productId: number, user: Editor): Promise<number> {
  return db.transaction(async (tx) => {
    const data = await loadEditorData(tx, productId);
    if (!data) throw notFound('No such product.');
    const [row] = await tx
      .insert(productAudits)
      .values({ productId, data, createdBy: user.id })
      .returning({ id: productAudits.id });
    return row.id;
  });
}

/** The editor session and its product's current data. */
export async function auditData(db: DbOrTx, auditId: number): Promise<ProductEditorData> {
  const a = await findAudit(db, auditId);
  if (!a) throw notFound('This editor session does not exist.');
  const data = await loadEditorData(db, a.productId);
  if (!data) throw notFound('The product no longer exists.');
  return { ...data, product_audit_id: a.id };
}

function productColumns(u: ProductUpdate) {
  return {
    title: u.title,
    slug: u.slug,
    stockcode: u.stockcode,
    sku: u.sku || null,
    gtin: u.gtin || null,
    brand: u.brand || null,
    tariffCode: u.tariff_code || null,
    shippingLabel: u.shipping_label || null,
    isKit: u.is_kit,
    description: u.description,
    status: u.status,
    notes: u.notes || null,
    inventoryType: u.inventory_type,
    availability: u.availability,
    price: u.price,
    coreCharge: u.core_charge,
    primaryImage: u.primary_image || u.images[0] || null,
    images: u.images,
    imageHash: u.image_hash || null,
    ...dimensionColumns(u),
    isNonStock: u.isNonStock,
    nonStockLabel: u.isNonStockLabel || null,
    returnable: u.returnable,
    returnWindowDays: u.return_window_days,
    coo: u.coo || null,
    taxonomyTerms: u.taxonomy_terms,
  };
}

function dimensionColumns(u: z.infer<typeof DimensionsUpdate>) {
  return {
    boxMethod: u.box_method || null,
    class: u.class || null,
    nmfc: u.nmfc || null,
    length: u.product_length,
    width: u.product_width,
    height: u.product_height,
    weight: u.product_weight,
    isPhysical: u.is_physical,
    isStackable: u.is_stackable,
    stackableQuantity: u.is_stackable ? u.stackable_quantity : null,
    stackableLength: u.is_stackable ? u.stackable_length : null,
    stackableWidth: u.is_stackable ? u.stackable_width : null,
    stackableHeight: u.is_stackable ? u.stackable_height : null,
  };
}

/** Rules that need the database: duplicates, known categories/channels/warehouses/distributors, the distributor limit. */
async function checkReferences(tx: DbOrTx, u: ProductUpdate, productId: number | null, user: Editor) {
  // A shared title is flagged in the editor but allowed (two products may honestly share a name);
  // stock code, SKU, GTIN and slug identify a product and must be unique.
  const { title: _sameTitle, ...dupes } = await duplicateFields(tx, u, productId);
  if (Object.keys(dupes).length) throw conflict('Another product already uses some of these values.', dupes);
  const fields: Record<string, string> = {};
  const catIds = Object.entries(u.categories)
    .filter(([, on]) => on)
    .map(([id]) => Number(id));
  if (catIds.length) {
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, catIds));
    if (found.length !== catIds.length) fields.categories = 'Choose categories from the list.';
  }
  const chIds = u.channels.map((c) => c.channel_id);
  if (new Set(chIds).size !== chIds.length) fields.channels = 'Each channel once.';
  if (chIds.length) {
    const found = await tx.select({ id: channels.id }).from(channels).where(inArray(channels.id, chIds));
    if (found.length !== chIds.length) fields.channels = 'Choose channels from the list.';
  }
  const whIds = [...new Set(u.channels.flatMap((c) => c.selectedWarehouses.map((w) => w.warehouse_id)))];
  if (whIds.length) {
    const found = await tx.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.id, whIds));
    if (found.length !== whIds.length) fields.channels = 'Choose warehouses from the list.';
  }
  const dIds = u.distributors.map((d) => d.distributor);
  if (new Set(dIds).size !== dIds.length) fields.distributors = 'Each distributor once.';
  if (dIds.length) {
    const found = await tx.select({ id: distributors.id }).from(distributors).where(inArray(distributors.id, dIds));
    if (found.length !== dIds.length) fields.distributors = 'Choose distributors from the list.';
    const max = await distributorAmountOf(tx, user.organisationId);
    // hitMaxDistributors(n, max) closes the add button at n = max; more than max is refused here.
    if (dIds.length > max) fields.distributors = `At most ${max} distributors.`;
  }
  for (const o of flattenOptions(u.options)) {
    if (o.choices.filter((c) => c.is_default).length > 1 && o.option_type === 0)
      fields.options = `“${o.name}” has more than one default choice.`;
  }
  if (Object.keys(fields).length) throw invalid('Please correct the highlighted fields.', fields);
}

async function syncRelations(tx: DbOrTx, productId: number, u: ProductUpdate) {
  const catIds = Object.entries(u.categories)
    .filter(([, on]) => on)
    .map(([id]) => Number(id));
  await replaceCategories(tx, productId, catIds);
  await tx.delete(productDistributors).where(eq(productDistributors.productId, productId));
  if (u.distributors.length) {
    await tx.insert(productDistributors).values(
      u.distributors.map((d) => ({
        productId,
        distributorId: d.distributor,
        price: d.distributor_price,
        quantity: d.distributor_quantity,
      })),
    );
  }
  const chIds = u.channels.map((c) => c.channel_id);
  await tx
    .delete(channelPrices)
    .where(
      and(
        eq(channelPrices.productId, productId),
        chIds.length ? notInArray(channelPrices.channelId, chIds) : undefined,
      ),
    );
  for (const c of u.channels) {
    const [ch] = await tx
      .select({ currencyId: channels.currencyId })
      .from(channels)
      .where(eq(channels.id, c.channel_id));
    await tx
      .insert(channelPrices)
      .values({
        productId,
        channelId: c.channel_id,
        price: c.price,
        priceCategory: c.price_category,
        coreCharge: c.core_charge,
        currencyId: ch.currencyId,
      })
      .onConflictDoUpdate({
        target: [channelPrices.productId, channelPrices.channelId],
        set: { price: c.price, priceCategory: c.price_category, coreCharge: c.core_charge },
      });
    for (const w of c.selectedWarehouses) {
      await tx
        .insert(inventory)
        .values({ productId, warehouseId: w.warehouse_id, quantity: w.quantity })
        .onConflictDoUpdate({
          target: [inventory.warehouseId, inventory.productId],
          set: { quantity: w.quantity, updatedAt: new Date() },
        });
    }
  }
  await syncOptions(tx, productId, u.options);
}

async function replaceCategories(tx: DbOrTx, productId: number, catIds: number[]) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  if (catIds.length) await tx.insert(productCategories).values(catIds.map((categoryId) => ({ productId, categoryId })));
}

async function lockProduct(tx: DbOrTx, productId: number) {
  const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  if (!p) throw notFound('The product no longer exists.');
}

async function finish(
  tx: DbOrTx,
  auditId: number,
  productId: number,
  user: Editor,
  action: string,
  before: ProductEditorData | null,
) {
  const after = (await loadEditorData(tx, productId))!;
  await tx.update(productAudits).set({ data: after }).where(eq(productAudits.id, auditId));
  await audit(tx, {
    action,
    entity: 'product',
    entityId: productId,
    userId: user.id,
    message: `${action === 'product.create' ? 'Created' : 'Updated'} product ${after.stockcode}`,
    data: { product_audit_id: auditId, before, after },
  });
  await catalogChanged(tx, { entity: 'product', id: productId });
  await emitEvent(tx, 'product.changed', { productId, stockcode: after.stockcode, action }); // webhooks
  return { ...after, product_audit_id: auditId };
}

/** POST …/producteditor/create: a new product from the full editor data; returns it with its new audit id. */
export async function createProduct(db: Db, u: ProductUpdate, user: Editor): Promise<ProductEditorData> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, u, null, user);
    const [usd] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, BASE_CURRENCY));
    const [p] = await tx
      .insert(products)
      .values({ ...productColumns(u), currencyId: usd.id, createdBy: user.id, updatedBy: user.id })
      .returning({ id: products.id });
    await syncRelations(tx, p.id, u);
    const [a] = await tx
      .insert(productAudits)
      .values({ productId: p.id, data: {}, createdBy: user.id })
      .returning({ id: productAudits.id });
    return finish(tx, a.id, p.id, user, 'product.create', null);
  });
}

/** POST …/{audit_id}/update: the full product. */
export async function updateProduct(
  db: Db,
  auditId: number,
  u: ProductUpdate,
  user: Editor,
): Promise<ProductEditorData> {
  return db.transaction(async (tx) => {
    const a = await findAudit(tx, auditId);
    if (!a) throw notFound('This editor session does not exist.');
    await lockProduct(tx, a.productId);
    const before = await loadEditorData(tx, a.productId);
    await checkReferences(tx, u, a.productId, user);
    await tx
      .update(products)
      .set({ ...productColumns(u), updatedBy: user.id })
      .where(eq(products.id, a.productId));
    await syncRelations(tx, a.productId, u);
    return finish(tx, auditId, a.productId, user, 'product.update', before);
  });
}

/** POST …/{audit_id}/update-dimensions: dimensions and stacking only. */
export async function updateDimensions(db: Db, auditId: number, u: z.infer<typeof DimensionsUpdate>, user: Editor) {
  return db.transaction(async (tx) => {
    const a = await findAudit(tx, auditId);
    if (!a) throw notFound('This editor session does not exist.');
    await lockProduct(tx, a.productId);
    const before = await loadEditorData(tx, a.productId);
    await tx
      .update(products)
      .set({ ...dimensionColumns(u), updatedBy: user.id })
      .where(eq(products.id, a.productId));
    return finish(tx, auditId, a.productId, user, 'product.update-dimensions', before);
  });
}

/** POST …/{audit_id}/update-categories: the category map (parent counts are derived, see domain). */
export async function updateCategories(db: Db, auditId: number, u: z.infer<typeof CategoriesUpdate>, user: Editor) {
  return db.transaction(async (tx) => {
    const a = await findAudit(tx, auditId);
    if (!a) throw notFound('This editor session does not exist.');
    await lockProduct(tx, a.productId);
    const before = await loadEditorData(tx, a.productId);
    const catIds = Object.entries(u.categories)
      .filter(([, on]) => on)
      .map(([id]) => Number(id));
    if (catIds.length) {
      const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, catIds));
      if (found.length !== catIds.length)
        throw invalid('Please correct the highlighted fields.', { categories: 'Choose categories from the list.' });
    }
    await replaceCategories(tx, a.productId, catIds);
    await tx.update(products).set({ updatedBy: user.id, updatedAt: new Date() }).where(eq(products.id, a.productId));
    return finish(tx, auditId, a.productId, user, 'product.update-categories', before);
  });
}

/**
 * A distributor's own price and quantity for a product. Staff with products.edit may set any
 * distributor's; a distributor's member only their own organisation's (spec: distributors see and
 * edit only their own prices). Anything else is a 403.
 */
export async function setDistributorPrice(
  db: Db,
  productId: number,
  body: { distributor_id: number; price: string; quantity: number },
  user: Editor & { canEditAll: boolean },
) {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(distributors).where(eq(distributors.id, body.distributor_id));
    if (!d) throw invalid('Please correct the highlighted fields.', { distributor_id: 'Unknown distributor.' });
    if (!user.canEditAll && (user.organisationId == null || d.organisationId !== user.organisationId)) {
      throw forbidden('You may change only your own organisation’s prices.');
    }
    await lockProduct(tx, productId);
    const [before] = await tx
      .select()
      .from(productDistributors)
      .where(and(eq(productDistributors.productId, productId), eq(productDistributors.distributorId, d.id)));
    const [row] = await tx
      .insert(productDistributors)
      .values({ productId, distributorId: d.id, price: body.price, quantity: body.quantity })
      .onConflictDoUpdate({
        target: [productDistributors.productId, productDistributors.distributorId],
        set: { price: body.price, quantity: body.quantity },
      })
      .returning();
    await audit(tx, {
      action: 'product.distributor-price',
      entity: 'product',
      entityId: productId,
      userId: user.id,
      message: `${d.name}: price ${body.price}, quantity ${body.quantity}`,
      data: {
        before: before ? { price: before.price, quantity: before.quantity } : null,
        after: { price: row.price, quantity: row.quantity },
      },
    });
    await catalogChanged(tx, { entity: 'product', id: productId });
    await emitEvent(tx, 'product.changed', { productId, action: 'product.distributor-price' }); // webhooks
    return { distributor_id: d.id, price: row.price, quantity: row.quantity };
  });
}
