/**
 * My machines: a customer's own list (add, change, remove; each write audited, one transaction),
 * the model found from the serial when none is chosen, and what a chosen machine makes of a parts
 * diagram (which callouts and parts fit). Never sees req.
 */
import { invalid, notFound, type FieldErrors } from '../../domain/errors.ts';
import {
  formatExample,
  matchesFormat,
  modelForSerial,
  normalizeSerial,
  validYear,
  type FitRow,
  type Machine,
  fits,
} from '../../domain/fitment.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { audit } from '../audit/index.ts';
import {
  deleteMachine,
  diagramFitments,
  insertMachine,
  listModels,
  ownMachine,
  productFitments,
  updateMachine,
  type FitmentRow,
  type MachineWrite,
  type ModelRow,
} from './queries.ts';
import type { MachineBody } from './schemas.ts';
import { replacementsFor, type Replacement } from './replacements.ts';

/** The model and the checked values of a machine form, or every field at fault at once. */
export function resolveMachine(body: MachineBody, models: readonly ModelRow[], now: Date): MachineWrite {
  const fields: FieldErrors = {};
  const serial = normalizeSerial(body.serial);
  let model: ModelRow | undefined;
  if (body.model_id !== undefined) {
    model = models.find((m) => m.id === body.model_id);
    if (!model) fields.model_id = 'Choose a model.';
    else if (!matchesFormat(serial, model.serialFormat))
      fields.serial = `A ${model.code} serial number looks like ${formatExample(model.serialFormat)}.`;
  } else {
    const ranges = models.map((m) => ({ id: m.id, format: m.serialFormat, from: m.serialFrom, to: m.serialTo }));
    const id = modelForSerial(serial, ranges);
    model = models.find((m) => m.id === id);
    if (!model) fields.model_id = 'No model is known for this serial number. Choose the model.';
  }
  const year = Number(body.year);
  if (!validYear(year, now)) fields.year = `Enter a model year from 1950 to ${now.getUTCFullYear() + 1}.`;
  const messages = Object.values(fields);
  if (messages.length || !model)
    throw invalid(messages.length === 1 ? messages[0] : 'Please correct the highlighted fields.', fields);
  return { modelId: model.id, serial, year, name: body.name, hours: body.hours ?? null, acres: body.acres ?? null };
}

const auditData = (m: MachineWrite) => ({ ...m });

export async function addMachine(db: Db, userId: number, body: MachineBody, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const m = resolveMachine(body, await listModels(tx), now);
    const id = await insertMachine(tx, userId, m);
    await audit(tx, {
      action: 'machine.create',
      entity: 'machine',
      entityId: id,
      userId,
      message: `Machine ${m.name} (serial ${m.serial}) added`,
      data: auditData(m),
    });
    return id;
  });
}

export async function editMachine(db: Db, userId: number, id: number, body: MachineBody, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await ownMachine(tx, userId, id))) throw notFound('That machine does not exist.');
    const m = resolveMachine(body, await listModels(tx), now);
    await updateMachine(tx, userId, id, m);
    await audit(tx, {
      action: 'machine.update',
      entity: 'machine',
      entityId: id,
      userId,
      message: `Machine ${m.name} (serial ${m.serial}) changed`,
      data: auditData(m),
    });
  });
}

export async function removeMachine(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const row = await deleteMachine(tx, userId, id);
    if (!row) throw notFound('That machine does not exist.');
    await audit(tx, {
      action: 'machine.delete',
      entity: 'machine',
      entityId: id,
      userId,
      message: `Machine ${row.name} (serial ${row.serial}) removed`,
      data: { id },
    });
  });
}

/** The machine to read a diagram for: the user's own, or none (another's id is ignored like a bad one). */
export async function chosenMachine(db: DbOrTx, userId: number | undefined, id: number | undefined) {
  if (userId === undefined || id === undefined) return null;
  return (await ownMachine(db, userId, id)) ?? null;
}

export type DiagramFit = {
  /** Callout labels that do not fit the machine (their own rows or every part under them). */
  calloutMisfits: Set<string>;
  /** "callout\u0000productId" of each part row that does not fit. */
  partMisfits: Set<string>;
  /** By product id, for parts that do not fit: the part that replaced them and fits the machine. */
  replacements: Map<number, Replacement>;
};

const fitRow = (r: FitmentRow): FitRow => ({ modelId: r.modelId, from: r.from, to: r.to });

/**
 * What does not fit the machine on a diagram: a part row when the diagram, its callout or the part
 * itself excludes the machine; a callout when its own rows exclude it or none of its parts fit.
 */
export async function diagramFit(
  db: DbOrTx,
  diagramId: number,
  machine: Machine,
  callouts: readonly { callout: string; parts: readonly { productId: number }[] }[],
): Promise<DiagramFit> {
  const ids = [...new Set(callouts.flatMap((c) => c.parts.map((p) => p.productId)))];
  // Replacements are read for every part at once (beside the rows, not after them); only a dimmed part shows one.
  const [onDiagram, ofParts, replaced] = await Promise.all([
    diagramFitments(db, diagramId),
    productFitments(db, ids),
    replacementsFor(db, machine, ids),
  ]);
  const diagramOk = fits(machine, onDiagram.filter((r) => r.callout === null).map(fitRow));
  const calloutMisfits = new Set<string>();
  const partMisfits = new Set<string>();
  for (const c of callouts) {
    const calloutOk = diagramOk && fits(machine, onDiagram.filter((r) => r.callout === c.callout).map(fitRow));
    let anyFits = false;
    for (const p of c.parts) {
      const ok = calloutOk && fits(machine, ofParts.filter((r) => r.productId === p.productId).map(fitRow));
      if (ok) anyFits = true;
      else partMisfits.add(`${c.callout}\u0000${p.productId}`);
    }
    if (!calloutOk || (c.parts.length && !anyFits)) calloutMisfits.add(c.callout);
  }
  // Only a part that does not fit on its own points on: under a callout the machine lacks, its replacement would not fit either.
  const replacements = new Map(
    [...replaced].filter(([id]) => !fits(machine, ofParts.filter((r) => r.productId === id).map(fitRow))),
  );
  return { calloutMisfits, partMisfits, replacements };
}
