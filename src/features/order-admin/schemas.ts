/** The order search's query string (filters kept in the URL), validated at the edge. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/constants.ts';

/** Empty form fields mean "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <S extends z.ZodType>(s: S) => z.preprocess(blankToUndefined, s.optional());
const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-05-31.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a calendar date.');
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const ORDER_SORTS = ['id', 'date', 'status', 'total', 'customer'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const OrderSearchQuery = z
  .object({
    status: opt(z.enum([...ORDER_STATUSES, 'draft'], { message: 'Choose a status from the list.' })),
    customer: opt(text(100)),
    from: opt(isoDay),
    to: opt(isoDay),
    channel: opt(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2,3}$/, 'Choose a channel from the list.'),
    ),
    po: opt(text(60)),
    order: opt(
      z.coerce
        .number({ message: 'An order number is a whole number.' })
        .int('An order number is a whole number.')
        .positive('An order number is a whole number.')
        .max(2147483647, 'Too large.'),
    ),
    erp: opt(text(60)),
    unpaid: opt(z.enum(['1'], { message: 'Tick the box or leave it.' })),
    machine_down: opt(z.enum(['1'], { message: 'Tick the box or leave it.' })),
    sort: opt(z.enum(ORDER_SORTS, { message: 'Unknown sort column.' })),
    dir: opt(z.enum(['asc', 'desc'], { message: 'Sort asc or desc.' })),
    after: opt(z.string().max(400)),
    before: opt(z.string().max(400)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date is after the end date.',
    path: ['to'],
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuery>;

/** The filters alone (what a shared link carries besides sort and cursor). */
export const FILTER_KEYS = [
  'status',
  'customer',
  'from',
  'to',
  'channel',
  'po',
  'order',
  'erp',
  'unpaid',
  'machine_down',
] as const;
