/** Dealer reads for the locator. */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dealers } from '../../db/schema/index.ts';

export type DealerRow = {
  id: number;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  regionCode: string;
  postalCode: string;
  countryCode: string;
  lat: string;
  lng: string;
  phone: string | null;
  website: string | null;
  timeZone: string;
  hours: { days: number[]; open: string; close: string }[];
  services: string[];
};

/** Every dealer offering `service` (all when null). The table is small: ranking happens in memory. */
export function dealersOffering(db: DbOrTx, service: string | null): Promise<DealerRow[]> {
  return db
    .select({
      id: dealers.id,
      name: dealers.name,
      address1: dealers.address1,
      address2: dealers.address2,
      city: dealers.city,
      regionCode: dealers.regionCode,
      postalCode: dealers.postalCode,
      countryCode: dealers.countryCode,
      lat: dealers.lat,
      lng: dealers.lng,
      phone: dealers.phone,
      website: dealers.website,
      timeZone: dealers.timeZone,
      hours: dealers.hours,
      services: dealers.services,
    })
    .from(dealers)
    .where(service ? sql`${dealers.services} ? ${service}` : undefined)
    .orderBy(asc(dealers.id));
}

/** One dealer as the lead form names it ("Your request goes to …"), or undefined. */
export async function dealerSummary(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: dealers.id, name: dealers.name, city: dealers.city, regionCode: dealers.regionCode })
    .from(dealers)
    .where(eq(dealers.id, id))
    .limit(1);
  return row;
}

/** Every dealer's id and name, by name (the staff's lead filter). */
export function dealerNames(db: DbOrTx) {
  return db.select({ id: dealers.id, name: dealers.name }).from(dealers).orderBy(asc(dealers.name), asc(dealers.id));
}
