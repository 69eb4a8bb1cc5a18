/** Countries a warehouse may be in, in the spec's order (US, CA, then by name; countries.sort holds it). */
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';

export function countryOptions(db: DbOrTx) {
  return db.select({ code: countries.code, name: countries.name }).from(countries).orderBy(asc(countries.sort), asc(countries.name));
}
