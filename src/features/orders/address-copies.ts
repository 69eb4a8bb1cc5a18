/**
 * Orders keep what was sold: at placement the ship-to and bill-to are COPIED onto the
 * order (orders.ship_to / bill_to, src/domain/order-address.ts). Editing or deleting the address
 * afterwards changes the address book only.
 *
 * Placement (src/workflows/checkout/reserve.ts, the reserving transaction) calls `snapshotOrderAddresses(tx, orderId)` in its
 * transaction, with the cart row already locked. It locks the address rows (FOR SHARE: an edit of
 * them waits until the order is placed, so the tax computed later in the same transaction is
 * computed for the very address copied) and refuses (409 `shipping_changed`, as for expired quotes) when shipping was
 * quoted for another address or before the ship-to was last changed: the buyer reviews the order
 * and chooses shipping again.
 */
import { and, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { addresses, orders, shipmentQuotes } from '../../db/schema/index.ts';
import { orderAddressOf, quoteStillFor } from '../../domain/order-address.ts';
import { AppError } from '../../domain/errors.ts';

export const ADDRESS_CHANGED =
  'Your shipping address changed after shipping was quoted. Please review your order and choose your shipping method again.';

/** Copies the order's ship-to and bill-to onto it, as they are now (see the file's comment). */
export async function snapshotOrderAddresses(tx: Tx, orderId: number): Promise<void> {
  const [o] = await tx
    .select({ shipToId: orders.shipToAddressId, billToId: orders.billToAddressId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o?.shipToId) throw new AppError(400, 'customer_info', 'Enter your customer information first.');
  const ids = [...new Set([o.shipToId, o.billToId].filter((x): x is number => x !== null))];
  const rows = await tx.select().from(addresses).where(inArray(addresses.id, ids)).orderBy(addresses.id).for('share');
  const shipTo = rows.find((a) => a.id === o.shipToId);
  const billTo = rows.find((a) => a.id === o.billToId);
  if (!shipTo) throw new AppError(400, 'customer_info', 'Enter your customer information first.');
  const quotes = await tx
    .select({ addressId: shipmentQuotes.addressId, createdAt: shipmentQuotes.createdAt })
    .from(shipmentQuotes)
    .where(and(eq(shipmentQuotes.orderId, orderId), eq(shipmentQuotes.selected, true)));
  if (quotes.some((q) => !quoteStillFor(q, shipTo)))
    throw new AppError(409, 'shipping_changed', ADDRESS_CHANGED, { shipping: ADDRESS_CHANGED });
  await tx
    .update(orders)
    .set({ shipTo: orderAddressOf(shipTo), billTo: billTo ? orderAddressOf(billTo) : null })
    .where(eq(orders.id, orderId));
}

/** The jsonb copy of the address-book row whose id is `id` (null when there is none); the same keys as OrderAddress. */
export const addressCopySql = (id: SQL | AnyColumn) => sql`(select jsonb_build_object(
  'id', a.id, 'personId', a.person_id, 'firstName', a.first_name, 'lastName', a.last_name, 'company', a.company, 'address1', a.address1,
  'address2', a.address2, 'city', a.city, 'regionCode', a.region_code, 'postalCode', a.postal_code, 'countryCode', a.country_code, 'phone', a.phone)
  from ${addresses} a where a.id = ${id})`;

/**
 * Every order that is not a cart and has no copies yet gets them from the address book as it is
 * now: the demo seed, and a draft made by staff for a customer. The migration's backfill is the
 * same statement, written out in SQL (migrations/0016_*).
 */
export async function copyAddressesOfPlacedOrders(db: DbOrTx, orderId?: number): Promise<void> {
  await db
    .update(orders)
    .set({ shipTo: addressCopySql(orders.shipToAddressId), billTo: addressCopySql(orders.billToAddressId) })
    .where(
      and(
        ne(orders.status, 'cart'),
        sql`${orders.shipTo} is null and ${orders.billTo} is null`,
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    );
}
