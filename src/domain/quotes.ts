/**
 * Quotes: a buyer asks for a quote on their cart with a message; staff change prices and
 * quantities (the order editor's rules: order-edit.ts, order-api/schemas.ts Quantity) and send a
 * counter-offer that holds through an expiry day; the buyer accepts it (the order is placed at the
 * quoted prices) or rejects it. Pure: `now` comes in; days are UTC calendar days ('YYYY-MM-DD').
 */

export const QUOTE_STATUSES = ['requested', 'offered', 'accepted', 'rejected'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a person sees: an offer past its day is 'expired' (stored as 'offered'). */
export type QuoteState = QuoteStatus | 'expired';
export const QUOTE_STATES: readonly QuoteState[] = ['requested', 'offered', 'expired', 'accepted', 'rejected'];
export const isQuoteState = (v: unknown): v is QuoteState =>
  typeof v === 'string' && (QUOTE_STATES as readonly string[]).includes(v);

export const QUOTE_AUTHORS = ['buyer', 'staff'] as const;
export type QuoteAuthor = (typeof QUOTE_AUTHORS)[number];

export const QUOTE_MESSAGE_MAX = 2000;
/** An offer holds for at most this many days. */
export const QUOTE_MAX_DAYS = 90;

export const QUOTE_MESSAGES = {
  message: 'Write a message of 1 to 2000 characters.',
  expiryFormat: 'Enter the expiry date as YYYY-MM-DD.',
  expiryPast: 'Choose an expiry date after today.',
  expiryFar: 'Choose an expiry date within 90 days.',
  emptyCart: 'Your cart is empty: add products before asking for a quote.',
  notOpen: 'This quote is closed.',
  notOffered: 'There is no offer to answer yet.',
  expired: 'This offer has expired: ask us for a new quote.',
  overLimit: 'This order is over your spending limit: your organisation’s approver can accept this quote.',
} as const;

/**
 * Who may read and answer a quote on the buyer's side: the buyer who asked, and their organisation's
 * approvers (holders of organisation.users in the same organisation, as for spending approval).
 */
export function mayAnswerQuote(
  q: { requestedBy: number; organisationId: number | null },
  viewer: { id: number; organisationId: number | null; approver: boolean },
): boolean {
  if (q.requestedBy === viewer.id) return true;
  return viewer.approver && viewer.organisationId !== null && q.organisationId === viewer.organisationId;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC calendar day of `at`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The quote as a person reads it now. */
export function quoteState(q: { status: QuoteStatus; expiresOn: string | null }, now: Date): QuoteState {
  if (q.status === 'offered' && q.expiresOn !== null && q.expiresOn < utcDay(now)) return 'expired';
  return q.status;
}

/** Staff may send (or send again) a counter-offer while the quote is neither accepted nor rejected. */
export const canOffer = (status: QuoteStatus) => status === 'requested' || status === 'offered';

/** Why the buyer may not accept or reject now, or null when they may. Rejecting an expired offer is allowed (it closes it). */
export function answerRefusal(
  q: { status: QuoteStatus; expiresOn: string | null },
  now: Date,
  answer: 'accept' | 'reject',
): keyof typeof QUOTE_MESSAGES | null {
  const state = quoteState(q, now);
  if (state === 'accepted' || state === 'rejected') return 'notOpen';
  if (state === 'requested') return 'notOffered';
  if (state === 'expired' && answer === 'accept') return 'expired';
  return null;
}

/** A message of either side: trimmed, 1..2000 characters. */
export function checkQuoteMessage(v: unknown): { ok: true; text: string } | { ok: false } {
  if (typeof v !== 'string') return { ok: false };
  const text = v.replace(/\r\n/g, '\n').trim();
  return text.length >= 1 && text.length <= QUOTE_MESSAGE_MAX ? { ok: true, text } : { ok: false };
}

/** The expiry day of a counter-offer: a real day, after today, at most 90 days ahead. */
export function checkExpiry(
  v: unknown,
  now: Date,
): { ok: true; day: string } | { ok: false; error: 'expiryFormat' | 'expiryPast' | 'expiryFar' } {
  const m = typeof v === 'string' ? DAY.exec(v.trim()) : null;
  if (!m) return { ok: false, error: 'expiryFormat' };
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (utcDay(new Date(at)) !== m[0]) return { ok: false, error: 'expiryFormat' };
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  if (at <= today) return { ok: false, error: 'expiryPast' };
  if (at > today + QUOTE_MAX_DAYS * MS_PER_DAY) return { ok: false, error: 'expiryFar' };
  return { ok: true, day: m[0] };
}

/** The default expiry offered in the form: 30 days from today. */
export const defaultExpiry = (now: Date) => utcDay(new Date(Date.parse(`${utcDay(now)}T00:00:00Z`) + 30 * MS_PER_DAY));
