/**
 * CSV for spreadsheet exports (RFC 4180 quoting) with formula injection neutralised: a cell that a
 * spreadsheet would run as a formula (starting with =, +, - or @, or a tab/carriage return that
 * some programs strip first) gets a leading apostrophe, so it is shown as text. Pure.
 *
 * Numbers are written as numbers (a negative amount stays -12.50, it is data, not a formula);
 * only strings are neutralised, because strings are where people's typing ends up.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** Why: '=HYPERLINK(...)' typed into a product title must not run in the reader's spreadsheet. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Why: one cell, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
