/**
 * Keyset pagination cursors for back-office index tables. A cursor is the sort value and the id
 * of the row a page starts after (or ends before), as opaque base64url JSON in the URL, so deep
 * pages cost the same as the first (no OFFSET) and links stay shareable.
 */

export type Cursor = { v: string | number | null; id: number };

/** Why: the cursor travels in a URL; base64url keeps it one opaque, copy-safe token. */
export function encodeCursor(c: Cursor): string {
  const json = JSON.stringify([c.v, c.id]);
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Why: a cursor is user input; anything that is not one we made reads as "no cursor" rather than an error. */
export function decodeCursor(s: unknown): Cursor | null {
  if (typeof s !== 'string' || s.length === 0 || s.length > 400 || !/^[A-Za-z0-9_-]+$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [v, id] = parsed;
    if (!Number.isSafeInteger(id) || id < 0 || id > 2147483647) return null;
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') return null;
    if (typeof v === 'string' && v.length > 200) return null;
    return { v, id };
  } catch {
    return null;
  }
}

/** Sort direction of an index column. */
export type SortDir = 'asc' | 'desc';

/**
 * Why: one rule for which way the comparison goes. Moving forward (after) in a descending sort
 * fetches smaller keys; moving back (before) flips both the comparison and the fetch order, and
 * the page is reversed afterwards.
 */
export function keysetPlan(
  dir: SortDir,
  mode: 'after' | 'before',
): { op: '<' | '>'; fetchDir: SortDir; reverse: boolean } {
  const forward = mode === 'after';
  const descending = dir === 'desc';
  const op = forward === descending ? '<' : '>';
  const fetchDir: SortDir = forward ? dir : descending ? 'asc' : 'desc';
  return { op, fetchDir, reverse: !forward };
}

/**
 * Why: the same page boundaries for every keyset index. Rows come back in fetch order, one more
 * than the page size when there is more; a backward fetch is reversed into display order.
 * Forward: a next page exists when the extra row came back, a previous one whenever we came
 * through a cursor. Backward: the reverse.
 */
export function keysetPage<R>(
  rows: readonly R[],
  size: number,
  mode: 'after' | 'before',
  hadCursor: boolean,
  reverse: boolean,
  key: (r: R) => string,
): { rows: R[]; next: string | null; prev: string | null } {
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (reverse) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const next = last === undefined ? null : mode === 'after' ? (more ? key(last) : null) : key(last);
  const prev =
    first === undefined ? null : mode === 'after' ? (hadCursor ? key(first) : null) : more ? key(first) : null;
  return { rows: page, next, prev };
}
