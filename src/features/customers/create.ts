/**
 * "Add customer" in the back office. The account is opened by the same function that
 * registers a buyer and opens one at checkout (AuthService.register): role 'customer', no
 * permissions, a random password the customer replaces through "Forgot your password?". An
 * optional first address is written in the same transaction; the log names the staff member.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../http/validate.ts';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema/index.ts';
import { invalid } from '../../domain/errors.ts';
import { type AuthService, Email } from '../auth/index.ts';
import { listCountries, listRegionsOf } from './queries.ts';

const optional = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);
const name = (label: string) =>
  text({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`);

export const CustomerForm = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email: Email,
    phone: optional(40, 'Phone is too long.'),
    organization: optional(200, 'Organisation name is too long.'),
    // The first address: all of it or none of it (an empty street means none).
    address1: optional(200, 'At most 200 characters.'),
    address2: optional(200, 'At most 200 characters.'),
    city: optional(120, 'At most 120 characters.'),
    postalCode: optional(20, 'At most 20 characters.'),
    countryCode: text().trim().toUpperCase().optional().default('US'),
    regionCode: text().trim().toUpperCase().max(10).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.address1) return;
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'Enter a city.' });
    if (!v.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a postal code.' });
    if (!/^[A-Z]{2}$/.test(v.countryCode))
      ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Choose a country.' });
  });
export type CustomerForm = z.infer<typeof CustomerForm>;

/** Opens the account; returns the new person's id (the customer page's). 409 with a field error when the email has an account. */
export async function addCustomer(
  db: Db,
  auth: AuthService,
  form: CustomerForm,
  locale: string,
  staffId: number,
): Promise<{ userId: number; personId: number }> {
  if (form.address1 && !(await listCountries(db)).some((c) => c.code === form.countryCode)) {
    throw invalid('Choose a country from the list.', { countryCode: 'Choose a country from the list.' });
  }
  const regions = form.address1 ? await listRegionsOf(db, form.countryCode) : [];
  if (regions.length && !regions.some((r) => r.code === form.regionCode)) {
    throw invalid('Choose a state or province of that country.', {
      regionCode: 'Choose a state or province of that country.',
    });
  }
  let personId = 0;
  const userId = await auth.register(
    {
      email: form.email,
      password: randomBytes(24).toString('base64url'),
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone,
      accountType: form.organization ? 'organization' : 'personal',
      organization: form.organization,
    },
    locale,
    undefined,
    {
      by: staffId,
      alsoInTransaction: async (tx, ids) => {
        personId = ids.personId;
        if (!form.address1) return;
        await tx.insert(addresses).values({
          userId: ids.userId,
          personId: ids.personId,
          label: 'Home',
          isDefault: true,
          firstName: form.firstName,
          lastName: form.lastName,
          company: form.organization ?? null,
          address1: form.address1,
          address2: form.address2 ?? null,
          city: form.city!,
          regionCode: regions.length ? form.regionCode : '',
          postalCode: form.postalCode!,
          countryCode: form.countryCode,
          phone: form.phone ?? null,
        });
      },
    },
  );
  return { userId, personId };
}
