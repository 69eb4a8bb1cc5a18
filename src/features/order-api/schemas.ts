/** Bodies of the orders API, validated at the edge (JSON, or forms parsed by qs into the same shape). */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/constants.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { PLACEHOLDER_PREFIX } from '../../domain/order-edit.ts';
import { CART_MAX, CART_MIN } from '../../domain/quantity.ts';

const id = (what: string) =>
  z.coerce
    .number({ message: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be positive.`)
    .max(2147483647, `${what} is too large.`);
const placeholder = z
  .string()
  .regex(
    new RegExp(`^${PLACEHOLDER_PREFIX}[A-Za-z0-9_-]{1,40}$`),
    `A new line's id looks like ${PLACEHOLDER_PREFIX}1.`,
  );
const nullableText = (max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().max(max, `At most ${max} characters.`).nullable().optional(),
  );
const lineTypes = Object.values(LINE_TYPES) as number[];

/**
 * The version of the order an edit was made on, in the body or as `If-Match` (routes.ts):
 * a stale one is 409, so an edit never overwrites a newer one. A client written to the spec sends
 * none: then the spec's behaviour applies, as it was before versions. A version that is
 * sent must be a version.
 */
export const VERSION_REQUIRED = 'Send the version of the order you edited (version), as synchronize gave it.';
const Version = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: VERSION_REQUIRED })
    .int(VERSION_REQUIRED)
    .positive(VERSION_REQUIRED)
    .max(2147483647, VERSION_REQUIRED)
    .optional(),
);

export const Quantity = z.coerce
  .number({ message: 'Quantity must be a number.' })
  .int('Quantity must be a whole number.')
  .min(CART_MIN, `Quantity must be at least ${CART_MIN}.`)
  .max(CART_MAX, `Quantity must be at most ${CART_MAX}.`);

export const UpdateLine = z.object({
  order_line_item_id: z.union([placeholder, id('order_line_item_id')]),
  line_type: z.coerce
    .number()
    .int()
    .refine((n) => lineTypes.includes(n), 'Unknown line type.'),
  product_id: z.preprocess((v) => (v === '' ? null : v), id('product_id').nullable().optional()),
  quantity: Quantity,
  currency_id: z.preprocess((v) => (v === '' ? null : v), id('currency_id').nullable().optional()),
  warehouse_id: z.preprocess((v) => (v === '' ? null : v), id('warehouse_id').nullable().optional()),
  line_options: z
    .array(
      z.object({
        choice_id: id('choice_id'),
        quantity: z.coerce.number().int().min(0).max(35).optional(),
        option_id: id('option_id').optional(),
        option_type: z.coerce.number().int().optional(),
      }),
    )
    .max(50)
    .optional()
    .default([]),
});

export const UpdateBody = z.object({
  version: Version,
  status: z
    .enum(ORDER_STATUSES.filter((s) => s !== 'cart') as [string, ...string[]], {
      message: 'Choose a status from the list.',
    })
    .optional(),
  po_number: nullableText(60),
  attention: nullableText(120),
  notes: nullableText(4000),
  line_items: z
    .array(UpdateLine, { message: 'line_items must list every line the order keeps.' })
    .max(200, 'At most 200 lines.'),
  line_items_for_deletion: z.array(id('line_items_for_deletion')).max(200).optional().default([]),
  /** The draft's tax exemption: saved with the rest; '' or '0' is not exempt. Left out: unchanged. */
  tax_exempt_id: z.preprocess(
    (v) => (v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(60, 'At most 60 characters.').optional(),
  ),
  /** The draft removes the shipping method: saved with the rest. */
  remove_shipping: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean().optional(),
  ),
});
export type UpdateBody = z.infer<typeof UpdateBody>;

/** A draft to price without writing: the update's body; without line_items the stored lines as they are. */
export const DraftBody = UpdateBody.extend({ line_items: UpdateBody.shape.line_items.optional() });
export type DraftBody = z.infer<typeof DraftBody>;

export const TinBody = z.object({
  tax_exempt_id: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(60, 'At most 60 characters.'),
  ),
  version: Version,
});

export const VersionBody = z.object({ version: Version });

/** update-item: one line's quantity, priced in the draft sent along (nothing is written). */
export const ItemQuantityBody = DraftBody.extend({ quantity: Quantity });
export type ItemQuantityBody = z.infer<typeof ItemQuantityBody>;
