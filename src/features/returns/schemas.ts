/** Returns: the customer's request form, staff steps and the back office's index query, validated at the edge. */
import { z } from 'zod';
import { invalid, type FieldErrors } from '../../domain/errors.ts';
import {
  isReturnStatus,
  RETURN_MESSAGE_MAX,
  RETURN_MESSAGES,
  RETURN_REASON_MAX,
  type ReturnStatus,
} from '../../domain/returns.ts';

export type ReturnRequest = { reason: string; lines: { lineId: number; quantity: number }[] };

/**
 * The request: quantity_{lineId} for each line offered (0 or empty: not returned) and a reason.
 * Every bad field is named; the line's own limits (window, returnable, left) are the service's.
 */
export function parseReturnRequest(body: Record<string, unknown>, lineIds: readonly number[]): ReturnRequest {
  const fields: FieldErrors = {};
  const lines: ReturnRequest['lines'] = [];
  for (const id of lineIds) {
    const raw = body[`quantity_${id}`];
    if (raw === undefined || raw === '' || raw === '0') continue;
    const q = z.coerce.number().int().min(0).max(100000).safeParse(raw);
    if (!q.success) fields[`quantity_${id}`] = RETURN_MESSAGES.tooMany;
    else if (q.data > 0) lines.push({ lineId: id, quantity: q.data });
  }
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason || reason.length > RETURN_REASON_MAX) fields.reason = RETURN_MESSAGES.reason;
  if (!lines.length && !Object.keys(fields).some((k) => k.startsWith('quantity_')))
    fields.lines = RETURN_MESSAGES.noLines;
  const keys = Object.keys(fields);
  if (keys.length)
    throw invalid(keys.length === 1 ? fields[keys[0]] : 'Please correct the highlighted fields.', fields);
  return { reason, lines };
}

/** A staff step's fields: a message (approve, refuse) and the receiving warehouse (receive). */
export function parseStep(body: Record<string, unknown>): { message: string | null; warehouseId: number | null } {
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  if (message.length > RETURN_MESSAGE_MAX) throw invalid(RETURN_MESSAGES.message, { message: RETURN_MESSAGES.message });
  const w = z.coerce.number().int().positive().max(2147483647).safeParse(body.warehouse_id);
  return { message: message || null, warehouseId: w.success ? w.data : null };
}

/** The back office's index: ?status=…&page=N (anything else is ignored). */
export const AdminReturnsQuery = z.object({
  status: z
    .unknown()
    .optional()
    .transform((v): ReturnStatus | undefined => (isReturnStatus(v) ? v : undefined)),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .optional()
    .catch(undefined)
    .transform((p) => p ?? 1),
});

/**
 * The "Credit core" form: cores returned, full or partial credit (an amount, a reason). A field
 * that is not a number is left for the domain rule to refuse with its own message.
 */
export function parseCoreCredit(body: Record<string, unknown>): {
  quantity: number;
  full: boolean;
  creditCents: number | null;
  reason: string | null;
} {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const q = text(body.quantity);
  const credit = text(body.credit);
  return {
    quantity: /^\d{1,6}$/.test(q) ? Number(q) : Number.NaN,
    full: text(body.full) === '1' || body.full === true,
    creditCents: /^\d{1,9}(\.\d{1,2})?$/.test(credit) ? Math.round(Number(credit) * 100) : null,
    reason: text(body.reason) || null,
  };
}
