/**
 * Cart request bodies. Form (urlencoded or multipart) and JSON are both accepted. Price, total,
 * unit_price, subtotal... in a body are never read: only the product, the quantity and the option
 * choices are. A `currency` other than the channel's is refused by the route.
 */
import { z } from 'zod';
import { invalid } from '../../domain/errors.ts';
import { parseQuantity } from '../../domain/quantity.ts';
import { parseInput } from '../../http/validate.ts';
import type { SelectionInput } from './pricing.ts';

const positiveId = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { message },
    )
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(2147483647, message));

/**
 * `options[<optionId>]` and `option_qty[<choiceId>]` are keyed by id. Multipart (multer) and JSON
 * may deliver them as sparse arrays whose index is the id; urlencoded forms lose the index in qs,
 * so those are read again from the raw form (see idKeyed).
 */
const idKeyedRecord = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform((v) =>
    Array.isArray(v)
      ? Object.fromEntries(v.flatMap((x, i) => (x === null || x === undefined ? [] : [[String(i), x]])))
      : v,
  );

/** The id-keyed fields of a urlencoded form, read from its raw text. */
export function idKeyed(rawForm: string): { options?: Record<string, unknown>; option_qty?: Record<string, unknown> } {
  const out: { options?: Record<string, unknown>; option_qty?: Record<string, unknown> } = {};
  for (const [key, value] of new URLSearchParams(rawForm)) {
    const opt = /^options\[([^\]]*)\](\[\])?$/.exec(key);
    const qty = /^option_qty\[([^\]]*)\]$/.exec(key);
    if (opt) {
      const rec = (out.options ??= {});
      rec[opt[1]] = opt[2] ? [...((rec[opt[1]] as string[] | undefined) ?? []), value] : value;
    } else if (qty) {
      (out.option_qty ??= {})[qty[1]] = value;
    }
  }
  return out;
}

const AddBody = z.object({
  product_id: positiveId('Choose a product.'),
  quantity: z.unknown().optional(),
  options: idKeyedRecord.optional(),
  option_qty: idKeyedRecord.optional(),
  selections: z
    .array(z.object({ optionId: z.unknown().optional(), choiceId: z.unknown(), quantity: z.unknown().optional() }))
    .optional(),
  currency: z.string().trim().max(8).optional(),
});

const QUANTITY_MESSAGE = 'Quantity must be a whole number.';
const CHOICE_MESSAGE = 'Choose a valid option.';

const int = (v: unknown): number | null => {
  const n = parseQuantity(v);
  return n !== null && n > 0 && n <= 2147483647 ? n : null;
};

export type AddInput = { productId: number; quantity: number; selections: SelectionInput[]; currency?: string };

/** The add-to-cart body → product, quantity (1 when absent; clamped later) and selections. */
export function parseAdd(body: unknown, rawForm?: string): AddInput {
  const b = parseInput(
    AddBody,
    rawForm ? { ...(body as object), options: undefined, option_qty: undefined, ...idKeyed(rawForm) } : body,
  );
  let quantity = 1;
  if (b.quantity !== undefined && b.quantity !== '') {
    const q = parseQuantity(b.quantity);
    if (q === null) throw invalid(QUANTITY_MESSAGE, { quantity: QUANTITY_MESSAGE });
    quantity = q;
  }
  const selections: SelectionInput[] = [];
  const fields: Record<string, string> = {};
  const qty = new Map<number, number>();
  for (const [key, value] of Object.entries(b.option_qty ?? {})) {
    const choiceId = int(key);
    const q = parseQuantity(value);
    if (choiceId === null || q === null) fields[`option_qty[${key}]`] = QUANTITY_MESSAGE;
    else qty.set(choiceId, q);
  }
  const named = new Set<number>();
  for (const [key, value] of Object.entries(b.options ?? {})) {
    const optionId = int(key);
    // A quantity option may arrive as options[id][]=choice (several choices); a pick-one option as options[id]=choice.
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const choiceId = int(v);
      if (optionId === null || choiceId === null) {
        fields[`options[${key}]`] = CHOICE_MESSAGE;
        continue;
      }
      named.add(choiceId);
      selections.push({ optionId, choiceId, quantity: qty.get(choiceId) });
    }
  }
  // Quantities for choices not named in options[…]: the choice alone names its option.
  for (const [choiceId, q] of qty) if (!named.has(choiceId)) selections.push({ choiceId, quantity: q });
  for (const [i, s] of (b.selections ?? []).entries()) {
    const optionId = s.optionId === undefined ? undefined : int(s.optionId);
    const choiceId = int(s.choiceId);
    const q = s.quantity === undefined ? undefined : parseQuantity(s.quantity);
    if (optionId === null || choiceId === null || q === null) {
      fields[`selections.${i}`] = CHOICE_MESSAGE;
      continue;
    }
    selections.push({ optionId, choiceId, quantity: q });
  }
  if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
  return { productId: b.product_id, quantity, selections, currency: b.currency || undefined };
}

/** A whole number as typed (the range is clamped by the service, not refused). */
const Quantity = z.unknown().transform((v, ctx) => {
  const q = parseQuantity(v);
  if (q === null) {
    ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
    return z.NEVER;
  }
  return q;
});

/** PUT body: { quantity }. */
const QuantityBody = z.object({ quantity: Quantity });

export function parseQuantityBody(body: unknown): number {
  return parseInput(QuantityBody, body).quantity;
}

const SHOW_DISCOUNT_MESSAGE = 'showDiscount must be 1 or 0.';

/** showDiscount: 1 or 0 (numbers, strings, or booleans). */
const ShowDiscountBody = z.object({
  showDiscount: z
    .union(
      [
        z.boolean(),
        z.literal(1),
        z.literal(0),
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.enum(['1', '0', 'true', 'false'])),
      ],
      { message: SHOW_DISCOUNT_MESSAGE },
    )
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});

export function parseShowDiscount(body: unknown): boolean {
  return parseInput(ShowDiscountBody, body).showDiscount;
}

export const LINE_ID_MESSAGE = 'Unknown cart line.';

const LineId = z.object({
  line_item_id: z
    .string({ message: LINE_ID_MESSAGE })
    .regex(/^\d{1,10}$/, LINE_ID_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().positive(LINE_ID_MESSAGE).max(2147483647, LINE_ID_MESSAGE)),
});

export function parseLineId(v: unknown): number {
  return parseInput(LineId, { line_item_id: v }).line_item_id;
}
