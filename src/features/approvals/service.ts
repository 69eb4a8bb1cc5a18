/**
 * Spending limits and approval: the organisation admin's limits on a member, the
 * member's cart sent for approval (locked while it waits), and the approver's decision. An
 * approval places the order through checkout's own placement (src/workflows/approvals/approve.ts:
 * placing an order is checkout's workflow, above this feature); a rejection unlocks the cart with
 * the approver's reason; the member may also withdraw their own request while it waits, which
 * unlocks the cart too. Each step is audited, sends a webhook event
 * and mails the people concerned.
 */
import type { Db } from '../../db/client.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { formatMoney, fromCents } from '../../domain/money.ts';
import { SPENDING_MESSAGES } from '../../domain/spending.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { CurrentUser } from '../../http/types.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import type { PlaceOrder } from '../../domain/checkout-input.ts';
import { memberOf, organisationOfAdmin, refuseOwnAccount } from '../org-users/index.ts';
import { cartLocked, type NeedsApproval } from './limits.ts';
import {
  approversOf,
  decideApproval,
  insertApproval,
  lockApproval,
  lockCartOf,
  lockOwnApproval,
  userEmail,
  writeLimits,
} from './queries.ts';
import type { LimitsForm } from './schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type Admin = Pick<CurrentUser, 'id' | 'email' | 'organisationId'>;
type Member = Pick<CurrentUser, 'id' | 'email'>;
export type Mail = Pick<Services, 'db' | 'mailer' | 'texts' | 'catalogText' | 'config'>;
type T = (key: string, vars?: Record<string, unknown>) => string;

/** What the approval keeps of the member's checkout: the place-order request, its locale and channel. */
export type ApprovalChoice = {
  input: PlaceOrder;
  locale: string;
  channelId: number;
  currency: string;
  totalCents: number;
  limitReason: 'order' | 'period';
};

export const localeOf = (v: string | null | undefined) => (v && isLocale(v) ? v : 'en-us');
export const tOf = (s: Pick<Services, 'texts'>, locale: string) => s.texts.forLocale(localeOf(locale)) as unknown as T;

/** The admin sets a member's limits (empty = no limit; never their own); audited. */
export async function setMemberLimits(
  db: Db,
  admin: Admin,
  userId: number,
  form: LimitsForm,
): Promise<{ email: string }> {
  refuseOwnAccount(admin, userId, 'limits');
  const org = await organisationOfAdmin(db, admin);
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, org.id, userId);
    if (!member) throw notFound();
    const before = await writeLimits(tx, org.id, userId, form);
    const words = (o: string | null | undefined, p: string | null | undefined, per: string | undefined) =>
      `per order ${o ?? 'none'}, per ${per ?? 'month'} ${p ?? 'none'}`;
    await audit(tx, {
      action: 'organisation.limits',
      entity: 'user',
      entityId: userId,
      userId: admin.id,
      message: `${admin.email} set the spending limits of ${member.email}: ${words(before?.perOrderLimit, before?.perPeriodLimit, before?.period)} → ${words(form.perOrderLimit, form.perPeriodLimit, form.period)}`,
      data: {
        organisation: org.id,
        before: before
          ? { perOrderLimit: before.perOrderLimit, perPeriodLimit: before.perPeriodLimit, period: before.period }
          : null,
        after: form,
      },
    });
    return { email: member.email };
  });
}

/**
 * The member's cart goes to approval instead of being placed: only a check or an invoice (nothing
 * to enter when the approver approves). The cart is locked by the pending row; approvers are mailed.
 */
export async function requestApproval(
  s: Mail,
  args: {
    userId: number;
    need: NeedsApproval;
    input: PlaceOrder;
    locale: string;
    channelId: number;
    currency: string;
    base: string;
  },
): Promise<{ approvalId: number }> {
  const { input, need } = args;
  if (
    (input.payment_type !== PAYMENT_TYPES.CHECK && input.payment_type !== PAYMENT_TYPES.INVOICE) ||
    input.saved_method_id !== undefined
  ) {
    throw new AppError(422, 'approval_payment', SPENDING_MESSAGES.method, { payment_type: SPENDING_MESSAGES.method });
  }
  // An approval nobody can give would keep the cart locked for good: refused before anything is written.
  const approvers = (await approversOf(s.db, need.organisationId)).filter((a) => a.id !== args.userId);
  if (!approvers.length) throw new AppError(409, 'no_approver', SPENDING_MESSAGES.noApprover);
  const choice: ApprovalChoice = {
    input,
    locale: args.locale,
    channelId: args.channelId,
    currency: args.currency,
    totalCents: need.totalCents,
    limitReason: need.reason,
  };
  const approvalId = await s.db.transaction(async (tx) => {
    const cart = await lockCartOf(tx, input.order_id, args.userId);
    if (!cart) throw notFound('Your cart was not found.');
    const member = await userEmail(tx, args.userId);
    const row = await insertApproval(tx, {
      orderId: cart.id,
      requestedBy: args.userId,
      organisationId: need.organisationId,
      reason: need.reason,
      choice: choice as unknown as Record<string, unknown>,
    }).catch((e: unknown) => {
      if (isUniqueViolation(e)) throw cartLocked();
      throw e;
    });
    const total = fromCents(need.totalCents);
    await audit(tx, {
      action: 'order.approval_request',
      entity: 'order',
      entityId: cart.id,
      userId: args.userId,
      message: `${member?.email} sent cart ${cart.id} (${formatMoney(need.totalCents, args.currency, 'en-US')}) for approval: over the ${need.reason === 'order' ? 'per-order' : 'period'} limit`,
      data: { approvalId: row.id, reason: need.reason, total, paymentType: input.payment_type },
    });
    await emitEvent(tx, 'order.approval_requested', {
      orderId: cart.id,
      approvalId: row.id,
      total,
      currency: args.currency,
      reason: need.reason,
      requestedBy: args.userId,
    });
    return row.id;
  });
  const member = await userEmail(s.db, args.userId);
  for (const a of approvers) {
    const t = tOf(s, a.locale);
    const locale = localeOf(a.locale);
    await s.mailer
      .send({
        to: a.email,
        subject: t('approvals.mail.requested.subject', { email: member?.email ?? '' }),
        text: `${t('approvals.mail.requested.body', { email: member?.email ?? '', total: formatMoney(need.totalCents, args.currency, locale), reason: t(`approvals.reason.${need.reason}`) })}\n\n${args.base}/${locale}/account/organization/approvals\n`,
      })
      .catch(() => undefined);
  }
  return { approvalId };
}

/** The approver rejects with a reason: the cart is unlocked, the member mailed the reason. */
export async function reject(
  s: Mail,
  approver: Admin,
  approvalId: number,
  reason: string,
  base: string,
): Promise<void> {
  const org = await organisationOfAdmin(s.db, approver);
  const a = await s.db.transaction(async (tx) => {
    const row = await lockApproval(tx, org.id, approvalId);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict('This request was already decided.');
    await decideApproval(tx, row.id, { status: 'rejected', decidedBy: approver.id, reason });
    await audit(tx, {
      action: 'order.approval_reject',
      entity: 'order',
      entityId: row.orderId,
      userId: approver.id,
      message: `${approver.email} rejected cart ${row.orderId}: ${reason}`,
      data: { approvalId: row.id, reason },
    });
    const choice = row.choice as ApprovalChoice;
    await emitEvent(tx, 'order.approval_rejected', {
      orderId: row.orderId,
      approvalId: row.id,
      total: fromCents(choice.totalCents ?? 0),
      currency: choice.currency,
      reason,
      decidedBy: approver.id,
    });
    return row;
  });
  const member = await userEmail(s.db, a.requestedBy);
  const choice = a.choice as ApprovalChoice;
  const t = tOf(s, choice.locale);
  if (member)
    await s.mailer
      .send({
        to: member.email,
        subject: t('approvals.mail.rejected.subject'),
        text: `${t('approvals.mail.rejected.body', { email: approver.email, reason })}\n\n${base}/${localeOf(choice.locale)}/cart\n`,
      })
      .catch(() => undefined);
}

/**
 * The member takes back their own request while it waits: the cart is unlocked (the row is no
 * longer pending), audited, announced, and the organisation's approvers are told there is nothing
 * to decide. Someone else's request is not found, whoever asks; one already decided is a 409.
 */
export async function withdraw(s: Mail, member: Member, approvalId: number): Promise<{ orderId: number }> {
  const a = await s.db.transaction(async (tx) => {
    const row = await lockOwnApproval(tx, member.id, approvalId);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict('This request was already decided.');
    await decideApproval(tx, row.id, { status: 'withdrawn', decidedBy: member.id });
    const choice = row.choice as ApprovalChoice;
    await audit(tx, {
      action: 'order.approval_withdraw',
      entity: 'order',
      entityId: row.orderId,
      userId: member.id,
      message: `${member.email} withdrew the approval request for cart ${row.orderId}`,
      data: { approvalId: row.id },
    });
    await emitEvent(tx, 'order.approval_withdrawn', {
      orderId: row.orderId,
      approvalId: row.id,
      total: fromCents(choice.totalCents ?? 0),
      currency: choice.currency,
      withdrawnBy: member.id,
    });
    return row;
  });
  const choice = a.choice as ApprovalChoice;
  const approvers = (await approversOf(s.db, a.organisationId)).filter((x) => x.id !== member.id);
  for (const x of approvers) {
    const t = tOf(s, x.locale);
    const total = formatMoney(choice.totalCents ?? 0, choice.currency, localeOf(x.locale));
    await s.mailer
      .send({
        to: x.email,
        subject: t('approvals.mail.withdrawn.subject', { email: member.email }),
        text: `${t('approvals.mail.withdrawn.body', { email: member.email, id: a.orderId, total })}\n`,
      })
      .catch(() => undefined);
  }
  return { orderId: a.orderId };
}
