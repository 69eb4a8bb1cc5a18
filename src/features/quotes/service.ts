/**
 * Quotes: a signed-in buyer's cart becomes a quote request (the order leaves the cart
 * paths as status 'quote', so nothing the buyer does changes it; a cart waiting for spending
 * approval cannot be sent); staff change prices and quantities with the order editor's rules
 * (lockOrder's version check, repriceAndSave's totals by THE order pricing) and send a
 * counter-offer with an expiry day; the buyer accepts it before it expires (the order is placed
 * as it stands: pending, unpaid, at the quoted prices, never re-priced) or rejects it. Every step
 * is one transaction, audited, a webhook event, and a mail to the other side.
 */
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import { formatMoney, fromCents, toCents } from '../../domain/money.ts';
import { answerRefusal, canOffer, mayAnswerQuote, QUOTE_MESSAGES } from '../../domain/quotes.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { CurrentUser } from '../../http/types.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { emitEvent, emitEvents } from '../webhooks/index.ts';
import { assertNotLocked, checkSpending, NeedsApproval, lockCartOf } from '../approvals/index.ts';
import { findCartId } from '../cart/index.ts';
import { diff, lockOrder, repriceAndSave, snapshot } from '../order-api/index.ts';
import { sendConfirmation } from '../orders/index.ts';
import {
  addMessage,
  cartBecomesQuote,
  insertQuote,
  linesOf,
  lockQuote,
  orderTotal,
  placeQuotedOrder,
  productLineCount,
  quoteOrder,
  quoteStaff,
  setLine,
  setQuote,
  userOf,
} from './queries.ts';
import type { OfferForm, OfferLine } from './schemas.ts';

type Who = Pick<CurrentUser, 'id' | 'email'>;
/** The buyer's side: who answers, their organisation and whether they approve for it (organisation.users). */
export type Answerer = Who & { organisationId: number | null; approver: boolean };
type Mail = Pick<Services, 'db' | 'mailer' | 'texts' | 'catalogText'>;
type T = (key: string, vars?: Record<string, unknown>) => string;

const localeOf = (v: string | null | undefined) => (v && isLocale(v) ? v : 'en-us');
const tOf = (s: Pick<Services, 'texts'>, locale: string) => s.texts.forLocale(localeOf(locale)) as unknown as T;
const refused = (key: keyof typeof QUOTE_MESSAGES) => new AppError(409, `quote_${key}`, QUOTE_MESSAGES[key]);

/** Mails every holder of quotes.manage, each in their own language (a failed mail never undoes the step). */
async function mailStaff(s: Mail, subject: (t: T) => string, body: (t: T) => string, link: (locale: string) => string) {
  for (const u of await quoteStaff(s.db)) {
    const t = tOf(s, u.locale);
    await s.mailer
      .send({ to: u.email, subject: subject(t), text: `${body(t)}\n\n${link(localeOf(u.locale))}\n` })
      .catch(() => undefined);
  }
}

/** The buyer asks for a quote on their cart, with a message. */
export async function requestQuote(
  s: Mail,
  buyer: Who,
  args: { locale: string; message: string; base: string },
): Promise<{ quoteId: number; orderId: number }> {
  const result = await s.db.transaction(async (tx) => {
    const cartId = await findCartId(tx, { userId: buyer.id });
    const cart = cartId === null ? undefined : await lockCartOf(tx, cartId, buyer.id);
    if (!cart || (await productLineCount(tx, cart.id)) === 0) throw invalid(QUOTE_MESSAGES.emptyCart, {}, 'empty_cart');
    await assertNotLocked(tx, cart.id); // a cart waiting for spending approval stays as it is
    const who = await userOf(tx, buyer.id);
    await cartBecomesQuote(tx, cart.id, args.locale);
    const row = await insertQuote(tx, {
      orderId: cart.id,
      requestedBy: buyer.id,
      organisationId: who?.organisationId ?? null,
    });
    await addMessage(tx, { quoteId: row.id, authorId: buyer.id, author: 'buyer', kind: 'request', body: args.message });
    await audit(tx, {
      action: 'quote.request',
      entity: 'order',
      entityId: cart.id,
      userId: buyer.id,
      message: `${buyer.email} asked for a quote on cart ${cart.id} (quote ${row.id})`,
      data: { quoteId: row.id },
    });
    await emitEvent(tx, 'quote.requested', { quoteId: row.id, orderId: cart.id, requestedBy: buyer.id });
    return { quoteId: row.id, orderId: cart.id };
  });
  await mailStaff(
    s,
    (t) => t('quotes.mail.requested.subject', { id: result.quoteId, email: buyer.email }),
    (t) => `${t('quotes.mail.requested.body', { email: buyer.email })}\n\n${args.message}`,
    (l) => `${args.base}/${l}/admin/quotes/${result.quoteId}`,
  );
  return result;
}

/** Staff send a counter-offer: the lines' prices and quantities, an expiry day and a message. */
/** Changed lines written over the stored ones; returns the unit price changes (for the audit). */
async function applyLines(tx: Parameters<typeof setLine>[0], orderId: number, lines: readonly OfferLine[]) {
  const stored = await linesOf(tx, orderId);
  const prices: { id: number; before: string; after: string }[] = [];
  for (const l of lines) {
    const line = stored.find((x) => x.id === l.id);
    if (!line) continue;
    const unit = fromCents(l.unitCents);
    if (toCents(line.unitPrice) !== l.unitCents || line.quantity !== l.quantity) {
      await setLine(tx, l.id, { unitPrice: unit, quantity: l.quantity });
      if (toCents(line.unitPrice) !== l.unitCents) prices.push({ id: l.id, before: line.unitPrice, after: unit });
    }
  }
  return prices;
}

class Preview {
  constructor(readonly order: Awaited<ReturnType<typeof quoteOrder>>) {}
}

/**
 * "Update totals" before sending: the quote's order as the counter-offer would make it, computed by
 * the very steps sendOffer takes (the lines written, repriceAndSave) in a transaction that is then
 * rolled back: the figures shown are the ones the buyer will get, and nothing is kept.
 */
export async function previewOffer(s: Pick<Services, 'db'>, quoteId: number, lines: readonly OfferLine[]) {
  try {
    await s.db.transaction(async (tx) => {
      const q = await lockQuote(tx, quoteId);
      if (!q) throw notFound();
      if (!canOffer(q.status)) throw refused('notOpen');
      const order = await lockOrder(tx, q.orderId, undefined);
      await applyLines(tx, order.id, lines);
      await repriceAndSave(tx, order);
      throw new Preview(await quoteOrder(tx, order.id));
    });
  } catch (e) {
    if (e instanceof Preview) return e.order;
    throw e;
  }
  throw new Error('unreachable');
}

export async function sendOffer(
  s: Mail,
  staff: Who,
  quoteId: number,
  form: OfferForm,
  base: string,
): Promise<{ total: string; currency: string }> {
  const out = await s.db.transaction(async (tx) => {
    const q = await lockQuote(tx, quoteId);
    if (!q) throw notFound();
    if (!canOffer(q.status)) throw refused('notOpen');
    const order = await lockOrder(tx, q.orderId, form.version); // someone else's newer edit: 409
    const before = await snapshot(tx, order);
    const prices = await applyLines(tx, order.id, form.lines);
    const saved = await repriceAndSave(tx, order); // every figure from the stored unit prices (order-edit.ts repriceOrder)
    await setQuote(tx, q.id, {
      status: 'offered',
      expiresOn: form.expiresOn,
      offeredBy: staff.id,
      offeredAt: new Date(),
    });
    await addMessage(tx, { quoteId: q.id, authorId: staff.id, author: 'staff', kind: 'offer', body: form.message });
    await audit(tx, {
      action: 'quote.offer',
      entity: 'order',
      entityId: order.id,
      userId: staff.id,
      message: `${staff.email} sent a counter-offer on quote ${q.id} (${formatMoney(toCents(saved.total), saved.orderCurrency, 'en-US')}, until ${form.expiresOn})`,
      data: { quoteId: q.id, expiresOn: form.expiresOn, prices, ...diff(before, await snapshot(tx, saved)) },
    });
    await emitEvent(tx, 'quote.offered', {
      quoteId: q.id,
      orderId: order.id,
      total: saved.total,
      currency: saved.orderCurrency,
      expiresOn: form.expiresOn,
      offeredBy: staff.id,
    });
    return { q, total: saved.total, currency: saved.orderCurrency, locale: saved.locale };
  });
  const buyer = await userOf(s.db, out.q.requestedBy);
  if (buyer) {
    const locale = localeOf(buyer.locale);
    const t = tOf(s, locale);
    await s.mailer
      .send({
        to: buyer.email,
        subject: t('quotes.mail.offered.subject', { id: quoteId }),
        text: `${t('quotes.mail.offered.body', { total: formatMoney(toCents(out.total), out.currency, locale), date: form.expiresOn })}\n\n${form.message}\n\n${base}/${locale}/account/quotes/${quoteId}\n`,
      })
      .catch(() => undefined);
  }
  return { total: out.total, currency: out.currency };
}

/**
 * The buyer accepts the offer before it expires: the order is placed at the quoted prices. The
 * buyer's spending limits apply as at checkout (over a limit: 409, and their organisation's
 * approver, who may answer the quote too, accepts it instead).
 */
export async function acceptQuote(
  s: Mail,
  buyer: Answerer,
  quoteId: number,
  message: string | undefined,
  base: string,
): Promise<{ orderId: number; total: string }> {
  const now = new Date();
  const out = await s.db.transaction(async (tx) => {
    const q = await lockQuote(tx, quoteId);
    if (!q || !mayAnswerQuote(q, buyer)) throw notFound();
    const why = answerRefusal(q, now, 'accept');
    if (why) throw refused(why);
    if (q.requestedBy === buyer.id) {
      const o = await orderTotal(tx, q.orderId);
      await checkSpending(tx, {
        userId: buyer.id,
        currency: o.currency,
        totalCents: toCents(o.total),
        orderId: q.orderId,
        now,
      }).catch((e: unknown) => {
        throw e instanceof NeedsApproval ? refused('overLimit') : e;
      });
    }
    const placed = await placeQuotedOrder(tx, q.orderId, now);
    if (!placed) throw refused('notOpen');
    await setQuote(tx, q.id, { status: 'accepted', decidedAt: now });
    if (message)
      await addMessage(tx, { quoteId: q.id, authorId: buyer.id, author: 'buyer', kind: 'accept', body: message });
    await audit(tx, {
      action: 'quote.accept',
      entity: 'order',
      entityId: q.orderId,
      userId: buyer.id,
      message: `${buyer.email} accepted quote ${q.id}${q.requestedBy === buyer.id ? '' : " as the organisation's approver"}: order ${q.orderId} placed at the quoted prices (${formatMoney(toCents(placed.total), placed.currency, 'en-US')})`,
      data: { quoteId: q.id, total: placed.total, requestedBy: q.requestedBy },
    });
    await emitEvents(tx, [
      ['quote.accepted', { quoteId: q.id, orderId: q.orderId, total: placed.total, currency: placed.currency }],
      [
        'order.created',
        { orderId: q.orderId, status: 'pending', total: placed.total, currency: placed.currency, source: 'quote' },
      ],
    ]);
    return { orderId: q.orderId, total: placed.total, locale: placed.locale };
  });
  await sendConfirmation(s, out.orderId, localeOf(out.locale), base).catch(() => undefined);
  await mailStaff(
    s,
    (t) => t('quotes.mail.accepted.subject', { id: quoteId }),
    (t) => t('quotes.mail.accepted.body', { email: buyer.email, order: out.orderId }),
    () => `${base}/admin/orders/detail/${out.orderId}`,
  );
  return { orderId: out.orderId, total: out.total };
}

/** The buyer rejects the offer with a message: the quote is closed. */
export async function rejectQuote(
  s: Mail,
  buyer: Answerer,
  quoteId: number,
  message: string,
  base: string,
): Promise<void> {
  const now = new Date();
  await s.db.transaction(async (tx) => {
    const q = await lockQuote(tx, quoteId);
    if (!q || !mayAnswerQuote(q, buyer)) throw notFound();
    const why = answerRefusal(q, now, 'reject');
    if (why) throw refused(why);
    await setQuote(tx, q.id, { status: 'rejected', decidedAt: now });
    await addMessage(tx, { quoteId: q.id, authorId: buyer.id, author: 'buyer', kind: 'reject', body: message });
    await audit(tx, {
      action: 'quote.reject',
      entity: 'order',
      entityId: q.orderId,
      userId: buyer.id,
      message: `${buyer.email} rejected quote ${q.id}: ${message}`,
      data: { quoteId: q.id },
    });
    await emitEvent(tx, 'quote.rejected', { quoteId: q.id, orderId: q.orderId });
  });
  await mailStaff(
    s,
    (t) => t('quotes.mail.rejected.subject', { id: quoteId }),
    (t) => `${t('quotes.mail.rejected.body', { email: buyer.email })}\n\n${message}`,
    (l) => `${base}/${l}/admin/quotes/${quoteId}`,
  );
}
