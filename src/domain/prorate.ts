/**
 * Splitting money across lines. Everything is done in integer cents so the parts add up exactly.
 */
import { toCents } from './money.ts';

/** Spec §5/§9: distribution stops once at most this much (in dollars) is left to assign. */
export const PAYMENT_TOLERANCE = 0.001;

/** A line that can receive part of a payment; unpaid_total is in dollars as the API sends it. */
export interface PayableLine {
  id: string | number;
  unpaid_total: number;
}

/** What distributePayment assigns to a line, in dollars with at most 2 decimals. */
export interface AssignedPayment {
  id: string | number;
  assigned: number;
}

/**
 * Why: splits an amount (cents) in proportion to weights so the parts always sum to the total,
 * by largest remainder: each part gets the floor of its exact share, and the cents left over go
 * one each to the largest remainders (earlier index wins a tie). All-zero weights split equally;
 * a negative total is split as its absolute value and negated. Integer weights are exact (BigInt).
 */
export function prorate(weights: readonly number[], amountCents: number): number[] {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Amount must be integer cents: ${amountCents}`);
  for (const w of weights) {
    if (!Number.isFinite(w) || w < 0) throw new RangeError(`Weights must be finite and non-negative: ${w}`);
  }
  if (weights.length === 0) {
    if (amountCents === 0) return [];
    throw new RangeError('Cannot split a non-zero amount over no weights');
  }
  const sign = amountCents < 0 ? -1 : 1;
  const amount = Math.abs(amountCents);
  const ws = weights.some((w) => w > 0) ? weights : weights.map(() => 1);

  const floors: number[] = [];
  const remainders: (number | bigint)[] = []; // all bigint (exact path) or all number
  if (ws.every((w) => Number.isSafeInteger(w))) {
    const W = ws.reduce((a, w) => a + BigInt(w), 0n);
    const A = BigInt(amount);
    for (const w of ws) {
      const p = A * BigInt(w);
      floors.push(Number(p / W));
      remainders.push(p % W);
    }
  } else {
    const W = ws.reduce((a, w) => a + w, 0);
    for (const w of ws) {
      const exact = (amount * w) / W;
      const f = Math.min(amount, Math.floor(exact));
      floors.push(f);
      remainders.push(exact - f);
    }
  }

  // Float shares can be off by a hair, so the leftover may be negative in the float path: take
  // cents back from the smallest remainders then. In the exact path it is always 0..n-1.
  let leftover = amount - floors.reduce((a, f) => a + f, 0);
  const order = floors.map((_, i) => i);
  if (leftover > 0) {
    order.sort((a, b) => cmp(remainders[b], remainders[a]) || a - b);
    for (let k = 0; leftover > 0; k = (k + 1) % order.length, leftover--) floors[order[k]] += 1;
  } else if (leftover < 0) {
    order.sort((a, b) => cmp(remainders[a], remainders[b]) || b - a);
    for (let k = 0; leftover < 0; k = (k + 1) % order.length) {
      if (floors[order[k]] > 0) {
        floors[order[k]] -= 1;
        leftover++;
      }
    }
  }
  return floors.map((f) => (f === 0 ? 0 : sign * f));
}

/**
 * Why: a payment is applied to lines in order, each up to its unpaid total, until it is used up
 * (spec §5). Worked in cents: the payment and each unpaid total are truncated to the cent first,
 * so an assignment is always 2 decimals yet can never exceed the payment or the line (rounding
 * 10.005 up to 10.01 would). Lines after the payment runs out are assigned 0.
 */
export function distributePayment(amount: number | string, lines: readonly PayableLine[]): AssignedPayment[] {
  let remaining = centsDown(amount);
  return lines.map((line) => {
    // With integer cents "at most 0.001 left" means nothing left; the constant keeps the rule visible.
    if (remaining <= PAYMENT_TOLERANCE * 100) return { id: line.id, assigned: 0 };
    const cents = Math.min(remaining, centsDown(line.unpaid_total));
    remaining -= cents;
    return { id: line.id, assigned: cents / 100 };
  });
}

/** Why: a payment typed against a line may not exceed what the line still owes, nor be negative (spec §5). */
export function capAssigned(assigned: number, unpaid_total: number): number {
  const a = Number.isFinite(assigned) ? assigned : 0;
  const u = Number.isFinite(unpaid_total) ? unpaid_total : 0;
  return Math.max(0, Math.min(a, u));
}

/** Why: orders remainders of either kind without converting BigInts to lossy floats. */
function cmp(a: number | bigint, b: number | bigint): number {
  return a > b ? 1 : a < b ? -1 : 0;
}

/** Why: dollars to whole cents, toward zero, with junk and negatives counting as nothing to assign. */
function centsDown(v: number | string): number {
  try {
    return Math.max(0, toCents(v, 'down'));
  } catch {
    return 0;
  }
}

/** Why the refusal, when a split of a payment over lines cannot be recorded. */
export type AllocationProblem =
  | { ok: true; assignedCents: number }
  | { ok: false; reason: 'amount' | 'over_line' | 'unknown_line' | 'sum'; id?: string | number; assignedCents: number };

/**
 * Why: one rule for whether a payment's split may be recorded, checked by the island (to enable
 * its button) and by the server (to refuse): the payment is a positive amount; every assignment
 * goes to a known line, is at least 0 and at most that line's unpaid_total (the cap of §5); and
 * the assignments add up to the payment exactly, to the cent — allocations always sum to the payment.
 */
export function checkAllocations(
  amount: number | string,
  assigned: readonly AssignedPayment[],
  lines: readonly PayableLine[],
): AllocationProblem {
  const total = centsDown(amount);
  let sum = 0;
  const unpaid = new Map(lines.map((l) => [String(l.id), centsDown(l.unpaid_total)]));
  for (const a of assigned) {
    const cents = centsDown(a.assigned);
    const cap = unpaid.get(String(a.id));
    if (cap === undefined) return { ok: false, reason: 'unknown_line', id: a.id, assignedCents: sum };
    if (cents > cap) return { ok: false, reason: 'over_line', id: a.id, assignedCents: sum };
    sum += cents;
  }
  if (total <= 0) return { ok: false, reason: 'amount', assignedCents: sum };
  if (sum !== total) return { ok: false, reason: 'sum', assignedCents: sum };
  return { ok: true, assignedCents: sum };
}

/** What a payment paid onto one line and how much of that is still not refunded, in cents. */
export interface RefundableAllocation {
  lineId: number;
  leftCents: number;
}

/**
 * A refund goes back over the lines its payment paid, newest allocation first, each up to what it
 * still holds; the result adds up to the refund exactly. Throws RangeError when the refund is not
 * a positive whole number of cents or exceeds what the allocations still hold (callers check first).
 */
export function spreadRefund(
  refundCents: number,
  allocations: readonly RefundableAllocation[],
): { lineId: number; cents: number }[] {
  if (!Number.isInteger(refundCents) || refundCents <= 0)
    throw new RangeError('refund must be a positive number of cents');
  const left = allocations.reduce((s, a) => s + Math.max(0, a.leftCents), 0);
  if (refundCents > left) throw new RangeError('refund exceeds what the payment paid onto lines');
  const out = new Map<number, number>();
  let rest = refundCents;
  for (let i = allocations.length - 1; i >= 0 && rest > 0; i--) {
    const take = Math.min(rest, Math.max(0, allocations[i].leftCents));
    if (take <= 0) continue;
    out.set(allocations[i].lineId, (out.get(allocations[i].lineId) ?? 0) + take);
    rest -= take;
  }
  return [...out].map(([lineId, cents]) => ({ lineId, cents }));
}
