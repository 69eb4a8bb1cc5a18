/**
 * Packing an order's lines into shipping containers (the containers screen): each container
 * belongs to one warehouse and takes units of lines shipped from that warehouse; a line's units
 * over all its containers never exceed its quantity. Pure, shared by the server and the screen.
 */
export type PackLine = { id: number; quantity: number; warehouse_id: number | null };
export type PackItem = { container_id: number; line_id: number; quantity: number };
export type PackContainer = { id: number; warehouse_id: number };

/** Why: the screen shows what is still to pack, per line. */
export function unpacked(lines: readonly PackLine[], items: readonly PackItem[]): Map<number, number> {
  const left = new Map(lines.map((l) => [l.id, l.quantity]));
  for (const i of items) left.set(i.line_id, (left.get(i.line_id) ?? 0) - i.quantity);
  return left;
}

export type PackProblem = null | 'unknown_line' | 'unknown_container' | 'other_warehouse' | 'too_many' | 'quantity';

/**
 * Why: one check for "put `quantity` units of a line into a container" (replacing what that
 * container already holds of the line): the line and the container exist, share a warehouse,
 * the quantity is a whole number from 1, and the line is not packed beyond its quantity.
 */
export function checkPack(
  lines: readonly PackLine[],
  containers: readonly PackContainer[],
  items: readonly PackItem[],
  put: PackItem,
): PackProblem {
  const line = lines.find((l) => l.id === put.line_id);
  if (!line) return 'unknown_line';
  const container = containers.find((c) => c.id === put.container_id);
  if (!container) return 'unknown_container';
  if (line.warehouse_id !== container.warehouse_id) return 'other_warehouse';
  if (!Number.isSafeInteger(put.quantity) || put.quantity < 1) return 'quantity';
  const elsewhere = items
    .filter((i) => i.line_id === put.line_id && i.container_id !== put.container_id)
    .reduce((s, i) => s + i.quantity, 0);
  if (elsewhere + put.quantity > line.quantity) return 'too_many';
  return null;
}
