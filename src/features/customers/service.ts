/** Staff edits of a customer's saved address (the customer address edit screen), audited in the same transaction. */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '../../http/validate.ts';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { audit } from '../audit/index.ts';
import { listCountries, listRegionsOf } from './queries.ts';

const line = (max: number, message: string) =>
  text({ message }).trim().min(1, message).max(max, `At most ${max} characters.`);
const optional = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

export const AddressForm = z.object({
  firstName: line(80, 'Enter a first name.'),
  lastName: line(80, 'Enter a last name.'),
  company: optional(120),
  address1: line(200, 'Enter a street address.'),
  address2: optional(200),
  city: line(120, 'Enter a city.'),
  countryCode: text({ message: 'Choose a country.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country.'),
  regionCode: text().trim().toUpperCase().max(10).optional().default(''),
  postalCode: line(20, 'Enter a postal code.'),
  phone: optional(40),
});
export type AddressForm = z.infer<typeof AddressForm>;

export async function updateCustomerAddress(
  db: Db,
  personId: number,
  userId: number | null,
  addressId: number,
  form: AddressForm,
  staffId: number,
) {
  const [countries, regions] = await Promise.all([listCountries(db), listRegionsOf(db, form.countryCode)]);
  if (!countries.some((c) => c.code === form.countryCode))
    throw invalid('Choose a country.', { countryCode: 'Choose a country.' });
  if (regions.length && !regions.some((r) => r.code === form.regionCode)) {
    throw invalid('Choose a state or province of that country.', {
      regionCode: 'Choose a state or province of that country.',
    });
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(addresses).where(eq(addresses.id, addressId)).for('update');
    if (!before || !(before.personId === personId || (userId !== null && before.userId === userId)))
      throw notFound('Address not found.');
    const [after] = await tx
      .update(addresses)
      .set({ ...form, regionCode: regions.length ? form.regionCode : '' })
      .where(and(eq(addresses.id, addressId)))
      .returning();
    const fields = Object.keys(form) as (keyof AddressForm)[];
    const changed = fields.filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));
    await audit(tx, {
      action: 'address.update',
      entity: 'address',
      entityId: addressId,
      userId: staffId,
      message: `Address ${addressId} of person ${personId} updated (${changed.join(', ') || 'no change'})`,
      data: {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
    });
    return after;
  });
}
