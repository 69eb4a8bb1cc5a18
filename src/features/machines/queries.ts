/** Reads and writes of machine models, customers' machines and fitment rows (plain drizzle). */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerMachines, fitments, machineModels, products } from '../../db/schema/index.ts';

export type ModelRow = {
  id: number;
  code: string;
  name: string;
  serialFormat: string;
  serialFrom: string | null;
  serialTo: string | null;
};

const modelColumns = {
  id: machineModels.id,
  code: machineModels.code,
  name: machineModels.name,
  serialFormat: machineModels.serialFormat,
  serialFrom: machineModels.serialFrom,
  serialTo: machineModels.serialTo,
};

export function listModels(db: DbOrTx): Promise<ModelRow[]> {
  return db.select(modelColumns).from(machineModels).orderBy(asc(machineModels.code));
}

export type MachineRow = {
  id: number;
  userId: number;
  modelId: number;
  modelCode: string;
  modelName: string;
  serial: string;
  year: number;
  name: string;
  hours: number | null;
  acres: number | null;
};

const machineColumns = {
  id: customerMachines.id,
  userId: customerMachines.userId,
  modelId: customerMachines.modelId,
  modelCode: machineModels.code,
  modelName: machineModels.name,
  serial: customerMachines.serial,
  year: customerMachines.year,
  name: customerMachines.name,
  hours: customerMachines.hours,
  acres: customerMachines.acres,
};

/** The user's machines, oldest first (the order they were added). */
export function machinesOf(db: DbOrTx, userId: number): Promise<MachineRow[]> {
  return db
    .select(machineColumns)
    .from(customerMachines)
    .innerJoin(machineModels, eq(machineModels.id, customerMachines.modelId))
    .where(eq(customerMachines.userId, userId))
    .orderBy(asc(customerMachines.id));
}

/** The machine when it is the user's own; another user's is as absent as a missing one. */
export async function ownMachine(db: DbOrTx, userId: number, id: number): Promise<MachineRow | undefined> {
  const [row] = await db
    .select(machineColumns)
    .from(customerMachines)
    .innerJoin(machineModels, eq(machineModels.id, customerMachines.modelId))
    .where(and(eq(customerMachines.userId, userId), eq(customerMachines.id, id)));
  return row;
}

export type MachineWrite = {
  modelId: number;
  serial: string;
  year: number;
  name: string;
  hours: number | null;
  acres: number | null;
};

export async function insertMachine(db: DbOrTx, userId: number, m: MachineWrite): Promise<number> {
  const [row] = await db
    .insert(customerMachines)
    .values({ userId, ...m })
    .returning({ id: customerMachines.id });
  return row.id;
}

export async function updateMachine(db: DbOrTx, userId: number, id: number, m: MachineWrite): Promise<boolean> {
  const rows = await db
    .update(customerMachines)
    .set(m)
    .where(and(eq(customerMachines.userId, userId), eq(customerMachines.id, id)))
    .returning({ id: customerMachines.id });
  return rows.length > 0;
}

export async function deleteMachine(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .delete(customerMachines)
    .where(and(eq(customerMachines.userId, userId), eq(customerMachines.id, id)))
    .returning({ id: customerMachines.id, name: customerMachines.name, serial: customerMachines.serial });
  return row;
}

export type FitmentRow = {
  id: number;
  modelId: number;
  modelCode: string;
  from: string | null;
  to: string | null;
  productId: number | null;
  diagramId: number | null;
  callout: string | null;
};

const fitmentColumns = {
  id: fitments.id,
  modelId: fitments.modelId,
  modelCode: machineModels.code,
  from: fitments.serialFrom,
  to: fitments.serialTo,
  productId: fitments.productId,
  diagramId: fitments.diagramId,
  callout: fitments.callout,
};

/** The rows of a diagram and of its callouts. */
export function diagramFitments(db: DbOrTx, diagramId: number): Promise<FitmentRow[]> {
  return db
    .select(fitmentColumns)
    .from(fitments)
    .innerJoin(machineModels, eq(machineModels.id, fitments.modelId))
    .where(eq(fitments.diagramId, diagramId));
}

export function productFitments(db: DbOrTx, productIds: readonly number[]): Promise<FitmentRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .select(fitmentColumns)
    .from(fitments)
    .innerJoin(machineModels, eq(machineModels.id, fitments.modelId))
    .where(inArray(fitments.productId, [...productIds]))
    .orderBy(asc(machineModels.code), asc(fitments.id));
}

export type FitmentWrite = { modelId: number; from: string | null; to: string | null; productId: number };

/** Columns as one array parameter each: any number of rows is one statement (no parameter limit). */
const fitmentArrays = (rows: readonly FitmentWrite[]) => ({
  model: sql`${sql.param(rows.map((r) => r.modelId))}::integer[]`,
  from: sql`${sql.param(rows.map((r) => r.from))}::text[]`,
  to: sql`${sql.param(rows.map((r) => r.to))}::text[]`,
  product: sql`${sql.param(rows.map((r) => r.productId))}::integer[]`,
});

/** Inserts the rows in one `insert … select from unnest(…)` statement. */
export async function insertFitments(db: DbOrTx, rows: readonly FitmentWrite[]): Promise<number> {
  if (!rows.length) return 0;
  const a = fitmentArrays(rows);
  await db.execute(sql`
    insert into ${fitments} (model_id, serial_from, serial_to, product_id)
    select * from unnest(${a.model}, ${a.from}, ${a.to}, ${a.product})`);
  return rows.length;
}

/**
 * The parts' own rows already on file, as "product, model, from, to" keys; one statement. Compared
 * by key in the caller (a join on the ranges would be a nested loop per part: slow for a part
 * with thousands of rows).
 */
export async function fitmentKeysOnFile(
  db: DbOrTx,
  productIds: readonly number[],
  keyOf: (w: FitmentWrite) => string,
): Promise<Set<string>> {
  if (!productIds.length) return new Set();
  const { rows } = await db.execute<{
    product_id: number;
    model_id: number;
    serial_from: string | null;
    serial_to: string | null;
  }>(sql`
    select product_id, model_id, serial_from, serial_to from ${fitments}
     where product_id = any(${sql.param([...productIds])}::integer[])`);
  return new Set(
    rows.map((r) => keyOf({ productId: r.product_id, modelId: r.model_id, from: r.serial_from, to: r.serial_to })),
  );
}

export async function deleteProductFitments(db: DbOrTx, productId: number): Promise<number> {
  const done = await db
    .delete(fitments)
    .where(and(eq(fitments.productId, productId), isNull(fitments.diagramId)))
    .returning({ id: fitments.id });
  return done.length;
}

export type ProductRef = { id: number; stockcode: string; title: string };

export async function productById(db: DbOrTx, id: number): Promise<ProductRef | undefined> {
  const [row] = await db
    .select({ id: products.id, stockcode: products.stockcode, title: products.title })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** Products by stock code, case-insensitive (the CSV's part numbers), keyed upper case. */
export async function productsByCodes(db: DbOrTx, codes: readonly string[]): Promise<Map<string, ProductRef>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ id: products.id, stockcode: products.stockcode, title: products.title })
    .from(products)
    .where(inArray(sql`upper(${products.stockcode})`, [...codes]));
  return new Map(rows.map((r) => [r.stockcode.toUpperCase(), r]));
}
