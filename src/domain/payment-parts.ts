/**
 * What a payment can pay on an order, and how much each part still owes: every product
 * line (its unpaid_total), every unpaid fee, the order's shipping and its tax (one part per
 * authority of the tax breakdown, or one part named TAX_PART_NAME when the order keeps only one
 * tax amount). One rule for the staff payment endpoint and the payment island alike.
 *
 *   line      owed = unpaid_total
 *   fee       owed = amount − what allocations paid on it (0 once paid)
 *   shipping  owed = shipping − shipping allocations paid + refunded
 *   tax       owed = the tax's amount − its allocations paid + refunded
 *
 * Σ owed = the order's unpaid (src/domain/order-balance.ts) for an owed order. Payments taken at
 * checkout spread shipping and tax over the lines' allocations (checkout/confirm.ts), so what the
 * order owes beyond its lines and fees is the judge: when shipping and tax say more than that, the
 * difference was paid through the lines and comes off shipping first, then the taxes; when they
 * say less, they owe up to their own amount again (never more).
 */
import { ALLOCATION_TYPES, type AllocationType, LINE_TYPES } from './constants.ts';
import { toCents } from './money.ts';
import { storedOrderBalance } from './order-balance.ts';
import type { OrderJson } from './order-edit.ts';

/** The tax_name of the one tax part of an order that keeps a single tax amount (no breakdown). */
export const TAX_PART_NAME = 'Tax';

export type StoredAllocation = {
  type: number;
  amount: string;
  order_line_item_id?: number | null;
  fee_id?: number | null;
  tax_name?: string | null;
};

/** An order as the orders API sends it (OrderJson) or as the server reads it: decimal strings. */
export type OwedOrderInput = {
  status: string;
  quote?: boolean;
  total: string;
  shipping: string;
  tax: string;
  tax_breakdown?: readonly { name: string; amount: string | number }[] | null;
  lines: readonly { id: number; title: string; line_type: number; unpaid_total: string; paid_total?: string }[];
  fees: readonly { id: number; name: string; amount: string; paid: boolean }[];
  payments: readonly { total: string; successful: boolean; allocations: readonly StoredAllocation[] }[];
  /** returnId set: a refund of returned goods, off the bill (order-balance.ts). */
  refunds: readonly { amount: string; returnId?: number | null; allocations: readonly StoredAllocation[] }[];
};

export type PaymentPart = {
  /** Unique within the order: 'line:12', 'fee:3', 'shipping', 'tax:GST'. */
  key: string;
  type: AllocationType;
  order_line_item_id: number | null;
  fee_id: number | null;
  tax_name: string | null;
  /** The line's title, the fee's name, the tax's name; '' for shipping (the screen names it). */
  label: string;
  /** What the part still owes, in cents (≥ 0). */
  owedCents: number;
  /** What has been paid on it (a line's paid_total; a fee's, the shipping's or a tax's amount less owedCents). */
  paidCents: number;
};

/** The part an allocation (stored or sent) goes to. */
export function partKey(a: {
  type: number;
  order_line_item_id?: number | null;
  fee_id?: number | null;
  tax_name?: string | null;
}): string {
  if (a.type === ALLOCATION_TYPES.LINE) return `line:${a.order_line_item_id}`;
  if (a.type === ALLOCATION_TYPES.FEE) return `fee:${a.fee_id}`;
  if (a.type === ALLOCATION_TYPES.SHIPPING) return 'shipping';
  return `tax:${a.tax_name ?? ''}`;
}

/** The order's taxes as parts: its breakdown when that adds up to its tax, else one part. */
export function taxFaces(order: Pick<OwedOrderInput, 'tax' | 'tax_breakdown'>): { name: string; cents: number }[] {
  const tax = toCents(order.tax);
  const rows = (order.tax_breakdown ?? []).map((t) => ({ name: t.name, cents: toCents(t.amount) }));
  const named =
    rows.length > 0 &&
    new Set(rows.map((r) => r.name)).size === rows.length &&
    rows.reduce((s, r) => s + r.cents, 0) === tax;
  if (named) return rows.filter((r) => r.cents > 0);
  return tax > 0 ? [{ name: TAX_PART_NAME, cents: tax }] : [];
}

/** Why: the parts of an order a payment can pay, each with what it still owes (see the header). */
export function owedParts(order: OwedOrderInput): PaymentPart[] {
  const paid = paidByPart(order);

  const lines: PaymentPart[] = order.lines
    .filter((l) => l.line_type !== LINE_TYPES.PROMOTION)
    .map((l) => ({
      key: `line:${l.id}`,
      type: ALLOCATION_TYPES.LINE,
      order_line_item_id: l.id,
      fee_id: null,
      tax_name: null,
      label: l.title,
      owedCents: Math.max(0, toCents(l.unpaid_total)),
      paidCents: toCents(l.paid_total ?? '0'),
    }));
  const fees = feeParts(order.fees, paid);
  const faces = orderFaces(order);
  const orderParts: PaymentPart[] = faces.map((f) => ({
    key: f.key,
    type: f.type,
    order_line_item_id: null,
    fee_id: null,
    tax_name: f.name,
    label: f.label,
    owedCents: clamp(f.face - (paid.get(f.key) ?? 0), f.face),
    paidCents: 0,
  }));

  settleToBalance(order, { lines, fees, orderParts, faces });
  for (const [i, p] of orderParts.entries()) p.paidCents = faces[i].face - p.owedCents;
  return [...lines, ...fees, ...orderParts];
}

/** What the successful payments, less the refunds, put on each part (by partKey). */
function paidByPart(order: OwedOrderInput): Map<string, number> {
  const paid = new Map<string, number>();
  const add = (a: StoredAllocation, sign: 1 | -1) =>
    paid.set(partKey(a), (paid.get(partKey(a)) ?? 0) + sign * toCents(a.amount));
  for (const p of order.payments) if (p.successful) for (const a of p.allocations) add(a, 1);
  for (const r of order.refunds) for (const a of r.allocations) add(a, -1);
  return paid;
}

const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));

/** The unpaid fees, each owing its amount less what allocations paid on it. */
function feeParts(fees: OwedOrderInput['fees'], paid: Map<string, number>): PaymentPart[] {
  return fees
    .filter((f) => !f.paid)
    .map((f) => {
      const face = toCents(f.amount);
      const owedCents = clamp(face - (paid.get(`fee:${f.id}`) ?? 0), face);
      return {
        key: `fee:${f.id}`,
        type: ALLOCATION_TYPES.FEE,
        order_line_item_id: null,
        fee_id: f.id,
        tax_name: null,
        label: f.name,
        owedCents,
        paidCents: face - owedCents,
      };
    });
}

type Face = { key: string; type: AllocationType; name: string | null; label: string; face: number };

/** The order-level parts with their face value: the shipping, then each tax. */
function orderFaces(order: OwedOrderInput): Face[] {
  const shippingFace = toCents(order.shipping);
  return [
    ...(shippingFace > 0
      ? [
          {
            key: 'shipping',
            type: ALLOCATION_TYPES.SHIPPING,
            name: null as string | null,
            label: '',
            face: shippingFace,
          },
        ]
      : []),
    ...taxFaces(order).map((t) => ({
      key: `tax:${t.name}`,
      type: ALLOCATION_TYPES.TAX,
      name: t.name as string | null,
      label: t.name,
      face: t.cents,
    })),
  ];
}

/**
 * The order-level parts owe what the stored balance leaves beyond the lines and fees: the
 * difference is taken from (or given back to) the shipping and taxes, in order, within their faces.
 */
function settleToBalance(
  order: OwedOrderInput,
  parts: { lines: PaymentPart[]; fees: PaymentPart[]; orderParts: PaymentPart[]; faces: Face[] },
): void {
  const { lines, fees, orderParts, faces } = parts;
  const balance = storedOrderBalance(order, { fees: order.fees, payments: order.payments, refunds: order.refunds });
  if (balance.owed) {
    const beyond = balance.unpaid - sumOwed(lines) - sumOwed(fees);
    let diff = sumOwed(orderParts) - Math.max(0, beyond);
    for (const [i, p] of orderParts.entries()) {
      if (diff > 0) {
        const take = Math.min(diff, p.owedCents);
        p.owedCents -= take;
        diff -= take;
      } else if (diff < 0) {
        const give = Math.min(-diff, faces[i].face - p.owedCents);
        p.owedCents += give;
        diff += give;
      }
    }
  }
}

/** The same from the order as the orders API sends it (OrderJson): what the payment island reads. */
export function owedPartsOfOrder(order: OrderJson): PaymentPart[] {
  const alloc = (a: {
    type: number;
    amount: { value: string };
    order_line_item_id: number | null;
    fee_id?: number | null;
    tax_name?: string | null;
  }): StoredAllocation => ({
    type: a.type,
    amount: a.amount.value,
    order_line_item_id: a.order_line_item_id,
    fee_id: a.fee_id ?? null,
    tax_name: a.tax_name ?? null,
  });
  return owedParts({
    status: order.status,
    quote: order.quote,
    total: order.totals.total,
    shipping: order.totals.shipping,
    tax: order.totals.tax,
    tax_breakdown: order.tax_breakdown,
    lines: order.line_items.map((l) => ({
      id: l.order_line_item_id,
      title: l.product.title,
      line_type: l.line_type,
      unpaid_total: l.unpaid_total,
      paid_total: l.paid_total,
    })),
    fees: [...order.fees.paid, ...order.fees.unpaid].map((f) => ({
      id: f.fee_id,
      name: f.name,
      amount: f.amount.value,
      paid: f.paid,
    })),
    payments: order.payments.map((p) => ({
      total: p.total.value,
      successful: p.successful,
      allocations: p.allocations.map(alloc),
    })),
    refunds: order.payments.flatMap((p) =>
      (p.refunds ?? []).map((r) => ({
        amount: r.amount.value,
        returnId: r.return_id ?? null,
        allocations: (r.allocations ?? []).map(alloc),
      })),
    ),
  });
}

export const sumOwed = (parts: readonly { owedCents: number }[]) => parts.reduce((s, p) => s + p.owedCents, 0);

export type PartAssignment = { key: string; cents: number };

/**
 * Why: a payment with no split of its own fills the parts in order — the lines as the order lists
 * them, then the fees, the shipping and the taxes — each up to what it owes, as spec §5 fills
 * lines: the assignments add up to the amount exactly and none is above its part's owed. Parts
 * that get nothing are left out. Throws RangeError when the amount is not a positive whole number
 * of cents or is more than the parts owe together (callers check first).
 */
export function distributeOverParts(parts: readonly PaymentPart[], amountCents: number): PartAssignment[] {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError('the amount must be a positive number of cents');
  if (amountCents > sumOwed(parts)) throw new RangeError('the amount is more than the order owes');
  let rest = amountCents;
  const out: PartAssignment[] = [];
  for (const p of parts) {
    const cents = Math.min(rest, Math.max(0, p.owedCents));
    if (cents > 0) out.push({ key: p.key, cents });
    rest -= cents;
  }
  return out;
}

/** Why: a refund takes back what a payment paid on lines, shipping and tax; never a fee (spec §3: fees are settled). */
export const isRefundableAllocation = (type: number) => type !== ALLOCATION_TYPES.FEE;

/** What is left to refund on a payment as the orders API sends it: its refundable allocations less its refunds. */
export function refundableCents(p: {
  allocations: readonly { type: number; amount: { value: string } }[];
  refunded: { value: string };
}): number {
  return Math.max(
    0,
    p.allocations.filter((a) => isRefundableAllocation(a.type)).reduce((s, a) => s + toCents(a.amount.value), 0) -
      toCents(p.refunded.value),
  );
}

export type PartCheck =
  | { ok: true; assignedCents: number }
  | {
      ok: false;
      reason: 'amount' | 'unknown_part' | 'duplicate' | 'over_part' | 'sum' | 'negative';
      index?: number;
      key?: string;
      assignedCents: number;
    };

/**
 * Why: one rule for a hand-entered split, checked by the island (to enable its button) and by
 * the server (to refuse, naming allocations.N): the payment is positive, each assignment goes to a
 * part of this order once, is not negative and not above what the part still owes, and together
 * they add up to the payment to the cent.
 */
export function checkPartAssignments(
  parts: readonly PaymentPart[],
  assignments: readonly PartAssignment[],
  amountCents: number,
): PartCheck {
  const owed = new Map(parts.map((p) => [p.key, p.owedCents]));
  const seen = new Set<string>();
  let sum = 0;
  for (const [index, a] of assignments.entries()) {
    const cap = owed.get(a.key);
    if (cap === undefined) return { ok: false, reason: 'unknown_part', index, key: a.key, assignedCents: sum };
    if (seen.has(a.key)) return { ok: false, reason: 'duplicate', index, key: a.key, assignedCents: sum };
    seen.add(a.key);
    if (!Number.isSafeInteger(a.cents) || a.cents < 0)
      return { ok: false, reason: 'negative', index, key: a.key, assignedCents: sum };
    if (a.cents > cap) return { ok: false, reason: 'over_part', index, key: a.key, assignedCents: sum };
    sum += a.cents;
  }
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return { ok: false, reason: 'amount', assignedCents: sum };
  if (sum !== amountCents) return { ok: false, reason: 'sum', assignedCents: sum };
  return { ok: true, assignedCents: sum };
}
