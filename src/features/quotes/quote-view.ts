/** What a quote page shows, on either side, and its JSON. */
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { answerRefusal, canOffer, mayAnswerQuote, quoteState } from '../../domain/quotes.ts';
import { messagesOf, quoteById, quoteOrder, userOf } from './queries.ts';
import type { Answerer } from './service.ts';

export const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || '';

/** Everything a quote page shows (either side); 404 when absent or, on the buyer's side, neither theirs nor their organisation's as its approver. */
export async function quoteView(s: Services, quoteId: number, viewer?: Answerer) {
  const q = await quoteById(s.db, quoteId);
  if (!q || (viewer !== undefined && !mayAnswerQuote(q, viewer))) throw notFound();
  const [order, messages, buyer] = await Promise.all([
    quoteOrder(s.db, q.orderId),
    messagesOf(s.db, q.id),
    userOf(s.db, q.requestedBy),
  ]);
  if (!order) throw notFound();
  const now = new Date();
  return {
    quote: {
      ...q,
      state: quoteState(q, now),
      canAccept: answerRefusal(q, now, 'accept') === null,
      canReject: answerRefusal(q, now, 'reject') === null,
      canOffer: canOffer(q.status),
    },
    order,
    messages: messages.map((m) => ({ ...m, name: nameOf(m) })),
    buyer: buyer ? { ...buyer, name: nameOf(buyer) } : null,
  };
}

export const quoteJson = (v: Awaited<ReturnType<typeof quoteView>>) => ({
  id: v.quote.id,
  order_id: v.order.id,
  state: v.quote.state,
  expires_on: v.quote.expiresOn,
  currency: v.order.currency,
  totals: {
    subtotal: v.order.subtotal,
    discount: v.order.discount,
    shipping: v.order.shipping,
    tax: v.order.tax,
    total: v.order.total,
  },
  lines: v.order.lines
    .filter((l) => l.productId !== null)
    .map((l) => ({
      id: l.id,
      title: l.title,
      stockcode: l.stockcode,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      total: l.total,
    })),
  messages: v.messages.map((m) => ({ author: m.author, kind: m.kind, body: m.body, created_at: m.createdAt })),
});
