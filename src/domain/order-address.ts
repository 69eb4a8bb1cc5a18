/**
 * What an order keeps of its ship-to and bill-to: a copy of the address as it was when the order
 * was placed (orders.ship_to / orders.bill_to, jsonb). The address book (`addresses`) stays the
 * customer's to edit or delete; a placed order never follows it. A cart (status 'cart') has no
 * copy yet and reads the live address it points at.
 *
 * The keys are the address row's own (src/db/schema/accounts.ts `addresses`), so a page that
 * shows an address shows a copy or a live row alike; `id` is the address-book row it was copied
 * from (it may since have been changed or deleted).
 */
import { z } from 'zod';

export const OrderAddress = z.object({
  id: z.number().int(),
  personId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  regionCode: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  phone: z.string().nullable(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

/** The columns of an address-book row that an order copies. */
export type AddressBookRow = {
  id: number;
  personId: number | null;
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  regionCode: string;
  postalCode: string;
  countryCode: string;
  phone: string | null;
};

/** The copy an order keeps of an address-book row (only the listed fields: never timestamps, labels or flags). */
export function orderAddressOf(a: AddressBookRow): OrderAddress {
  return {
    id: a.id,
    personId: a.personId,
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    regionCode: a.regionCode,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
    phone: a.phone,
  };
}

/**
 * The address an order shows and uses: its own copy once placed, the live address-book row while
 * it is a cart. A placed order without a copy has no address (it never falls back to the book).
 */
export function addressOfOrder(
  status: string,
  copy: OrderAddress | null | undefined,
  live: AddressBookRow | null | undefined,
): OrderAddress | null {
  if (status === 'cart') return live ? orderAddressOf(live) : null;
  return copy ?? null;
}

/**
 * Whether a shipping quote (made at `createdAt` for address-book row `addressId`) still holds for the ship-to as it
 * is now: same address-book row, not changed after the quote.
 */
export function quoteStillFor(
  quote: { addressId: number | null; createdAt: Date },
  shipTo: { id: number; updatedAt: Date },
): boolean {
  return quote.addressId === shipTo.id && quote.createdAt.getTime() >= shipTo.updatedAt.getTime();
}
