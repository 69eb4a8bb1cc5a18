/** Input of the warehouse screens and the warehouse API. */
import { z } from 'zod';
import { text as oneLine } from '../../http/validate.ts';

const text = (max: number, msg: string) =>
  oneLine({ message: msg }).trim().min(1, msg).max(max, `At most ${max} characters.`);
const count = z.coerce
  .number({ message: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(0, 'Stock cannot be negative.')
  .max(10_000_000, 'Too large.');

export const WarehouseCreate = z.object({
  code: text(20, 'Give the warehouse a short code, e.g. US-DSM.')
    .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and hyphens only.')
    .transform((v) => v.toUpperCase()),
  name: text(120, 'Name the warehouse.'),
  address1: text(200, 'Enter the street address.'),
  address2: oneLine()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || null),
  city: text(120, 'Enter the city.'),
  region_code: text(10, 'Enter the state or province code.').transform((v) => v.toUpperCase()),
  postal_code: text(20, 'Enter the postal code.'),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country.')
    .transform((v) => v.toUpperCase()),
  phone: oneLine()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || null),
  zone: oneLine()
    .trim()
    .optional()
    .transform((v) => v || 'America/Chicago')
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a time zone such as America/Chicago.'),
});

export const Adjustment = z.object({
  product_id: z.coerce.number({ message: 'Choose a product.' }).int().positive().max(2147483647),
  quantity: count,
  reason: text(200, 'Say why the stock changes (count, damage, return…).'),
});

export const InventoryQuery = z.object({
  q: oneLine()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, 100)),
  after: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null)),
});

export const CsvBody = z.object({
  csv: z.string({ message: 'Paste the counts or choose a CSV file.' }).max(1_000_000, 'At most 1 MB of CSV.'),
  reason: text(200, 'Say why the stock changes (count, damage, return…).'),
});

/** Warehouse API: the warehouse's own system sets its stock by stock code. */
export const StockUpdate = z.object({
  items: z
    .array(z.object({ stockcode: text(60, 'stockcode is required.'), quantity: count }))
    .min(1, 'Send at least one item.')
    .max(5000, 'At most 5000 items.'),
  reason: oneLine()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || 'Warehouse system update'),
});

export const WarehouseParams = z.object({
  warehouse: z
    .string()
    .regex(/^\d{1,10}$/, 'Not a warehouse.')
    .transform(Number)
    .pipe(z.number().int().positive().max(2147483647)),
});
export const OrgWarehouseParams = WarehouseParams.extend({
  org: z
    .string()
    .regex(/^\d{1,10}$/, 'Not an organisation.')
    .transform(Number)
    .pipe(z.number().int().positive().max(2147483647)),
});
