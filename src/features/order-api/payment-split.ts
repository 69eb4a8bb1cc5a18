/**
 * A staff payment's split over the parts of an order: every line, unpaid fee, the
 * shipping and the tax (src/domain/payment-parts.ts, the rule the payment island applies too).
 * Read inside the payment's transaction with the order locked: what each part still owes, then
 * the split sent (allocations, fee_ids) checked against it, or — nothing sent — the payment
 * spread over everything owed (distributeOverParts). A refusal is a 400 naming allocations.N.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  orderFees,
  orderLineItems,
  paymentAllocations,
  payments,
  refundAllocations,
  refunds,
} from '../../db/schema/index.ts';
import { ALLOCATION_TYPES } from '../../domain/constants.ts';
import { invalid } from '../../domain/errors.ts';
import { fromCents, formatMoney } from '../../domain/money.ts';
import {
  checkPartAssignments,
  distributeOverParts,
  owedParts,
  partKey,
  sumOwed,
  type PartAssignment,
  type PaymentPart,
} from '../../domain/payment-parts.ts';
import type { LockedOrder } from './writes.ts';

/** One allocation as the API takes it: type 0 a line, 1 a fee, 2 the shipping, 3 a tax by name. */
export type AllocationInput = {
  type: number;
  order_line_item_id?: number;
  fee_id?: number;
  tax_name?: string;
  amount: number;
};

export const SPLIT_MESSAGES = {
  amount: 'The payment must be more than zero.',
  overLine: 'A line cannot be assigned more than it still owes.',
  overPart: 'A payment cannot put more on shipping, tax or a fee than it still owes.',
  unknownLine: 'A payment can only go to a line of this order that still owes money.',
  unknownPart: 'A payment can only go to a line, fee, shipping or tax of this order that still owes money.',
  duplicate: 'Each line, fee, shipping or tax may appear once in allocations.',
  sum: 'The amounts assigned to lines, fees, shipping and tax must add up to the payment.',
  fee: 'A fee is not an unpaid fee of this order.',
  feeField: 'Not an unpaid fee of this order.',
  tooMuch: (owed: string) => `The payment is more than the order still owes (${owed}).`,
} as const;

/** The locked order's parts with what each still owes (the same rows the orders API sends). */
export async function orderParts(tx: Tx, order: LockedOrder): Promise<PaymentPart[]> {
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const fees = await tx.select().from(orderFees).where(eq(orderFees.orderId, order.id)).orderBy(asc(orderFees.id));
  const pays = await tx.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id));
  const ids = pays.map((p) => p.id);
  const allocs = ids.length
    ? await tx.select().from(paymentAllocations).where(inArray(paymentAllocations.paymentId, ids))
    : [];
  const backs = ids.length
    ? await tx
        .select({ refund: refunds, a: refundAllocations })
        .from(refunds)
        .leftJoin(refundAllocations, eq(refundAllocations.refundId, refunds.id))
        .where(inArray(refunds.paymentId, ids))
    : [];
  const refundRows = new Map<
    number,
    {
      amount: string;
      returnId: number | null;
      allocations: { type: number; amount: string; order_line_item_id: number | null; tax_name: string | null }[];
    }
  >();
  for (const { refund, a } of backs) {
    const r = refundRows.get(refund.id) ?? { amount: refund.amount, returnId: refund.returnId, allocations: [] };
    if (a)
      r.allocations.push({ type: a.type, amount: a.amount, order_line_item_id: a.lineItemId, tax_name: a.taxName });
    refundRows.set(refund.id, r);
  }
  return owedParts({
    status: order.status,
    quote: order.quote,
    total: order.total,
    shipping: order.shipping,
    tax: order.tax,
    tax_breakdown: order.taxBreakdown,
    lines: lines.map((l) => ({ id: l.id, title: l.title, line_type: l.lineType, unpaid_total: l.unpaidTotal })),
    fees: fees.map((f) => ({ id: f.id, name: f.name, amount: f.amount, paid: f.paid })),
    payments: pays.map((p) => ({
      total: p.total,
      successful: p.successful,
      allocations: allocs
        .filter((a) => a.paymentId === p.id)
        .map((a) => ({
          type: a.type,
          amount: a.amount,
          order_line_item_id: a.lineItemId,
          fee_id: a.feeId,
          tax_name: a.taxName,
        })),
    })),
    refunds: [...refundRows.values()],
  });
}

/**
 * Why: the split a payment is recorded with — the one sent (allocations, then each fee of fee_ids
 * in full), checked against what each part owes; or, when none is sent, the payment spread over
 * all that is owed. Throws the 400 that names the allocation at fault.
 */
export function paymentSplit(
  parts: readonly PaymentPart[],
  body: { amount: number; allocations: readonly AllocationInput[]; fee_ids: readonly number[] },
  currency: string,
): { part: PaymentPart; cents: number }[] {
  if (body.amount <= 0) throw invalid(SPLIT_MESSAGES.amount, { amount: SPLIT_MESSAGES.amount });
  const byKey = new Map(parts.map((p) => [p.key, p]));
  const sent = body.allocations
    .map((a, index) => ({ index, key: partKey(a), cents: a.amount, type: a.type }))
    .filter((a) => a.cents > 0);
  for (const id of body.fee_ids)
    if (!byKey.get(`fee:${id}`)?.owedCents) throw invalid(SPLIT_MESSAGES.fee, { fee_ids: SPLIT_MESSAGES.feeField });
  let assignments: PartAssignment[];
  if (sent.length === 0 && body.fee_ids.length === 0) {
    const owed = sumOwed(parts);
    if (body.amount > owed) {
      const msg = SPLIT_MESSAGES.tooMuch(formatMoney(owed, currency, 'en-US'));
      throw invalid(msg, { amount: msg });
    }
    assignments = distributeOverParts(parts, body.amount);
  } else {
    assignments = [
      ...sent.map((a) => ({ key: a.key, cents: a.cents })),
      ...body.fee_ids.map((id) => ({ key: `fee:${id}`, cents: byKey.get(`fee:${id}`)!.owedCents })),
    ];
    const verdict = checkPartAssignments(parts, assignments, body.amount);
    if (!verdict.ok) {
      const at = verdict.index !== undefined && verdict.index < sent.length ? sent[verdict.index] : undefined;
      const line = at?.type === ALLOCATION_TYPES.LINE;
      const where = at ? `allocations.${at.index}` : verdict.index !== undefined ? 'fee_ids' : 'allocations';
      if (verdict.reason === 'over_part')
        throw invalid(line ? SPLIT_MESSAGES.overLine : SPLIT_MESSAGES.overPart, {
          [at ? `${where}.amount` : where]: line ? SPLIT_MESSAGES.overLine : SPLIT_MESSAGES.overPart,
        });
      if (verdict.reason === 'unknown_part')
        throw invalid(line ? SPLIT_MESSAGES.unknownLine : SPLIT_MESSAGES.unknownPart, {
          [where]: line ? SPLIT_MESSAGES.unknownLine : SPLIT_MESSAGES.unknownPart,
        });
      if (verdict.reason === 'duplicate')
        throw invalid(SPLIT_MESSAGES.duplicate, { [where]: SPLIT_MESSAGES.duplicate });
      if (verdict.reason === 'amount') throw invalid(SPLIT_MESSAGES.amount, { amount: SPLIT_MESSAGES.amount });
      throw invalid(SPLIT_MESSAGES.sum, { allocations: SPLIT_MESSAGES.sum });
    }
  }
  return assignments.map((a) => ({ part: byKey.get(a.key)!, cents: a.cents }));
}

/** An assignment as the row it is stored as. */
export function allocationRow(paymentId: number, a: { part: PaymentPart; cents: number }) {
  return {
    paymentId,
    type: a.part.type,
    lineItemId: a.part.order_line_item_id,
    feeId: a.part.fee_id,
    taxName: a.part.tax_name,
    amount: fromCents(a.cents),
  };
}
