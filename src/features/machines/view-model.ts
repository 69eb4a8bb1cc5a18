/** Rows → the JSON answers and the pages' locals of My machines. */
import { formatExample } from '../../domain/fitment.ts';
import type { MachineRow, ModelRow } from './queries.ts';

export function machineJson(m: MachineRow) {
  return {
    id: m.id,
    name: m.name,
    serial: m.serial,
    year: m.year,
    hours: m.hours,
    acres: m.acres,
    model: { id: m.modelId, code: m.modelCode, name: m.modelName },
  };
}

/** The model select's options: code and name, with an example serial for the hint. */
export function modelOptions(models: readonly ModelRow[]) {
  return models.map((m) => ({ id: m.id, code: m.code, name: m.name, example: formatExample(m.serialFormat) }));
}

/** A machine as the form shows it again (the typed values win over the stored ones). */
export function formValues(m: MachineRow | null, typed: Record<string, unknown> | null): Record<string, string> {
  const stored: Record<string, string> = m
    ? {
        model_id: String(m.modelId),
        serial: m.serial,
        year: String(m.year),
        name: m.name,
        hours: m.hours === null ? '' : String(m.hours),
        acres: m.acres === null ? '' : String(m.acres),
      }
    : {};
  const out: Record<string, string> = { ...stored };
  for (const [k, v] of Object.entries(typed ?? {})) if (typeof v === 'string' && k !== '_csrf') out[k] = v;
  return out;
}
