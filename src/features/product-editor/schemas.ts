/** Input of the product editor's calls (spec §7 "Product editor"): the full product, dimensions, categories. */
import { z } from 'zod';
import { multilineText, text as oneLine } from '../../http/validate.ts';
import { AVAILABILITIES, INVENTORY_TYPES } from '../../db/schema/constants.ts';
import { invalid } from '../../domain/errors.ts';
import type { EditorOption } from '../../domain/product-editor.ts';
import { MIN_PRODUCT_PRICE } from '../../domain/constants.ts';

const text = (max: number) => oneLine().trim().max(max, `At most ${max} characters.`);
const optText = (max: number, area = false) =>
  z
    .union([area ? multilineText() : oneLine(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `At most ${max} characters.`));
const money = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount such as 12.50.'));
/** A product's own price and its channel prices (spec §5, §9: the minimum product price is 1). */
export const PRICE_TOO_LOW = `The price must be at least ${MIN_PRODUCT_PRICE}.00.`;
/** A core deposit is more than nothing, or absent (spec: a product "can carry" one). */
export const CORE_CHARGE_INVALID = 'Core charge: an amount greater than 0.00, or empty for none.';
const productPrice = money.refine((v) => Number(v) >= MIN_PRODUCT_PRICE, PRICE_TOO_LOW);
const optMoney = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null || String(v).trim() === '' ? null : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount such as 12.50.')
      .nullable(),
  );
const measure = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null || String(v).trim() === '' ? null : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,3})?$/, 'Enter a positive number (up to 3 decimals).')
      .nullable(),
  );
const id = z.coerce
  .number({ message: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.')
  .max(2147483647, 'Too large.');
const bool = z
  .union([
    z.boolean(),
    z.literal('true'),
    z.literal('false'),
    z.literal('1'),
    z.literal('0'),
    z.literal(1),
    z.literal(0),
  ])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
const count = (max: number) =>
  z.coerce
    .number({ message: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(0, 'Cannot be negative.')
    .max(max, `At most ${max}.`);

const choice: z.ZodType<EditorOption['choices'][number], unknown> = z.lazy(() =>
  z.object({
    choice_id: id
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    name: text(120).min(1, 'Name the choice.'),
    stock_code_value: text(8).regex(/^[A-Za-z0-9]+$/, 'Letters and digits only.'),
    price: money,
    discount_price: optMoney,
    is_default: bool.optional().default(false),
    children: z.array(option).max(20).optional().default([]),
  }),
);

const option: z.ZodType<EditorOption, unknown> = z.lazy(() =>
  z.object({
    option_id: id
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    name: text(120).min(1, 'Name the option.'),
    option_type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { message: 'Option type is 0 or 1.' })),
    required: bool.optional().default(false),
    stock_code_position: z.coerce.number().int().min(1, 'At least 1.').max(50, 'At most 50.'),
    choices: z.array(choice).min(1, 'Add at least one choice.').max(60),
  }),
);

export const ProductUpdate = z.object({
  title: text(200).min(1, 'A product needs a title.'),
  slug: text(200)
    .min(1, 'A product needs a slug.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens only.'),
  stockcode: text(60)
    .min(1, 'A product needs a stock code.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, dots, hyphens and underscores only.'),
  sku: optText(60),
  gtin: optText(14).pipe(z.string().regex(/^(\d{8}|\d{12,14})?$/, 'A GTIN has 8, 12, 13 or 14 digits.')),
  brand: optText(80),
  tariff_code: optText(20),
  shipping_label: optText(80),
  is_kit: bool.optional().default(false),
  description: z
    .union([multilineText(), z.null()])
    .optional()
    .transform((v) => v ?? '')
    .pipe(z.string().max(20000, 'At most 20000 characters.')),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'Choose a status.' })),
  notes: optText(2000, true),
  inventory_type: z.enum(INVENTORY_TYPES, { message: 'Choose an inventory type.' }),
  availability: z.enum(AVAILABILITIES, { message: 'Choose an availability.' }),
  price: productPrice,
  core_charge: optMoney.refine((v) => v === null || Number(v) > 0, CORE_CHARGE_INVALID),
  primary_image: optText(500),
  images: z.array(text(500)).max(30).optional().default([]),
  image_hash: optText(128),
  categories: z.record(z.string().regex(/^\d+$/), bool).optional().default({}),
  box_method: optText(40),
  class: optText(10),
  nmfc: optText(20),
  product_length: measure,
  product_width: measure,
  product_height: measure,
  product_weight: measure,
  is_physical: bool.optional().default(true),
  is_stackable: bool.optional().default(false),
  stackable_quantity: z
    .union([z.null(), z.literal('')])
    .transform(() => null)
    .or(z.coerce.number().int('Must be a whole number.').min(1, 'At least 1.').max(10000))
    .optional()
    .default(null),
  stackable_length: measure,
  stackable_width: measure,
  stackable_height: measure,
  isNonStock: bool.optional().default(false),
  isNonStockLabel: optText(80),
  returnable: bool.optional().default(true),
  return_window_days: z
    .union([z.null(), z.literal('')])
    .transform(() => null)
    .or(z.coerce.number().int('Must be a whole number.').min(0, 'At least 0.').max(3650, 'At most 3650.'))
    .optional()
    .default(null),
  coo: optText(2)
    .pipe(z.string().regex(/^([A-Za-z]{2})?$/, 'Two letters, e.g. US.'))
    .transform((v) => v.toUpperCase()),
  options: z.array(option).max(30).optional().default([]),
  taxonomy_terms: z.array(text(60)).max(50).optional().default([]),
  distributors: z
    .array(
      z.object({
        index: z.coerce.number().int().optional().default(0),
        distributor: id,
        distributor_price: money,
        distributor_quantity: count(1_000_000),
        /** Spec §3 Distributor entry `warehouses`: sent back as read; the organisation's warehouses decide, not this. */
        warehouses: z.array(id).max(100).optional(),
      }),
    )
    .max(50)
    .optional()
    .default([]),
  channels: z
    .array(
      z.object({
        channel_id: id,
        selectedWarehouses: z
          .array(z.object({ warehouse_id: id, quantity: count(1_000_000) }))
          .max(20)
          .optional()
          .default([]),
        price: productPrice,
        price_category: text(30).min(1, 'Choose a price category.'),
        core_charge: optMoney.refine((v) => v === null || Number(v) > 0, CORE_CHARGE_INVALID),
      }),
    )
    .max(20)
    .optional()
    .default([]),
});
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const DimensionsUpdate = ProductUpdate.pick({
  box_method: true,
  class: true,
  nmfc: true,
  product_length: true,
  product_width: true,
  product_height: true,
  product_weight: true,
  is_physical: true,
  is_stackable: true,
  stackable_quantity: true,
  stackable_length: true,
  stackable_width: true,
  stackable_height: true,
});

export const CategoriesUpdate = z.object({
  categories: z.record(z.string().regex(/^\d+$/), bool),
  parentCategories: z.array(id).max(200).optional().default([]),
  parentCategoriesAmount: z.record(z.string().regex(/^\d+$/), count(1000)).optional().default({}),
});

/** The body's updateData: an object, or the JSON string of one (form posts). */
export function updateDataOf(body: unknown): unknown {
  let raw = (body as { updateData?: unknown } | undefined)?.updateData;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = undefined;
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw invalid('Send the product as updateData.', { updateData: 'Send the product as a JSON object.' });
  return raw;
}

export const AuditParams = z.object({
  auditId: z
    .string()
    .regex(/^\d{1,10}$/, 'Not an editor session.')
    .transform(Number)
    .pipe(z.number().int().positive().max(2147483647)),
});

export const IsKitParams = z.object({ stockcode: text(60).min(1), sku: text(60) });

export const DuplicateQuery = z.object({
  field: z.enum(['stockcode', 'sku', 'gtin', 'slug', 'title'], { message: 'Unknown field.' }),
  value: text(200),
  product_id: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null)),
});

export const ListQuery = z.object({
  q: oneLine()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, 100)),
  after: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null)),
});

export const OpenBody = z.object({ product_id: id });

export const DistributorPriceBody = z.object({
  distributor_id: id,
  price: money,
  quantity: count(1_000_000),
});
