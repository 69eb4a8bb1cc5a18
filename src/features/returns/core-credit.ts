/**
 * A returned core credited (domain cores.ts coreCredit): staff mark the core received and
 * inspected on the order's deposit line, in full or in part (a reason then), and the credit goes
 * through the returns machinery: one return for the deposit line, already refunded, whose refund
 * names it (so the balance rule takes it off the bill) and goes back through the order's card
 * payment as a return's refund does. One transaction, audited, with the return.refunded event.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { returnLines, returns } from '../../db/schema/index.ts';
import { CORE_CREDIT_MESSAGES, coreCredit, type CoreCreditInput } from '../../domain/cores.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { lockOrder, refundReturnedGoods } from '../order-api/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import { ledgerLinesOf, orderForReturn } from './queries.ts';

type Deps = Pick<Services, 'db' | 'payments' | 'config'>;

/** Cores of the line credited so far, and their credit (tax included), by returns not refused. */
async function creditedSoFar(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], lineId: number) {
  const [r] = await tx
    .select({
      units: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int`,
      credit: sql<string>`coalesce(sum(${returnLines.credit}), 0)::text`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returnLines.lineItemId, lineId), ne(returns.status, 'refused')));
  return { units: r.units, cents: toCents(r.credit) };
}

/** Credits returned cores of an order's deposit line; returns the return that carries the refund. */
export async function creditCore(
  s: Deps,
  staff: { id: number; email: string },
  orderId: number,
  lineId: number,
  input: CoreCreditInput,
): Promise<{ returnId: number; refund: string }> {
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, undefined);
    const o = await orderForReturn(tx, orderId);
    if (!o || o.order.status === 'cart' || o.order.draft || o.order.quote) throw notFound();
    const line = o.lines.find((l) => l.id === lineId && l.coreOfLineId != null);
    if (!line) throw notFound();
    const f = (await ledgerLinesOf(tx, o)).get(line.id) ?? { net: 0, tax: 0 };
    const before = await creditedSoFar(tx, line.id);
    // A credit's tax part comes back in proportion to the line's net and tax (cores.ts's own rule).
    const taxBefore = f.net + f.tax > 0 ? Math.round((before.cents * f.tax) / (f.net + f.tax)) : 0;
    const r = coreCredit(
      {
        unitDepositCents: toCents(line.unitPrice),
        quantity: line.quantity,
        depositCents: f.net,
        taxCents: f.tax,
        returnedQuantity: before.units,
        creditedCents: before.cents - taxBefore,
        taxCreditedCents: taxBefore,
      },
      input,
    );
    if (!r.ok) {
      const message = CORE_CREDIT_MESSAGES[r.message].replace('{{max}}', fromCents(r.max ?? 0));
      throw invalid(message, { [r.field]: message });
    }
    const reason = input.reason?.trim() || 'Core returned and inspected: full credit.';
    const [ret] = await tx
      .insert(returns)
      .values({ orderId, requestedBy: staff.id, reason, status: 'refunded', decidedBy: staff.id })
      .returning({ id: returns.id });
    await tx
      .insert(returnLines)
      .values({ returnId: ret.id, lineItemId: line.id, quantity: r.quantity, credit: fromCents(r.refundCents) });
    const out = await refundReturnedGoods(tx, paymentProviderOf(s), {
      order,
      returnId: ret.id,
      lines: [{ lineId: line.id, netCents: r.creditCents, taxCents: r.taxCreditCents }],
      user: staff,
    });
    const data = {
      returnId: ret.id,
      lineId: line.id,
      quantity: r.quantity,
      partial: r.partial,
      refundId: out.refundId,
    };
    await audit(tx, {
      action: 'return.core_credit',
      entity: 'order',
      entityId: orderId,
      userId: staff.id,
      message: `${staff.email} credited ${r.quantity} core(s) of line ${line.id} of order ${orderId}: ${fromCents(out.cents)} (return ${ret.id})${r.partial ? `: ${reason}` : ''}`,
      data,
    });
    await emitEvent(tx, 'return.refunded', {
      orderId,
      status: 'refunded',
      amount: fromCents(out.cents),
      core: true,
      ...data,
    });
    return { returnId: ret.id, refund: fromCents(out.cents) };
  });
}
