/**
 * Quick order: what a dealer pastes or uploads — lines of part number and quantity —
 * read into lines, and the per-line verdict once the part numbers have been looked up. Pure: the
 * lookup (price and availability in the visitor's channel, by the one price authority) is the
 * caller's; this file only decides what each line says.
 *
 * Accepted lines (one per row; blank rows are skipped but keep their row number):
 *   PART, QTY     PART;QTY     PART<TAB>QTY     PART QTY     PART   (quantity 1)
 * and CSV, cells optionally in double quotes, with an optional header naming the columns
 * (part_number / part number / stockcode / stock code / part / sku, and quantity / qty), in any
 * order; other columns are ignored.
 */
import { CART_MAX, CART_MIN, parseQuantity } from './quantity.ts';

/** At most this many lines in one quick order (the benchmark resolves this many in under a second). */
export const QUICK_ORDER_MAX_LINES = 500;
/** The largest text (or CSV file) accepted, in characters. */
export const QUICK_ORDER_MAX_CHARS = 200_000;
/** A part number longer than this cannot be one (stock codes are far shorter); it is still reported, never looked up. */
export const PART_NUMBER_MAX = 80;

export type QuickLine = {
  /** The row number in what was pasted (1-based, header and blank rows counted). */
  line: number;
  /** The part number as typed (trimmed). */
  stockcode: string;
  /** The quantity as typed ('' when the row had none: then 1). */
  quantityText: string;
  /** The quantity, or null when it is not a whole number. */
  quantity: number | null;
};

export type QuickStatus = 'ok' | 'unknown' | 'not_sold' | 'bad_quantity' | 'duplicate';

/** Why a product may not be ordered: the price authority's refusal codes. */
export type NotSoldReason = 'inactive' | 'price' | 'out_of_stock' | 'coming_soon' | 'call';

/** What the lookup found for one part number (keyed by partKey). */
export type Found<P> = { kind: 'ok'; product: P } | { kind: 'not_sold'; reason: NotSoldReason; product: P };

export type Verdict<P> = QuickLine & {
  status: QuickStatus;
  /** not_sold: why; duplicate: the row it repeats. */
  reason?: NotSoldReason;
  firstLine?: number;
  product: P | null;
};

const PART_HEADERS = new Set([
  'part_number',
  'part number',
  'partnumber',
  'part_no',
  'part no',
  'part',
  'stockcode',
  'stock_code',
  'stock code',
  'sku',
  'item',
]);
const QTY_HEADERS = new Set(['quantity', 'qty', 'quantité', 'quantite', 'cantidad', 'cant']);

/** The key a part number is looked up and compared by: case and surrounding space do not matter. */
export const partKey = (stockcode: string): string => stockcode.trim().toLowerCase();

/** Cells of one row: a comma, semicolon or tab separates (double quotes may wrap a cell); with none of them, spaces do. */
export function splitRow(row: string): string[] {
  if (!/[,;\t]/.test(row))
    return row
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((c) => c.replace(/^"(.*)"$/, '$1'));
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === ',' || c === ';' || c === '\t') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** A header row names a part column; returns where the part and quantity columns are, or null when the row is data. */
function headerOf(cells: readonly string[]): { part: number; qty: number } | null {
  const names = cells.map((c) => c.trim().toLowerCase());
  const part = names.findIndex((n) => PART_HEADERS.has(n));
  if (part < 0) return null;
  const qty = names.findIndex((n) => QTY_HEADERS.has(n));
  return { part, qty };
}

/**
 * The rows of a paste or CSV file → lines. Blank rows and a header row give no line. A row whose
 * quantity is not a whole number keeps it as typed (quantity null) so its own line can say so.
 */
export function parseQuickOrder(text: string): QuickLine[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const out: QuickLine[] = [];
  let columns = { part: 0, qty: 1 };
  let seenData = false;
  rows.forEach((row, i) => {
    if (row.trim() === '') return;
    const cells = splitRow(row);
    if (!seenData) {
      seenData = true;
      const header = headerOf(cells);
      if (header) {
        columns = header;
        return;
      }
    }
    const stockcode = (cells[columns.part] ?? '').trim();
    const quantityText = columns.qty >= 0 ? (cells[columns.qty] ?? '').trim() : '';
    if (stockcode === '' && quantityText === '') return;
    out.push({ line: i + 1, stockcode, quantityText, quantity: quantityText === '' ? 1 : parseQuantity(quantityText) });
  });
  return out;
}

/** Lines a client sends back after fixing some ({stockcode, quantity} each), numbered 1.. in order. */
export function linesFromList(list: readonly { stockcode: string; quantity: unknown; line?: number }[]): QuickLine[] {
  return list.map((l, i) => {
    const quantityText = typeof l.quantity === 'number' ? String(l.quantity) : String(l.quantity ?? '').trim();
    return {
      line: l.line ?? i + 1,
      stockcode: l.stockcode.trim(),
      quantityText,
      quantity: quantityText === '' ? null : parseQuantity(quantityText),
    };
  });
}

/** The distinct part numbers to look up (by partKey), leaving out what cannot be one. */
export function partKeys(lines: readonly QuickLine[]): string[] {
  return [
    ...new Set(
      lines
        .map((l) => l.stockcode)
        .filter((s) => s !== '' && s.length <= PART_NUMBER_MAX)
        .map(partKey),
    ),
  ];
}

export const quantityInRange = (q: number | null): q is number => q !== null && q >= CART_MIN && q <= CART_MAX;

/**
 * Each line's verdict, the first that applies: a part number already on an earlier line
 * (duplicate: one line per part, so the quantities are never silently summed), a part number no
 * product has (unknown), a product that may not be ordered in this channel (not_sold, with the
 * price authority's reason), a quantity outside 1..999 or not a whole number (bad_quantity);
 * otherwise ok.
 */
export function judgeLines<P>(lines: readonly QuickLine[], found: ReadonlyMap<string, Found<P>>): Verdict<P>[] {
  const firstRow = new Map<string, number>();
  return lines.map((l) => {
    const key = partKey(l.stockcode);
    const hit = key ? found.get(key) : undefined;
    const product = hit?.product ?? null;
    const first = key ? firstRow.get(key) : undefined;
    if (key && first === undefined) firstRow.set(key, l.line);
    if (first !== undefined) return { ...l, status: 'duplicate', firstLine: first, product };
    if (!hit) return { ...l, status: 'unknown', product: null };
    if (hit.kind === 'not_sold') return { ...l, status: 'not_sold', reason: hit.reason, product };
    if (!quantityInRange(l.quantity)) return { ...l, status: 'bad_quantity', product };
    return { ...l, status: 'ok', product };
  });
}

/** Every line ok, and at least one: only then may the batch go into the cart. */
export const allOk = (verdicts: readonly { status: QuickStatus }[]): boolean =>
  verdicts.length > 0 && verdicts.every((v) => v.status === 'ok');
