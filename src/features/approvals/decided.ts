/** Spending limits: the approval's decision, written inside the order's confirmation transaction (checkout/confirm.ts). */
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../domain/errors.ts';
import { formatMoney, fromCents } from '../../domain/money.ts';
import { audit } from '../audit/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import { decideApproval, userEmail } from './queries.ts';

/** The approval decided (once: a second approval of the same request is a 409), audited, announced. */
export async function approvedInConfirm(
  tx: DbOrTx,
  approval: { id: number; by: number },
  orderId: number,
  totalCents: number,
  currency: string,
) {
  if (!(await decideApproval(tx, approval.id, { status: 'approved', decidedBy: approval.by })))
    throw conflict('This request was already decided.');
  const approver = await userEmail(tx, approval.by);
  await audit(tx, {
    action: 'order.approval_approve',
    entity: 'order',
    entityId: orderId,
    userId: approval.by,
    message: `${approver?.email} approved order ${orderId} (${formatMoney(totalCents, currency, 'en-US')})`,
    data: { approvalId: approval.id },
  });
  await emitEvent(tx, 'order.approval_approved', {
    orderId,
    approvalId: approval.id,
    total: fromCents(totalCents),
    currency,
    decidedBy: approval.by,
  });
}
