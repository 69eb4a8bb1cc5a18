/** Input of the promotions screens. */
import { z } from 'zod';
import { parseFlexibleDate } from '../../domain/dates.ts';
import { PROMOTION_SCOPES } from '../../domain/constants.ts';

const date = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim();
      if (!s) return null;
      // <input type="date"> sends yyyy-mm-dd; a typed date may come in any of the accepted orders.
      const d = parseFlexibleDate(s, ['ymd', 'mdy', 'dmy']);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `${label}: enter a real date, e.g. 2026-12-31.` });
        return z.NEVER;
      }
      return new Date(Date.UTC(d.year, d.month - 1, d.day));
    });

export const PromotionCreate = z
  .object({
    name: z.string().trim().min(1, 'Name the promotion.').max(120, 'At most 120 characters.'),
    code: z
      .string()
      .trim()
      .max(40, 'At most 40 characters.')
      .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, hyphens and underscores only.')
      .optional()
      .transform((v) => (v ? v.toUpperCase() : null)),
    // configuration[0].actions[0].value: the amount taken off the cart, in USD.
    value: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount such as 25 or 12.50.')
      .refine((v) => Number(v) > 0, 'The amount must be more than 0.'),
    starts_at: date('Start'),
    ends_at: date('End'),
    active: z
      .union([z.literal('1'), z.literal('on'), z.literal('true'), z.boolean()])
      .optional()
      .transform((v) => v !== undefined && v !== false),
    // Conditions: which goods it comes off, and whether it also takes shipping off.
    applies_to: z
      .string()
      .optional()
      .transform((v) => (v ?? 'all').trim() || 'all')
      .pipe(z.enum(PROMOTION_SCOPES, { message: 'Choose what the promotion applies to: all goods or parts only.' })),
    free_shipping: z
      .union([z.literal('1'), z.literal('on'), z.literal('true'), z.boolean()])
      .optional()
      .transform((v) => v !== undefined && v !== false),
    priority: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().regex(/^\d{0,4}$/, 'A whole number from 0 to 9999.'))
      .transform((v) => (v ? Number(v) : 0)),
  })
  .superRefine((v, ctx) => {
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  });
export type PromotionCreate = z.infer<typeof PromotionCreate>;

/** The table's columns by number (1-based, as the spec counts): 7 is the default sort, descending. */
export const COLUMNS = ['name', 'code', 'value', 'starts_at', 'ends_at', 'status', 'created_at'] as const;

export const ListQuery = z.object({
  sort: z
    .string()
    .optional()
    .transform((v) => (v && /^[1-7]$/.test(v) ? Number(v) : 7)),
  dir: z
    .string()
    .optional()
    .transform((v) => (v === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc'),
});
