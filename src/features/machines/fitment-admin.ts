/**
 * The staff's fitment edits: a part's rows as one table (saved whole, in one transaction) and the
 * CSV import (model, from serial, to serial, part number) with a preview of every row's fault; an
 * import with any fault writes nothing. Each write audited. Never sees req.
 */
import { parse } from 'csv-parse/sync';
import { invalid, notFound, type FieldErrors } from '../../domain/errors.ts';
import { normalizeSerial, rangeProblem, type RangeProblem } from '../../domain/fitment.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { audit } from '../audit/index.ts';
import {
  deleteProductFitments,
  fitmentKeysOnFile,
  insertFitments,
  listModels,
  productById,
  productFitments,
  productsByCodes,
  type FitmentWrite,
  type ModelRow,
} from './queries.ts';
import type { FitmentTable } from './schemas.ts';

const PROBLEM_TEXT: Record<Exclude<RangeProblem, null>, (m: ModelRow) => string> = {
  from_format: (m) => `The first serial does not match the ${m.code} serial format ${m.serialFormat}.`,
  to_format: (m) => `The last serial does not match the ${m.code} serial format ${m.serialFormat}.`,
  order: () => 'The first serial comes after the last serial.',
};

const end = (v: string | undefined) => (v ? normalizeSerial(v) : null);

/** One row's fitment, or the reason it is refused (the same rules for the table and the CSV). */
function checkRow(
  models: readonly ModelRow[],
  code: string,
  from: string | undefined,
  to: string | undefined,
): { ok: Omit<FitmentWrite, 'productId'> } | { error: string } {
  const model = models.find((m) => m.code.toUpperCase() === code.trim().toUpperCase());
  if (!model) return { error: `Unknown model “${code}”.` };
  const r = { from: end(from), to: end(to) };
  const problem = rangeProblem(r, model.serialFormat);
  if (problem) return { error: PROBLEM_TEXT[problem](model) };
  return { ok: { modelId: model.id, ...r } };
}

export async function productFitmentPage(db: DbOrTx, productId: number) {
  const product = await productById(db, productId);
  if (!product) throw notFound('That product does not exist.');
  const [rows, models] = await Promise.all([productFitments(db, [productId]), listModels(db)]);
  return { product, rows, models };
}

/** Replaces the part's rows with the table's; any faulty row refuses the whole table. */
export async function saveProductFitment(db: Db, productId: number, table: FitmentTable, userId: number) {
  return db.transaction(async (tx) => {
    const product = await productById(tx, productId);
    if (!product) throw notFound('That product does not exist.');
    const models = await listModels(tx);
    const fields: FieldErrors = {};
    const rows: FitmentWrite[] = [];
    table.rows.forEach((r, i) => {
      if (!r.model && !r.from && !r.to) return;
      const checked = checkRow(models, r.model, r.from, r.to);
      if ('error' in checked) fields[`rows.${i}`] = checked.error;
      else rows.push({ ...checked.ok, productId });
    });
    const messages = Object.values(fields);
    if (messages.length)
      throw invalid(messages.length === 1 ? messages[0] : 'Please correct the highlighted fields.', fields);
    const removed = await deleteProductFitments(tx, productId);
    const added = await insertFitments(tx, rows);
    await audit(tx, {
      action: 'fitment.product.save',
      entity: 'product',
      entityId: productId,
      userId,
      message: `Fitment of ${product.stockcode}: ${added} rows (was ${removed})`,
      data: { rows },
    });
    return { removed, added };
  });
}

export type ImportRow = {
  line: number;
  model: string;
  from: string;
  to: string;
  part: string;
  error: string | null;
  /** Already on file: skipped, not an error (an import run twice adds nothing). */
  duplicate: boolean;
};

function readCsv(csv: string): string[][] {
  let records: string[][];
  try {
    records = parse(csv, { skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (e) {
    throw invalid('The CSV cannot be read.', { csv: (e as Error).message.slice(0, 200) });
  }
  if (records.length && /^model$/i.test(records[0][0] ?? '')) records = records.slice(1);
  if (!records.length) throw invalid('The CSV has no rows.', { csv: 'Put one “model,from,to,part number” per line.' });
  if (records.length > 20000) throw invalid('At most 20000 rows at a time.', { csv: 'At most 20000 rows.' });
  return records;
}

/** What makes two rows the same fitment: part, model and both ends of the range. */
const fitmentKey = (w: FitmentWrite) => JSON.stringify([w.productId, w.modelId, w.from, w.to]);

/**
 * Every row of the CSV with its fault (null when it can go in); nothing is written. Set-based, so
 * 10,000 rows take three statements: the models, the parts named and the rows those parts already
 * have (one lookup each, for all rows); repeats, in the CSV and on file, are found by key.
 */
export async function previewFitmentCsv(
  db: DbOrTx,
  csv: string,
): Promise<{ rows: ImportRow[]; writes: FitmentWrite[] }> {
  const records = readCsv(csv);
  const [models, parts] = await Promise.all([
    listModels(db),
    productsByCodes(db, [...new Set(records.map((r) => (r[3] ?? '').toUpperCase()))]),
  ]);
  const seen = new Set<string>();
  const candidates: { index: number; write: FitmentWrite }[] = [];
  const rows = records.map((r, i): ImportRow => {
    const [model = '', from = '', to = '', part = ''] = r;
    const row = { line: i + 1, model, from, to, part, error: null as string | null, duplicate: false };
    if (r.length !== 4) return { ...row, error: 'Expected 4 columns: model, from, to, part number.' };
    const product = parts.get(part.toUpperCase());
    const checked = checkRow(models, model, from || undefined, to || undefined);
    if ('error' in checked) return { ...row, error: checked.error };
    if (!product) return { ...row, error: `No part has the number “${part}”.` };
    const write = { ...checked.ok, productId: product.id };
    const key = fitmentKey(write);
    if (seen.has(key)) return { ...row, duplicate: true };
    seen.add(key);
    candidates.push({ index: i, write });
    return row;
  });
  const onFile = await fitmentKeysOnFile(db, [...new Set(candidates.map((c) => c.write.productId))], fitmentKey);
  const writes: FitmentWrite[] = [];
  for (const c of candidates) {
    if (onFile.has(fitmentKey(c.write))) rows[c.index] = { ...rows[c.index], duplicate: true };
    else writes.push(c.write);
  }
  return { rows, writes };
}

/** Writes the import in one transaction, or nothing when any row is at fault. */
export async function applyFitmentCsv(db: Db, csv: string, userId: number) {
  return db.transaction(async (tx) => {
    const preview = await previewFitmentCsv(tx, csv);
    const bad = preview.rows.filter((r) => r.error);
    if (bad.length)
      throw invalid('Fix the rows with errors first.', {
        csv: bad.map((e) => `Line ${e.line}: ${e.error}`).join(' '),
      });
    const added = await insertFitments(tx, preview.writes);
    await audit(tx, {
      action: 'fitment.import',
      entity: 'fitment',
      userId,
      message: `Fitment import: ${added} rows added`,
      data: { added, lines: preview.rows.length },
    });
    return { added, skipped: preview.rows.length - added };
  });
}
