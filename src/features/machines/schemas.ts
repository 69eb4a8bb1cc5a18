/** Input of My machines and of the staff's fitment edits (zod at the edge; English, translated on the way out). */
import { z } from 'zod';
import { text } from '../../http/validate.ts';

/** An empty form field is "not given", never 0 or ''. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const whole = (message: string, max: number) =>
  z.preprocess(blank, z.coerce.number({ message }).int(message).min(0, message).max(max, message).optional());

export const MachineBody = z.object({
  /** Empty: find the model from the serial. */
  model_id: z.preprocess(
    blank,
    z.coerce.number({ message: 'Choose a model.' }).int('Choose a model.').positive('Choose a model.').optional(),
  ),
  serial: text({ message: 'Enter the serial number.' })
    .trim()
    .min(1, 'Enter the serial number.')
    .max(40, 'A serial number has at most 40 characters.'),
  year: z.preprocess(
    blank,
    z.coerce.number({ message: 'Enter the model year.' }).int('Enter the model year as four digits.'),
  ),
  name: text({ message: 'Give the machine a name.' })
    .trim()
    .min(1, 'Give the machine a name.')
    .max(80, 'A machine name has at most 80 characters.'),
  hours: whole('Hours must be a whole number from 0 to 1000000.', 1_000_000),
  acres: whole('Acres must be a whole number from 0 to 100000000.', 100_000_000),
});
export type MachineBody = z.infer<typeof MachineBody>;

const serialEnd = z.preprocess(
  blank,
  text({ message: 'A serial number is text.' }).trim().max(40, 'A serial number has at most 40 characters.').optional(),
);

/** One fitment row of the product's table form: rows[i][model], rows[i][from], rows[i][to]. */
export const FitmentRow = z.object({
  model: text({ message: 'Choose a model.' }).trim().max(40).default(''),
  from: serialEnd,
  to: serialEnd,
});

/** The product's whole table; rows with no model are the form's empty lines, ignored. */
export const FitmentTable = z.object({
  rows: z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : (v ?? [])),
    z.array(FitmentRow).max(200, 'At most 200 fitment rows per part.'),
  ),
});
export type FitmentTable = z.infer<typeof FitmentTable>;

export const FitmentCsv = z.object({
  csv: z.string({ message: 'Paste the fitment rows or choose a CSV file.' }).max(1_000_000, 'At most 1 MB of CSV.'),
});

/** ?machine= on a parts diagram: a bad value is ignored, never an error (links get pasted). */
export const MachineQuery = z.object({
  machine: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined),
});
