/**
 * Report filters, read from the query string (filters live in the URL, so a report is a link).
 * Dates are typed by people: the §5 rules of src/domain/dates.ts (several orders, two-digit
 * years, the picker's 21-year limit) decide what is accepted.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/constants.ts';
import { maxPickerDate, parseFlexibleDate, type CalendarDate } from '../../domain/dates.ts';
import { addDays, addMonths, isoDay } from '../../domain/calendar.ts';

export const REPORT_GROUPS = ['day', 'week', 'month', 'channel', 'product'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** '' = submitted orders (not carts, quotes or cancelled: what the business counts as sales); 'any' = every order but carts. */
export const REPORT_STATUSES = ['', 'any', ...ORDER_STATUSES.filter((s) => s !== 'cart')] as const;

export const PAGE_SIZE = 50;

const typedDate = (label: string) =>
  z
    .string()
    .trim()
    .max(20, `${label}: use mm/dd/yy.`)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const d = parseFlexibleDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `${label}: enter a real date as mm/dd/yy.` });
        return z.NEVER;
      }
      return d;
    });

const optionalId = z
  .union([
    z.literal(''),
    z.coerce
      .number({ message: 'Choose from the list.' })
      .int('Choose from the list.')
      .positive('Choose from the list.')
      .max(2147483647, 'Choose from the list.'),
  ])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));

export const OrderReportQuery = z.object({
  from: typedDate('From'),
  to: typedDate('To'),
  channel: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, 'Choose a channel from the list.')
    .optional()
    .transform((v) => v || undefined),
  status: z.enum(REPORT_STATUSES, { message: 'Choose a status from the list.' }).optional().default(''),
  customer: z
    .string()
    .trim()
    .max(120, 'Keep the customer search under 120 characters.')
    .optional()
    .transform((v) => v || undefined),
  product: optionalId,
  warehouse: optionalId,
  group: z.enum(REPORT_GROUPS, { message: 'Choose a grouping from the list.' }).optional().default('day'),
  page: z.coerce
    .number({ message: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .max(100000, 'Page is too large.')
    .optional()
    .default(1),
});
export type OrderReportQuery = z.infer<typeof OrderReportQuery>;

export const SurveyReportQuery = z.object({
  from: typedDate('From'),
  to: typedDate('To'),
  group: z.enum(['month', 'all'], { message: 'Choose a period from the list.' }).optional().default('all'),
});
export type SurveyReportQuery = z.infer<typeof SurveyReportQuery>;

/** A resolved period: [from, toExclusive) as ISO days, UTC. */
export type Period = { from: string; to: string; toExclusive: string };

/**
 * Why: an open 'from' means one year back from 'to' (the report people ask for most), an open 'to'
 * means today; 'to' may not pass the picker's limit and 'from' may not come after 'to'.
 */
export function resolvePeriod(
  from: CalendarDate | undefined,
  to: CalendarDate | undefined,
  now: Date,
): Period | { field: 'from' | 'to'; message: string } {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
  const end = to ?? today;
  const max = maxPickerDate(now);
  if (isoDay(end) > isoDay({ year: max.getUTCFullYear(), month: max.getUTCMonth() + 1, day: max.getUTCDate() })) {
    return { field: 'to', message: 'To: dates may be at most 21 years ahead.' };
  }
  const start = from ?? addDays(addMonths(end, -12), 1);
  if (isoDay(start) > isoDay(end)) return { field: 'from', message: 'From must be on or before To.' };
  return { from: isoDay(start), to: isoDay(end), toExclusive: isoDay(addDays(end, 1)) };
}
