/**
 * Warehouses: add one, regenerate its API key (stored as sha256, shown once; the old key stops
 * working at once), stock adjustments with who and why (the audit log), and CSV count imports
 * previewed before they are applied. Every stock write calls catalogChanged in its transaction.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { inventory, logs, products, users, warehouses } from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors.ts';
import { audit } from '../audit/index.ts';
import { newToken, sha256 } from '../auth/index.ts';
import { catalogChanged } from '../../db/catalog-changed.ts';
import { parse } from 'csv-parse/sync';
import { emitEvent } from '../webhooks/index.ts';
import { mayActOnWarehouse, type WarehouseUser } from '../../domain/warehouse-access.ts';

type Db = Database['db'];
export type Actor = WarehouseUser & { id: number };

/** Why raw: drizzle writes a column of a join-less select unqualified ("id"), which inside the subquery would mean i.id. */
const WAREHOUSE_ID = sql.raw('"warehouses"."id"');

export async function listWarehouses(db: Db, user: Actor) {
  const all = await db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      city: warehouses.city,
      countryCode: warehouses.countryCode,
      organisationId: warehouses.organisationId,
      active: warehouses.active,
      last4: warehouses.apiKeyLast4,
      items: sql<number>`(select count(*)::int from ${inventory} i where i.warehouse_id = ${WAREHOUSE_ID})`,
    })
    .from(warehouses)
    .orderBy(asc(warehouses.code));
  return all.filter((w) => mayActOnWarehouse(user, w));
}

export async function getWarehouse(db: DbOrTx, id: number) {
  const [w] = await db.select().from(warehouses).where(eq(warehouses.id, id));
  return w ?? null;
}

export async function createWarehouse(db: Db, input: Omit<typeof warehouses.$inferInsert, 'id'>, userId: number) {
  return db.transaction(async (tx) => {
    const [dup] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, input.code));
    if (dup)
      throw conflict('Another warehouse already uses this code.', {
        code: 'Another warehouse already uses this code.',
      });
    const [row] = await tx.insert(warehouses).values(input).returning();
    await audit(tx, {
      action: 'warehouse.create',
      entity: 'warehouse',
      entityId: row.id,
      userId,
      message: `Added warehouse ${row.code}`,
      data: { before: null, after: { ...row, apiKeyHash: undefined } },
    });
    await catalogChanged(tx, { entity: 'warehouse', id: row.id });
    return row;
  });
}

/** A new API key for the warehouse; returned once, stored only as its sha256. */
export async function regenerateKey(db: Db, orgId: number, warehouseId: number, user: Actor): Promise<string> {
  if (!user.permissions.has('warehouses.manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const [w] = await tx
      .select({ id: warehouses.id, organisationId: warehouses.organisationId, code: warehouses.code })
      .from(warehouses)
      .where(eq(warehouses.id, warehouseId))
      .for('update');
    // The organisation in the path must be the warehouse's, and the user must manage it
    // (src/domain/warehouse-access.ts, as for using its key and its inventory pages).
    if (
      !w ||
      (w.organisationId !== null && w.organisationId !== orgId) ||
      !mayActOnWarehouse(user, w, { manage: true })
    )
      throw notFound('No such warehouse in this organisation.');
    const token = `whk_${newToken(32)}`;
    await tx
      .update(warehouses)
      .set({ apiKeyHash: sha256(token), apiKeyLast4: token.slice(-4) })
      .where(eq(warehouses.id, w.id));
    await audit(tx, {
      action: 'warehouse.regenkey',
      entity: 'warehouse',
      entityId: w.id,
      userId: user.id,
      message: `Regenerated the API key of ${w.code}`,
      data: { last4: token.slice(-4) },
    });
    return token;
  });
}

/** The warehouse stock API's list: every product it holds, by stock code. */
export function stockOfWarehouse(db: DbOrTx, warehouseId: number) {
  return db
    .select({ stockcode: products.stockcode, quantity: inventory.quantity, reserved: inventory.reserved })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(eq(inventory.warehouseId, warehouseId))
    .orderBy(asc(products.stockcode));
}

export async function inventoryPage(db: Db, warehouseId: number, q: string, after: number | null, pageSize = 30) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      stockcode: products.stockcode,
      quantity: inventory.quantity,
      reserved: inventory.reserved,
      updatedAt: inventory.updatedAt,
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(
      and(
        eq(inventory.warehouseId, warehouseId),
        q ? or(ilike(products.title, like), ilike(products.stockcode, like)) : undefined,
        after ? sql`${products.id} > ${after}` : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(pageSize + 1);
  const recent = await db
    .select({
      id: logs.id,
      message: logs.message,
      data: logs.data,
      createdAt: logs.createdAt,
      who: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(and(eq(logs.entity, 'warehouse'), eq(logs.entityId, warehouseId), eq(logs.action, 'inventory.adjust')))
    .orderBy(sql`${logs.id} desc`)
    .limit(10);
  return { rows: rows.slice(0, pageSize), next: rows.length > pageSize ? rows[pageSize - 1].productId : null, recent };
}

type Change = { productId: number; stockcode: string; before: number | null; after: number };

/** Writes counts in one transaction, one log entry per changed row (who, why, before, after). */
async function applyCounts(tx: DbOrTx, warehouseId: number, changes: Change[], userId: number, reason: string) {
  for (const c of changes) {
    if (c.before === c.after) continue;
    await tx
      .insert(inventory)
      .values({ warehouseId, productId: c.productId, quantity: c.after })
      .onConflictDoUpdate({
        target: [inventory.warehouseId, inventory.productId],
        set: { quantity: c.after, updatedAt: new Date() },
      });
    await audit(tx, {
      action: 'inventory.adjust',
      entity: 'warehouse',
      entityId: warehouseId,
      userId,
      message: `${c.stockcode}: ${c.before ?? 0} → ${c.after} (${reason})`,
      data: { product_id: c.productId, stockcode: c.stockcode, before: c.before, after: c.after, reason },
    });
    await catalogChanged(tx, { entity: 'inventory', id: c.productId });
    await emitEvent(tx, 'inventory.changed', {
      warehouseId,
      productId: c.productId,
      stockcode: c.stockcode,
      before: c.before,
      after: c.after,
    }); // webhooks
  }
}

export async function adjustStock(
  db: Db,
  warehouseId: number,
  productId: number,
  quantity: number,
  reason: string,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: products.id, stockcode: products.stockcode })
      .from(products)
      .where(eq(products.id, productId));
    if (!p) throw invalid('Choose a product.', { product_id: 'No such product.' });
    const [row] = await tx
      .select({ q: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.warehouseId, warehouseId), eq(inventory.productId, productId)))
      .for('update');
    const change = { productId, stockcode: p.stockcode, before: row?.q ?? null, after: quantity };
    await applyCounts(tx, warehouseId, [change], userId, reason);
    return change;
  });
}

export type CsvPreview = { changes: Change[]; unchanged: number; errors: { line: number; message: string }[] };

/** Reads "stockcode,quantity" rows (a header row is allowed) and compares them with the stock now. */
export async function previewCsv(db: DbOrTx, warehouseId: number, csv: string): Promise<CsvPreview> {
  let records: string[][];
  try {
    records = parse(csv, { skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (e) {
    throw invalid('The CSV cannot be read.', { csv: (e as Error).message.slice(0, 200) });
  }
  if (records.length && /stock/i.test(records[0][0] ?? '') && !/^\d+$/.test(records[0][1] ?? ''))
    records = records.slice(1);
  if (!records.length) throw invalid('The CSV has no rows.', { csv: 'Put one “stockcode,quantity” per line.' });
  if (records.length > 5000) throw invalid('At most 5000 rows at a time.', { csv: 'At most 5000 rows.' });
  const errors: CsvPreview['errors'] = [];
  const wanted = new Map<string, { qty: number; line: number }>();
  records.forEach((r, i) => {
    const [code, qty] = r;
    if (!code || qty === undefined || !/^\d{1,8}$/.test(qty))
      return void errors.push({
        line: i + 1,
        message: `“${r.join(',')}”: expected stockcode,quantity (a whole number ≥ 0).`,
      });
    wanted.set(code.toUpperCase(), { qty: Number(qty), line: i + 1 });
  });
  const codes = [...wanted.keys()];
  const found = codes.length
    ? await db
        .select({ id: products.id, stockcode: products.stockcode, q: inventory.quantity })
        .from(products)
        .leftJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
        .where(inArray(sql`upper(${products.stockcode})`, codes))
    : [];
  const byCode = new Map(found.map((f) => [f.stockcode.toUpperCase(), f]));
  const changes: Change[] = [];
  let unchanged = 0;
  for (const [code, w] of wanted) {
    const f = byCode.get(code);
    if (!f) errors.push({ line: w.line, message: `${code}: no product has this stock code.` });
    else if ((f.q ?? null) === w.qty) unchanged++;
    else changes.push({ productId: f.id, stockcode: f.stockcode, before: f.q ?? null, after: w.qty });
  }
  return { changes, unchanged, errors: errors.sort((a, b) => a.line - b.line) };
}

/** Applies a CSV only when every row is valid (the preview showed the same rows). */
export async function applyCsv(db: Db, warehouseId: number, csv: string, reason: string, userId: number) {
  return db.transaction(async (tx) => {
    const preview = await previewCsv(tx, warehouseId, csv);
    if (preview.errors.length)
      throw invalid('Fix the rows with errors first.', {
        csv: preview.errors.map((e) => `Line ${e.line}: ${e.message}`).join(' '),
      });
    await applyCounts(tx, warehouseId, preview.changes, userId, reason);
    return preview;
  });
}

/** Warehouse API: set counts by stock code; unknown codes refuse the whole request (400). */
export async function setStockByCode(
  db: Db,
  warehouseId: number,
  items: { stockcode: string; quantity: number }[],
  reason: string,
  userId: number,
) {
  const csv = items.map((i) => `${i.stockcode.replace(/[",\r\n]/g, '')},${i.quantity}`).join('\n');
  return applyCsv(db, warehouseId, csv, reason, userId);
}
