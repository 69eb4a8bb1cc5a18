/**
 * An approver approves a member's cart: the order is placed through checkout's own placement with
 * the choice the member made, its decision written in the same transaction as the order's
 * confirmation, then the member is mailed. A workflow because it composes approvals, checkout
 * and orders; the approvals feature keeps the request, rejection and withdrawal.
 */
import { conflict, forbidden, notFound } from '../../domain/errors.ts';
import { PlaceOrder } from '../../domain/checkout-input.ts';
import type { Services } from '../../services.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import {
  approvalById,
  userEmail,
  localeOf,
  tOf,
  type Admin,
  type ApprovalChoice,
  type Mail,
} from '../../features/approvals/index.ts';
import { sendConfirmation } from '../../features/orders/index.ts';
import { organisationOfAdmin } from '../../features/org-users/index.ts';
import { placeOrder } from '../checkout/place-order.ts';

/** The approver (never the member who asked) approves: the order is placed with the member's choice. */
export async function approve(
  s: Mail & Pick<Services, 'channels'>,
  payments: PaymentProvider,
  approver: Admin,
  approvalId: number,
  base: string,
) {
  const org = await organisationOfAdmin(s.db, approver);
  const a = await approvalById(s.db, approvalId);
  if (!a || a.organisationId !== org.id) throw notFound();
  if (a.status !== 'pending') throw conflict('This request was already decided.');
  if (a.requestedBy === approver.id) throw forbidden('You cannot approve your own order.');
  const choice = a.choice as ApprovalChoice;
  const channel = (await s.channels.all()).find((c) => c.id === choice.channelId);
  if (!channel) throw notFound();
  const input = PlaceOrder.parse(choice.input);
  // The same placement as checkout: prices, stock and total checked again (a changed total is a 409).
  const result = await placeOrder(s.db, payments, {
    userId: a.requestedBy,
    channel,
    key: `approval-${a.id}`,
    input,
    locale: choice.locale,
    approval: { id: a.id, by: approver.id },
  });
  if (!result.replayed) {
    await sendConfirmation(s, result.body.order_id, choice.locale, base).catch(() => undefined);
    const member = await userEmail(s.db, a.requestedBy);
    const t = tOf(s, choice.locale);
    if (member)
      await s.mailer
        .send({
          to: member.email,
          subject: t('approvals.mail.approved.subject', { id: a.orderId }),
          text: `${t('approvals.mail.approved.body', { id: a.orderId, email: approver.email })}\n\n${base}/${localeOf(choice.locale)}/orders/${a.orderId}\n`,
        })
        .catch(() => undefined);
  }
  return result;
}
