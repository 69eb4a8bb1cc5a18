/** The shipping estimate form (urlencoded, multipart or JSON; spec §7 last 'Channel and cart' bullet). */
import { z } from 'zod';
import { CART_MAX, CART_MIN, parseQuantity } from '../../domain/quantity.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Checkbox: present as '1' / 'on' / 'true' (or true) when ticked, absent or '0' / 'false' when not. */
const Checkbox = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  z
    .union([z.boolean(), z.string(), z.number(), z.undefined()])
    .transform(
      (v) =>
        v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.trim().toLowerCase())),
    ),
);

export const EstimateBody = z.object({
  postal_code: z
    .string({ message: 'Enter a postal code.' })
    .trim()
    .min(1, 'Enter a postal code.')
    .max(16, 'That postal code is too long.'),
  country: z
    .string({ message: 'No country selected' })
    .trim()
    .min(1, 'No country selected')
    .max(2, 'Choose a country from the list.')
    .transform((c) => c.toUpperCase()),
  residential: Checkbox.optional().default(false),
  product_id: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'Unknown product.' })
      .int('Unknown product.')
      .positive('Unknown product.')
      .max(2147483647, 'Unknown product.')
      .optional(),
  ),
  quantity: z.preprocess(
    blankToUndefined,
    z.unknown().transform((v, ctx) => {
      if (v === undefined) return undefined;
      const q = parseQuantity(v);
      if (q === null || q < CART_MIN || q > CART_MAX) {
        ctx.addIssue({ code: 'custom', message: `Quantity must be a whole number from ${CART_MIN} to ${CART_MAX}.` });
        return z.NEVER;
      }
      return q;
    }),
  ),
  context: z.enum(['product', 'cart']).optional().catch(undefined),
});
export type EstimateBody = z.infer<typeof EstimateBody>;
