/** Pay on terms: the staff form "Payment terms" (None / Net 15 / Net 30 / Net 60, a credit limit). */
import { z } from 'zod';
import { decodeCursor } from '../../domain/keyset.ts';
import { toCents } from '../../domain/money.ts';
import { NET_TERMS_DAYS } from '../../domain/terms.ts';

const TERMS_CHOICE = 'Choose no terms, net 15, net 30 or net 60.';
const LIMIT = 'Enter a credit limit of 0 or more, such as 5000.00.';

/** Largest credit limit the money column holds (numeric(12,2)). */
const MAX_LIMIT_CENTS = 99_999_999_999;

export const TermsForm = z
  .object({
    /** '' or 'none': no terms; '15', '30', '60': net days. */
    net_terms_days: z
      .union([z.string(), z.number()], { message: TERMS_CHOICE })
      .transform((v) => String(v).trim().toLowerCase())
      .refine(
        (v) => v === '' || v === 'none' || (NET_TERMS_DAYS as readonly number[]).map(String).includes(v),
        TERMS_CHOICE,
      )
      .transform((v) => (v === '' || v === 'none' ? null : Number(v))),
    credit_limit: z
      .union([z.string(), z.number()], { message: LIMIT })
      .transform((v) => String(v).trim().replace(/,/g, ''))
      .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), LIMIT)
      .transform((v) => toCents(v))
      .refine((c) => c >= 0 && c <= MAX_LIMIT_CENTS, LIMIT),
  })
  .transform((v) => ({ netTermsDays: v.net_terms_days, creditLimitCents: v.credit_limit }));
export type TermsForm = z.infer<typeof TermsForm>;

/** A calendar day 'YYYY-MM-DD' that exists (and the database takes as a date). */
const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '0001-01-01' && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/**
 * A page cursor of invoices due (src/domain/keyset.ts, the due date and the order id). It is user
 * input: anything that is not one we made (garbage, a tampered date, a repeated parameter) reads
 * as no cursor, so the first page, never an error.
 */
const DueCursorParam = z
  .unknown()
  .transform((v) => {
    const c = decodeCursor(v);
    return c && typeof c.v === 'string' && isDay(c.v) ? { dueOn: c.v, id: c.id } : undefined;
  })
  .optional();

/** GET invoices due: ?overdue=1 lists only invoices past their due date; `after`/`before`: keyset page cursors. */
export const InvoicesQuery = z.object({
  overdue: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['1'], { message: 'Tick the box or leave it.' }).optional(),
  ),
  after: DueCursorParam,
  before: DueCursorParam,
});
