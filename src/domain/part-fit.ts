/**
 * What a part on its own (a search result, a cart or quick-order line) says about the signed-in
 * customer's machines: which of them it fits ("Fits North planter +1") and whether it fits none
 * ("Does not fit any of your machines"). Pure: the catalog, the cart and the quick order ask here.
 *
 * A part without fitment rows fits every machine, but nothing is known of it: it is neither
 * marked as fitting (every bolt would say "Fits North planter") nor warned about.
 */
import { fits, type FitRow, type Machine } from './fitment.ts';

export type OwnedMachine = Machine & { id: number; name: string };

/** The machines (in the customer's order) the part's rows name; none when it has no rows. */
export function machinesFitting<M extends Machine>(machines: readonly M[], rows: readonly FitRow[]): M[] {
  if (!rows.length) return [];
  return machines.filter((m) => fits(m, rows));
}

/** The customer has machines and the part's rows exclude every one of them. */
export function fitsNone(machines: readonly Machine[], rows: readonly FitRow[]): boolean {
  return machines.length > 0 && rows.length > 0 && !machines.some((m) => fits(m, rows));
}

/** The mark's parts: the first machine's name and how many more it fits; null when it fits none. */
export function fitsMark(fitting: readonly { name: string }[]): { name: string; more: number } | null {
  return fitting.length ? { name: fitting[0].name, more: fitting.length - 1 } : null;
}

/** Each product's rows, grouped (a product absent from the map has none). */
export function rowsByProduct(rows: readonly (FitRow & { productId: number })[]): Map<number, FitRow[]> {
  const out = new Map<number, FitRow[]>();
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({ modelId: r.modelId, from: r.from, to: r.to });
    out.set(r.productId, list);
  }
  return out;
}

/** How far a chain of replacements is followed (a longer one is a data error, or a loop). */
export const MAX_REPLACEMENT_STEPS = 8;

/**
 * The part to point to from one that does not fit the machine: its successors, then theirs, nearest
 * first, up to the first whose own rows name the machine. A successor without rows is passed over
 * (nothing says it fits this machine) but its own successors are still followed. Null when none fits.
 */
export function replacementThatFits(
  machine: Machine,
  productId: number,
  successorsOf: (productId: number) => readonly number[],
  rowsOf: (productId: number) => readonly FitRow[],
): number | null {
  const seen = new Set([productId]);
  let layer = [productId];
  for (let step = 0; step < MAX_REPLACEMENT_STEPS && layer.length; step++) {
    const next: number[] = [];
    for (const id of layer)
      for (const s of successorsOf(id)) {
        if (seen.has(s)) continue;
        seen.add(s);
        const rows = rowsOf(s);
        if (rows.length && fits(machine, rows)) return s;
        next.push(s);
      }
    layer = next;
  }
  return null;
}
