/**
 * "Machine down": the buyer's machine is stopped and waits for the parts. Pure rules (no I/O),
 * shared by checkout, the back office and whatever hands out scarce stock:
 *
 * - shipping: of each warehouse's quotes only the fastest is offered (soonest latest delivery,
 *   then soonest earliest delivery, then the cheaper);
 * - priority: machine-down orders come before the others, then the longest waiting first;
 * - allocation: when free stock cannot fill every waiting line, lines are served in that
 *   priority, each line whole or not at all, so a stopped machine gets its parts first.
 */
import { toCents } from './money.ts';

/** The facts of a shipping quote that say how fast and how dear it is. */
export type RateSpeed = {
  min_days: number | null;
  max_days: number | null;
  delivery_date?: string | null;
  total: { value: string };
};

/** Unknown transit days sort last: a quote that cannot say when it arrives is never "the fastest". */
const days = (d: number | null) => (d === null || !Number.isFinite(d) ? Number.POSITIVE_INFINITY : d);

/** Negative when `a` arrives sooner than `b` (then the cheaper of two equally fast ones). */
export function compareSpeed(a: RateSpeed, b: RateSpeed): number {
  const byDate = (a.delivery_date ?? '').localeCompare(b.delivery_date ?? '');
  if (a.delivery_date && b.delivery_date && byDate !== 0) return byDate;
  return (
    days(a.max_days) - days(b.max_days) ||
    days(a.min_days) - days(b.min_days) ||
    toCents(a.total.value) - toCents(b.total.value)
  );
}

/** Why: a stopped machine gets the one quickest way of each warehouse, not a choice that could be slower. */
export function fastestRate<R extends RateSpeed>(rates: readonly R[]): R | null {
  let best: R | null = null;
  for (const r of rates) if (!best || compareSpeed(r, best) < 0) best = r;
  return best;
}

/** Each warehouse's quotes reduced to its fastest one (a warehouse without quotes keeps none). */
export function fastestPerWarehouse<W extends { rates: readonly RateSpeed[] }>(warehouses: readonly W[]): W[] {
  return warehouses.map((w) => {
    const best = fastestRate<W['rates'][number]>(w.rates);
    return { ...w, rates: best ? [best] : [] };
  });
}

/** What the priority of an order (or of one of its lines) depends on. */
export type PriorityFacts = {
  orderId: number;
  machineDown: boolean;
  /** When the order was placed (ISO string or Date); earlier waits longer. */
  placedAt: string | Date;
};

const time = (v: string | Date) => (v instanceof Date ? v.getTime() : Date.parse(v));

/** Negative when `a` is served before `b`: machine down first, then the earlier order, then the lower id. */
export function comparePriority(a: PriorityFacts, b: PriorityFacts): number {
  return Number(b.machineDown) - Number(a.machineDown) || time(a.placedAt) - time(b.placedAt) || a.orderId - b.orderId;
}

/** The orders (or lines) in the order stock is handed out to them. */
export function byPriority<T extends PriorityFacts>(items: readonly T[]): T[] {
  return [...items].sort(comparePriority);
}

/** One order line waiting for stock of one product. */
export type WaitingLine = PriorityFacts & { lineId: number; productId: number; quantity: number };

export type ScarceAllocation = {
  /** Lines served, in the order they were served. */
  served: { lineId: number; orderId: number; productId: number; quantity: number }[];
  /** Lines that still wait (not enough stock left for the whole line). */
  waiting: number[];
  /** Stock left per product after serving. */
  left: Map<number, number>;
};

/**
 * Why: when stock arrives, or staff hand out what is on the shelf, the lines waiting for it are
 * served by priority; a line is served whole, and a line too large for what is left does not
 * stop a smaller line behind it from being served.
 */
export function allocateScarce(free: ReadonlyMap<number, number>, lines: readonly WaitingLine[]): ScarceAllocation {
  const left = new Map(free);
  const served: ScarceAllocation['served'] = [];
  const waiting: number[] = [];
  for (const l of byPriority(lines)) {
    const have = left.get(l.productId) ?? 0;
    if (l.quantity > 0 && l.quantity <= have) {
      left.set(l.productId, have - l.quantity);
      served.push({ lineId: l.lineId, orderId: l.orderId, productId: l.productId, quantity: l.quantity });
    } else waiting.push(l.lineId);
  }
  return { served, waiting, left };
}
