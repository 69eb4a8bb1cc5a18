/**
 * Which parts fit which machine. A machine is a model and a serial number; a part, a diagram and a
 * callout each carry fitment rows (model, from serial, to serial; an open end has no bound). Pure:
 * the parts explorer, the My machines pages and the back office's fitment import all ask here.
 *
 * Serial formats are masks: `#` a digit, `@` a letter, any other character itself. Serials are
 * compared in natural order (runs of digits as numbers), so '9999' comes before '10000' and a
 * mask with a letter prefix still orders by its number.
 */

/** A serial as stored: trimmed, upper case, no inner spaces (people type "16 2345"). */
export function normalizeSerial(serial: string): string {
  return serial.replace(/\s+/g, '').toUpperCase();
}

/** Whether a (normalized) serial has the shape of the model's mask. */
export function matchesFormat(serial: string, format: string): boolean {
  const s = normalizeSerial(serial);
  const f = format.toUpperCase();
  if (s.length !== f.length || !s.length) return false;
  for (let i = 0; i < f.length; i++) {
    const m = f[i];
    const c = s[i];
    if (m === '#' ? !/[0-9]/.test(c) : m === '@' ? !/[A-Z]/.test(c) : c !== m) return false;
  }
  return true;
}

/** An example serial of the mask, for hints ("like 123456"): digits count up, letters from A. */
export function formatExample(format: string): string {
  let d = 0;
  let l = 0;
  return [...format.toUpperCase()]
    .map((m) => (m === '#' ? String(++d % 10) : m === '@' ? String.fromCharCode(65 + (l++ % 26)) : m))
    .join('');
}

const RUNS = /(\d+)|(\D+)/g;

/** Natural order of two serials: negative when a comes first, 0 when equal, positive after. */
export function compareSerials(a: string, b: string): number {
  const ra = normalizeSerial(a).match(RUNS) ?? [];
  const rb = normalizeSerial(b).match(RUNS) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const [x, y] = [ra[i], rb[i]];
    const digits = /^\d/.test(x) && /^\d/.test(y);
    if (digits) {
      const nx = x.replace(/^0+/, '');
      const ny = y.replace(/^0+/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
    } else if (x !== y) return x < y ? -1 : 1;
  }
  return ra.length - rb.length;
}

export type SerialRange = { from: string | null; to: string | null };

/** Whether the serial is within the range, both ends included; a missing end is open. */
export function inRange(serial: string, r: SerialRange): boolean {
  if (r.from !== null && compareSerials(serial, r.from) < 0) return false;
  if (r.to !== null && compareSerials(serial, r.to) > 0) return false;
  return true;
}

/** A fitment row: this thing fits this model within this serial range. */
export type FitRow = SerialRange & { modelId: number };
export type Machine = { modelId: number; serial: string };

/** A thing with no fitment rows fits every machine (nothing known restricts it). */
export function fits(machine: Machine, rows: readonly FitRow[]): boolean {
  if (!rows.length) return true;
  return rows.some((r) => r.modelId === machine.modelId && inRange(machine.serial, r));
}

/**
 * Does a part on a diagram fit the machine: the diagram, the callout and the part itself must
 * all allow it (a part that fits the machine is still wrong under a callout that does not).
 */
export function partFits(
  machine: Machine,
  rows: { diagram: readonly FitRow[]; callout: readonly FitRow[]; part: readonly FitRow[] },
): boolean {
  return fits(machine, rows.diagram) && fits(machine, rows.callout) && fits(machine, rows.part);
}

export type ModelRange = SerialRange & { id: number; format: string };

/**
 * The model a serial alone names: the one model whose mask it matches and whose known production
 * range holds it. Null when none does, or when more than one does (the customer must choose).
 */
export function modelForSerial(serial: string, models: readonly ModelRange[]): number | null {
  const hits = models.filter(
    (m) => matchesFormat(serial, m.format) && (m.from !== null || m.to !== null) && inRange(serial, m),
  );
  return hits.length === 1 ? hits[0].id : null;
}

/** A model year a machine can have: 1950 up to next year's models (sold from mid-year). */
export function validYear(year: number, now: Date): boolean {
  return Number.isInteger(year) && year >= 1950 && year <= now.getUTCFullYear() + 1;
}

export type RangeProblem = 'from_format' | 'to_format' | 'order' | null;

/** What is wrong with a fitment range for a model's mask (ends are optional). */
export function rangeProblem(r: SerialRange, format: string): RangeProblem {
  if (r.from !== null && !matchesFormat(r.from, format)) return 'from_format';
  if (r.to !== null && !matchesFormat(r.to, format)) return 'to_format';
  if (r.from !== null && r.to !== null && compareSerials(r.from, r.to) > 0) return 'order';
  return null;
}
