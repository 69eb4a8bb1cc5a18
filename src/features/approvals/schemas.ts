/** Spending limits and approval: the admin's limits form and the approver's rejection. */
import { z } from 'zod';
import { fromCents, toCents } from '../../domain/money.ts';
import { LIMIT_PERIODS } from '../../domain/spending.ts';

const LIMIT = 'Enter a limit of 0 or more, such as 2500.00, or leave it empty for no limit.';
const PERIOD = 'Choose month or quarter.';
const MAX_LIMIT_CENTS = 99_999_999_999;

// A field left out is refused with the form's message (a script that omits one must not clear it).
const limit = z
  .union([z.string(), z.number()], { message: LIMIT })
  .transform((v) => String(v).trim().replace(/,/g, ''))
  .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), LIMIT)
  .transform((v) => (v === '' ? null : toCents(v)))
  .refine((c) => c === null || (c >= 0 && c <= MAX_LIMIT_CENTS), LIMIT)
  .transform((c) => (c === null ? null : fromCents(c)));

export const LimitsForm = z
  .object({
    per_order_limit: limit,
    per_period_limit: limit,
    period: z.preprocess(
      (v) => (v === undefined || v === '' ? 'month' : v),
      z.enum(LIMIT_PERIODS, { message: PERIOD }),
    ),
  })
  .transform((v) => ({ perOrderLimit: v.per_order_limit, perPeriodLimit: v.per_period_limit, period: v.period }));
export type LimitsForm = z.infer<typeof LimitsForm>;

const REASON = 'Give a reason for the rejection.';
export const RejectForm = z.object({
  reason: z.string({ message: REASON }).trim().min(1, REASON).max(500, 'Keep the reason under 500 characters.'),
});
