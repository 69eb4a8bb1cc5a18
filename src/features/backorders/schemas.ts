/** The Back orders list's filter (kept in the URL) and its staff forms. */
import { z } from 'zod';
import { parseIsoDay } from '../../domain/calendar.ts';

const DAY = 'Enter a date such as 2027-03-12.';
const WAREHOUSE = 'Choose a warehouse from the list.';

const blank = (v: unknown) => (v === '' || v === undefined ? undefined : v);
const day = z
  .string({ message: DAY })
  .trim()
  .refine((v) => parseIsoDay(v) !== null, DAY);

/** GET the list: ?from=&to= (expected days), ?product= (part number or name), ?warehouse=, ?page=. */
export const BackordersQuery = z.object({
  from: z.preprocess(blank, day.optional()),
  to: z.preprocess(blank, day.optional()),
  product: z.preprocess(blank, z.string({ message: 'Enter a part number or name.' }).trim().max(100).optional()),
  warehouse: z.preprocess(
    blank,
    z.coerce.number({ message: WAREHOUSE }).int(WAREHOUSE).positive(WAREHOUSE).max(2147483647, WAREHOUSE).optional(),
  ),
  // A page number is ours, not typed: anything else reads as the first page.
  page: z.preprocess((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  }, z.number()),
});
export type BackordersQuery = z.infer<typeof BackordersQuery>;

/** POST a new expected day for a line. */
export const ShipOnForm = z.object({ expected_on: day });
