/** Quotes: the forms of both sides and the back office's index query, validated at the edge. */
import { z } from 'zod';
import { invalid, type FieldErrors } from '../../domain/errors.ts';
import { staffUnitPriceCents, UNIT_PRICE_MESSAGE } from '../../domain/order-edit.ts';
import { checkExpiry, checkQuoteMessage, isQuoteState, QUOTE_MESSAGES, type QuoteState } from '../../domain/quotes.ts';
import { Quantity, VERSION_REQUIRED } from '../order-api/index.ts';

const message = z.unknown().transform((v, ctx) => {
  const m = checkQuoteMessage(v);
  if (!m.ok) {
    ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.message });
    return z.NEVER;
  }
  return m.text;
});

/** The buyer asks for a quote, or rejects an offer: a message is required. */
export const MessageForm = z.object({ message });

/** The buyer accepts: a message is optional (1..2000 when given). */
export const AcceptForm = z.object({
  message: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), message.optional()),
});

/** The back office's index: ?state=requested|offered|expired|accepted|rejected&page=N (anything else is ignored). */
export const AdminQuotesQuery = z.object({
  state: z
    .unknown()
    .optional()
    .transform((v): QuoteState | undefined => (isQuoteState(v) ? v : undefined)),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .optional()
    .catch(undefined)
    .transform((p) => p ?? 1),
});

export type OfferLine = { id: number; unitCents: number; quantity: number };
export type OfferForm = { version: number; expiresOn: string; message: string; lines: OfferLine[] };

/**
 * The counter-offer: each line's unit price (price_{id}) and quantity (quantity_{id}) by the order
 * editor's rules (order-edit.ts staffUnitPriceCents, order-api/schemas.ts Quantity), the expiry day
 * (expires_on), a message and the order's version (a stale one is a 409). Every bad field is named.
 */
export function parseOffer(body: Record<string, unknown>, lineIds: readonly number[], now: Date): OfferForm {
  const { lines, fields } = offerLines(body, lineIds);
  const expiry = checkExpiry(body.expires_on, now);
  if (!expiry.ok) fields.expires_on = QUOTE_MESSAGES[expiry.error];
  const m = checkQuoteMessage(body.message);
  if (!m.ok) fields.message = QUOTE_MESSAGES.message;
  const version = z.coerce.number().int().positive().max(2147483647).safeParse(body.version);
  if (!version.success) fields.version = VERSION_REQUIRED;
  const keys = Object.keys(fields);
  if (keys.length)
    throw invalid(keys.length === 1 ? fields[keys[0]] : 'Please correct the highlighted fields.', fields);
  return {
    version: version.data!,
    expiresOn: (expiry as { day: string }).day,
    message: (m as { text: string }).text,
    lines,
  };
}

/** The lines of a counter-offer (price_{id}, quantity_{id}) by the order editor's rules, with an error per bad field. */
function offerLines(
  body: Record<string, unknown>,
  lineIds: readonly number[],
): { lines: OfferLine[]; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const lines: OfferLine[] = [];
  for (const id of lineIds) {
    const unitCents = staffUnitPriceCents(body[`price_${id}`]);
    if (unitCents === null) fields[`price_${id}`] = UNIT_PRICE_MESSAGE;
    const q = Quantity.safeParse(body[`quantity_${id}`]);
    if (!q.success) fields[`quantity_${id}`] = q.error.issues[0].message;
    if (unitCents !== null && q.success) lines.push({ id, unitCents, quantity: q.data });
  }
  return { lines, fields };
}

/** "Update totals": only the lines are read (the expiry and message may still be empty). */
export function parseOfferPreview(body: Record<string, unknown>, lineIds: readonly number[]): OfferLine[] {
  const { lines, fields } = offerLines(body, lineIds);
  const keys = Object.keys(fields);
  if (keys.length)
    throw invalid(keys.length === 1 ? fields[keys[0]] : 'Please correct the highlighted fields.', fields);
  return lines;
}
