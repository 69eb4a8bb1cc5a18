/** Input of the lead form and the staff's lead list (urlencoded, multipart or JSON). */
import { z } from 'zod';
import { multilineText, text } from '../../http/validate.ts';
import { LEAD_STATUSES } from '../../db/schema/constants.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number, message: string) => z.preprocess(blank, text().trim().max(max, message).optional());

export const LeadBody = z.object({
  firstName: text({ message: 'Enter a first name.' })
    .trim()
    .min(1, 'Enter a first name.')
    .max(80, 'A first name has at most 80 characters.'),
  lastName: text({ message: 'Enter a last name.' })
    .trim()
    .min(1, 'Enter a last name.')
    .max(80, 'A last name has at most 80 characters.'),
  email: text({ message: 'Enter an email address.' })
    .trim()
    .min(1, 'Enter an email address.')
    .max(254, 'That email address is too long.')
    .email('Enter a valid email address.')
    .transform((e) => e.toLowerCase()),
  phone: z.preprocess(
    blank,
    text()
      .trim()
      .max(40, 'That phone number is too long.')
      .regex(/^[+()\d][\d\s().+-]{5,}$/, 'Enter a phone number with digits, spaces or dashes.')
      .optional(),
  ),
  company: optionalText(120, 'A company name has at most 120 characters.'),
  country: text({ message: 'Choose a country.' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country.')
    .transform((c) => c.toUpperCase()),
  region: optionalText(8, 'Choose a region from the list.'),
  message: z.preprocess(blank, multilineText().trim().max(2000, 'A message has at most 2000 characters.').optional()),
  /** Checked against today in the service (domain/date-field.ts). */
  visitOn: optionalText(20, 'Enter a date such as 05/13/27.'),
  recaptchaToken: optionalText(4000, 'Invalid token.'),
  recaptchaKey: optionalText(200, 'Invalid key.'),
  /** The dealer chosen in the dealer finder ("Contact this dealer"); blank = our own team. */
  dealer: z.preprocess(
    blank,
    text()
      .trim()
      .regex(/^\d{1,9}$/, 'Choose a dealer from the dealer finder.')
      .transform(Number)
      .optional(),
  ),
  /** Honeypot: hidden from people, filled by naive bots. */
  website: optionalText(500, 'Invalid.'),
});
export type LeadBody = z.infer<typeof LeadBody>;

export const AccountExistsBody = z.object({
  email: text({ message: 'Enter an email address.' })
    .trim()
    .min(1, 'Enter an email address.')
    .max(254, 'That email address is too long.'),
});

export const LeadListQuery = z.object({
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  // A search that is not a string or is too long is ignored; one with a control character is refused.
  q: z.preprocess((v) => (typeof v === 'string' && v.trim().length <= 100 ? v : undefined), text().trim().optional()),
  page: z.coerce.number().int().min(1).max(10000).optional().catch(undefined),
  dealer: z.coerce.number().int().min(1).max(2147483647).optional().catch(undefined),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

export const LeadStatusBody = z.object({
  status: z.enum(LEAD_STATUSES, { message: 'Choose a status from the list.' }),
});
export const LeadParams = z.object({
  leadId: text()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2147483647)),
});
