/**
 * Returns (RMA): the customer asks from their order's page; staff approve or refuse with a message,
 * mark the goods received into a warehouse (their stock goes back there), then refund them (the
 * order's card refund, aimed at what the goods were worth by the ledger, refunds.return_id) or
 * replace them (a zero-price line, stock taken from a warehouse). Every step is one transaction
 * with the return locked, audited and a webhook event; the customer is mailed after it commits
 * (a failed mail never undoes the step).
 */
import { eq } from 'drizzle-orm';
import { orderLineItems, returnLines, returnPhotos, returns } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import {
  lineRefusal,
  nextStatus,
  RETURN_MESSAGES,
  returnCredit,
  type ReturnAction,
  type ReturnStatus,
} from '../../domain/returns.ts';
import type { CurrentUser } from '../../http/types.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { lockOrder, refundReturnedGoods, type ReturnedLine } from '../order-api/index.ts';
import { emitEvent, type WebhookEvent } from '../webhooks/index.ts';
import {
  activeWarehouses,
  addReplacementLine,
  creditedUnits,
  isProductLine,
  ledgerLinesOf,
  lockReturn,
  orderForReturn,
  restock,
  returnDetail,
  takeStock,
} from './queries.ts';
import type { ReturnRequest } from './schemas.ts';

type Who = Pick<CurrentUser, 'id' | 'email'>;
type Deps = Pick<Services, 'db' | 'mailer' | 'texts' | 'payments' | 'config'>;
type T = (key: string, vars?: Record<string, unknown>) => string;

const wrongStatus = () => new AppError(409, 'return_status', RETURN_MESSAGES.wrongStatus);
const EVENTS: Record<ReturnStatus, WebhookEvent> = {
  requested: 'return.requested',
  approved: 'return.approved',
  refused: 'return.refused',
  received: 'return.received',
  refunded: 'return.refunded',
  replaced: 'return.replaced',
};

/** The customer asks to return lines of their own placed order. */
export async function requestReturn(s: Deps, who: Who, orderId: number, body: ReturnRequest, now: Date, base: string) {
  const id = await s.db.transaction(async (tx) => {
    await lockOrder(tx, orderId, undefined);
    const o = await orderForReturn(tx, orderId);
    if (!o || o.order.userId !== who.id || o.order.status === 'cart' || o.order.draft) throw notFound();
    if (o.order.quote || o.order.status === 'cancelled')
      throw invalid(RETURN_MESSAGES.notPlaced, { lines: RETURN_MESSAGES.notPlaced });
    const orderDate = o.order.submittedAt ?? o.order.createdAt;
    const figures = await ledgerLinesOf(tx, o);
    const before = await creditedUnits(tx, orderId);
    const fields: Record<string, string> = {};
    const rows: { lineItemId: number; quantity: number; credit: string }[] = [];
    for (const want of body.lines) {
      const line = o.lines.find((l) => l.id === want.lineId && isProductLine(l.lineType));
      if (!line) throw notFound();
      const refusal = lineRefusal(line, orderDate, now, want.quantity);
      if (refusal) fields[`quantity_${line.id}`] = refusal;
      const f = figures.get(line.id);
      const credit = f ? returnCredit(f, want.quantity, before.get(line.id) ?? 0).cents : 0;
      rows.push({ lineItemId: line.id, quantity: want.quantity, credit: fromCents(credit) });
    }
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
    const [ret] = await tx
      .insert(returns)
      .values({ orderId, requestedBy: who.id, reason: body.reason })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(rows.map((r) => ({ ...r, returnId: ret.id })));
    const total = rows.reduce((sum, r) => sum + toCents(r.credit), 0);
    await audit(tx, {
      action: 'return.request',
      entity: 'order',
      entityId: orderId,
      userId: who.id,
      message: `${who.email} asked to return ${rows.map((r) => `${r.quantity} × line ${r.lineItemId}`).join(', ')} of order ${orderId} (return ${ret.id}, ${formatMoney(total, o.order.orderCurrency, 'en-US')})`,
      data: { returnId: ret.id, lines: rows },
    });
    await emitEvent(tx, 'return.requested', { returnId: ret.id, orderId, lines: rows });
    return ret.id;
  });
  await mailCustomer(s, id, 'requested', base);
  return id;
}

/** Photos of a requested return, at most RETURN_PHOTO_MAX (the paths the media upload stored). */
export async function addPhotos(s: Pick<Services, 'db'>, returnId: number, paths: string[]) {
  if (!paths.length) return;
  await s.db.insert(returnPhotos).values(paths.map((path) => ({ returnId, path })));
}

export type StepInput = { message?: string | null; warehouseId?: number | null };

/** A staff step on a return: approve, refuse, receive, refund or replace. */
export async function returnStep(
  s: Deps,
  staff: Who,
  id: number,
  action: ReturnAction,
  input: StepInput,
  base: string,
) {
  const status = await s.db.transaction(async (tx) => {
    const ret = await lockReturn(tx, id);
    if (!ret) throw notFound();
    const to = nextStatus(ret.status, action);
    if (!to) throw wrongStatus();
    const order = await lockOrder(tx, ret.orderId, undefined);
    const detail = (await returnDetail(tx, id))!;
    const set: Partial<typeof returns.$inferInsert> = { status: to, decidedBy: staff.id, updatedAt: new Date() };
    let data: Record<string, unknown> = {};
    if (action === 'approve' || action === 'refuse') set.staffMessage = input.message ?? null;
    if (action === 'receive') {
      const known = (await activeWarehouses(tx)).some((w) => w.id === input.warehouseId);
      if (!input.warehouseId || !known)
        throw invalid(RETURN_MESSAGES.warehouse, { warehouse_id: RETURN_MESSAGES.warehouse });
      set.warehouseId = input.warehouseId;
      for (const l of detail.lines) if (l.productId) await restock(tx, input.warehouseId, l.productId, l.quantity);
      data = { warehouseId: input.warehouseId, restocked: detail.lines.map((l) => [l.productId, l.quantity]) };
    }
    if (action === 'refund') data = await refundStep(s, tx, staff, order, detail);
    if (action === 'replace') {
      const lineIds = await replaceStep(tx, detail, ret.warehouseId);
      set.replacementLineId = lineIds[0] ?? null;
      data = { replacementLines: lineIds };
    }
    await tx.update(returns).set(set).where(eq(returns.id, id));
    await audit(tx, {
      action: `return.${action}`,
      entity: 'order',
      entityId: ret.orderId,
      userId: staff.id,
      message: `${staff.email} set return ${id} of order ${ret.orderId} to ${to}${input.message ? `: ${input.message}` : ''}`,
      data: { returnId: id, from: ret.status, to, ...data },
    });
    await emitEvent(tx, EVENTS[to], { returnId: id, orderId: ret.orderId, status: to, ...data });
    return to;
  });
  await mailCustomer(s, id, status, base);
  return status;
}

type StepTx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/** The refund: each line's credit split into net and tax by the ledger, through the order's card payment. */
async function refundStep(
  s: Deps,
  tx: StepTx,
  staff: Who,
  order: Awaited<ReturnType<typeof lockOrder>>,
  detail: NonNullable<Awaited<ReturnType<typeof returnDetail>>>,
) {
  const o = (await orderForReturn(tx, order.id))!;
  const figures = await ledgerLinesOf(tx, o);
  const before = await creditedUnits(tx, order.id, detail.id);
  const lines: ReturnedLine[] = detail.lines.map((l) => {
    const f = figures.get(l.lineItemId);
    const c = f ? returnCredit(f, l.quantity, before.get(l.lineItemId) ?? 0) : { net: 0, tax: 0 };
    return { lineId: l.lineItemId, netCents: c.net, taxCents: c.tax };
  });
  const out = await refundReturnedGoods(tx, paymentProviderOf(s), { order, returnId: detail.id, lines, user: staff });
  return { refundId: out.refundId, amount: fromCents(out.cents) };
}

/** The replacement: the same units again at no charge, from a warehouse that has them. */
async function replaceStep(
  tx: StepTx,
  detail: NonNullable<Awaited<ReturnType<typeof returnDetail>>>,
  prefer: number | null,
) {
  const ids: number[] = [];
  for (const l of detail.lines) {
    if (!l.productId) continue;
    const from = await takeStock(tx, l.productId, l.quantity, prefer);
    if (from === null) throw invalid(RETURN_MESSAGES.noStock, { return: RETURN_MESSAGES.noStock });
    const [line] = await tx.select().from(orderLineItems).where(eq(orderLineItems.id, l.lineItemId));
    ids.push(await addReplacementLine(tx, line, l.quantity, from, `${l.title} (replacement, return ${detail.id})`));
  }
  return ids;
}

const localeOf = (v: string | null | undefined) => (v && isLocale(v) ? v : 'en-us');

/** The customer's mail for a step, in the order's language, with a link to the return. */
async function mailCustomer(s: Deps, id: number, status: ReturnStatus, base: string) {
  const d = await returnDetail(s.db, id);
  if (!d?.email) return;
  const locale = localeOf(d.locale);
  const t = s.texts.forLocale(locale) as unknown as T;
  const total = d.lines.reduce((sum, l) => sum + toCents(l.credit), 0);
  const lines = d.lines.map((l) => `${l.quantity} × ${l.title}`).join('\n');
  const body = [
    t(`returns.mail.${status}.body`, { id, order: d.orderId, amount: formatMoney(total, d.currency, locale) }),
    lines,
    d.staffMessage && (status === 'approved' || status === 'refused') ? d.staffMessage : '',
    `${base}/${locale}/account/returns/${id}`,
  ].filter(Boolean);
  await s.mailer
    .send({ to: d.email, subject: t(`returns.mail.${status}.subject`, { id }), text: `${body.join('\n\n')}\n` })
    .catch(() => undefined);
}
