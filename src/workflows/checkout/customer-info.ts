/**
 * Step 1 of checkout (spec §4, §7 "POST /order/customer-info"): who buys, where it ships, and
 * whether the order is tax exempt. One transaction on the cart order; the ship-to country must
 * be served by the cart's channel (the island asks to switch channel before posting).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { addresses, orderTaxExemptions, orders, persons, shipmentQuotes, users } from '../../db/schema/index.ts';
import { AppError, conflict, invalid, notFound } from '../../domain/errors.ts';
import type { AuthService } from '../../features/auth/index.ts';
import type { ChannelInfo } from '../../features/channels/index.ts';
import { countryRegions, organisationOf, ownAddress } from './queries.ts';
import { applyTax } from './tax.ts';
import { UNKNOWN_COUNTRY, type AddressInput, type CustomerInfo } from '../../domain/checkout-input.ts';

export const CHANNEL_MISMATCH = 'channel_mismatch';

/** Country known, region one of its regions (when it has any). Throws 400 naming the field. */
export async function checkAddress(db: DbOrTx, a: AddressInput, prefix: string): Promise<void> {
  const c = await countryRegions(db, a.country);
  if (!c) throw invalid(UNKNOWN_COUNTRY, { [`${prefix}country`]: UNKNOWN_COUNTRY });
  if (c.regions.length && !c.regions.includes(a.region))
    throw invalid('Choose a region.', { [`${prefix}region`]: 'Choose a region.' });
}

/** The ship-to country must be served by the cart's channel (else 409 with the channel to switch to). */
export function checkCountry(channel: ChannelInfo, all: readonly ChannelInfo[], country: string): void {
  if (channel.countryCodes.includes(country)) return;
  const other = all.find((c) => c.countryCodes.includes(country));
  throw new AppError(
    409,
    CHANNEL_MISMATCH,
    other
      ? `This address is served by our ${other.name} store. Switch store to ship there.`
      : 'We do not ship to that country yet.',
    { country: other ? String(other.id) : '' },
  );
}

/** A new customer's account (random password; the welcome mail lets them set one). 409 when the email has an account. */
export async function createCheckoutAccount(
  auth: AuthService,
  info: Extract<CustomerInfo, { returning: false }>,
  locale: string,
): Promise<number> {
  try {
    return await auth.register(
      {
        email: info.email,
        password: randomBytes(24).toString('base64url'),
        firstName: info.address.firstName,
        lastName: info.address.lastName,
        phone: info.address.phone,
        accountType: info.accountType,
        organization: info.orgName,
      },
      locale,
    );
  } catch (e) {
    if (e instanceof AppError && e.status === 409) {
      throw conflict('An account with this email already exists. Please sign in to check out.', {
        email: 'An account with this email already exists. Please sign in to check out.',
      });
    }
    throw e;
  }
}

const NOT_ALLOWED_TAX_EXEMPT = 'Your organisation does not allow this account to buy tax exempt.';

/** The bill-to's id: the ship-to, one of the buyer's saved addresses, or a new one (any country: no store check). */
async function billingAddress(
  tx: DbOrTx,
  userId: number,
  personId: number | null,
  shipToId: number,
  info: CustomerInfo,
): Promise<number> {
  const b = info.billing;
  if (b.same) return shipToId;
  if ('addressId' in b) {
    const own = await ownAddress(tx, userId, b.addressId);
    if (!own)
      throw invalid('Choose one of your saved addresses.', { billingAddressId: 'Choose one of your saved addresses.' });
    return own.id;
  }
  const a = b.address;
  await checkAddress(tx, a, info.returning ? 'new-billing-' : 'billing-');
  const [row] = await tx
    .insert(addresses)
    .values({ userId, personId, label: 'Billing', ...addressColumns(a) })
    .returning({ id: addresses.id });
  return row.id;
}

/** The address columns of a checked address form. */
const addressColumns = (a: AddressInput) => ({
  firstName: a.firstName,
  lastName: a.lastName,
  address1: a.address1,
  address2: a.address2 ?? null,
  city: a.city,
  regionCode: a.region,
  postalCode: a.postalcode,
  countryCode: a.country,
  phone: a.phone ?? null,
});

/**
 * The address edit page's save (checkout/address-routes.ts): a new address of the user's (linked to
 * their person), or one of their own changed; another user's id is 404. The country and region are
 * checked as at checkout.
 */
export function saveOwnAddress(db: Db, userId: number, id: number | null, a: AddressInput) {
  return db.transaction(async (tx) => {
    if (id !== null && !(await ownAddress(tx, userId, id))) throw notFound();
    await checkAddress(tx, a, '');
    if (id !== null) {
      const [row] = await tx
        .update(addresses)
        .set(addressColumns(a))
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    }
    const [person] = await tx.select({ id: persons.id }).from(persons).where(eq(persons.userId, userId)).limit(1);
    const [row] = await tx
      .insert(addresses)
      .values({ ...addressColumns(a), userId, personId: person?.id ?? null })
      .returning();
    return row;
  });
}

export type CustomerInfoResult = { shipToId: number; billToId: number; taxExemptId: string; country: string };

export function saveCustomerInfo(
  db: Db,
  args: { userId: number; orderId: number; channel: ChannelInfo; channels: readonly ChannelInfo[]; info: CustomerInfo },
): Promise<CustomerInfoResult> {
  const { userId, orderId, channel, info } = args;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, userId: orders.userId, shipTo: orders.shipToAddressId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || order.userId !== userId || order.status !== 'cart') throw notFound('Your cart was not found.');
    const [person] = await tx.select({ id: persons.id }).from(persons).where(eq(persons.userId, userId)).limit(1);

    const shipTo = await shippingAddress(tx, userId, person?.id ?? null, info);
    checkCountry(channel, args.channels, shipTo.countryCode);
    const billToId = await billingAddress(tx, userId, person?.id ?? null, shipTo.id, info);

    const taxExemptId = await taxExemption(tx, { userId, orderId, channel, info });

    if (!info.returning) await tx.update(users).set({ subscribed: info.subscribe }).where(eq(users.id, userId));

    // A new destination voids the quotes issued for the old one.
    if (order.shipTo !== shipTo.id) {
      await tx.delete(shipmentQuotes).where(and(eq(shipmentQuotes.orderId, orderId)));
      await tx
        .update(orders)
        .set({ shipping: '0', shipmentQuoteId: null, shipmentMethod: null, shipFromWarehouseId: null })
        .where(eq(orders.id, orderId));
    }
    await tx
      .update(orders)
      .set({
        shipToAddressId: shipTo.id,
        billToAddressId: billToId,
        personId: person?.id ?? null,
        taxExemptId,
      })
      .where(eq(orders.id, orderId));
    await applyTax(tx, orderId);
    return { shipToId: shipTo.id, billToId, taxExemptId, country: shipTo.countryCode };
  });
}

/** The ship-to: one of the buyer's saved addresses (it comes first next time), or a new one checked. */
async function shippingAddress(
  tx: Tx,
  userId: number,
  personId: number | null,
  info: CustomerInfo,
): Promise<typeof addresses.$inferSelect> {
  let shipTo: typeof addresses.$inferSelect;
  const newAddress = info.returning ? info.newAddress : info.address;
  if (info.returning && info.shippingAddressId !== 'add-new') {
    const own = await ownAddress(tx, userId, info.shippingAddressId);
    if (!own)
      throw invalid('Choose one of your saved addresses.', {
        shippingAddressId: 'Choose one of your saved addresses.',
      });
    shipTo = own;
    // The last used address comes first next time (savedAddresses orders by updated_at).
    await tx.update(addresses).set({ updatedAt: new Date() }).where(eq(addresses.id, own.id));
  } else {
    if (!newAddress) throw invalid('Enter the shipping address.');
    await checkAddress(tx, newAddress, info.returning ? 'new-shipping-' : 'shipping-');
    [shipTo] = await tx
      .insert(addresses)
      .values({
        userId,
        personId,
        label: 'Checkout',
        firstName: newAddress.firstName,
        lastName: newAddress.lastName,
        address1: newAddress.address1,
        address2: newAddress.address2 ?? null,
        city: newAddress.city,
        regionCode: newAddress.region,
        postalCode: newAddress.postalcode,
        countryCode: newAddress.country,
        phone: newAddress.phone ?? null,
      })
      .returning();
  }
  return shipTo;
}

/**
 * The order's tax exemption: the organisation's certificate, or the declaration signed here, when
 * the store offers it and the organisation allows this buyer; '0' (and no declaration) otherwise.
 */
async function taxExemption(
  tx: Tx,
  d: { userId: number; orderId: number; channel: ChannelInfo; info: CustomerInfo },
): Promise<string> {
  const { userId, orderId, channel, info } = d;
  let taxExemptId = '0';
  if (info.tax.exempt) {
    if (!channel.taxExemptAvailable)
      throw invalid('Tax exemption is not available in this store.', {
        'tax-exempt': 'Tax exemption is not available in this store.',
      });
    const org = await organisationOf(tx, userId);
    // The organisation's administrator decides which of its users may buy tax exempt.
    if (org && !org.taxExemptAllowed) throw invalid(NOT_ALLOWED_TAX_EXEMPT, { 'tax-exempt': NOT_ALLOWED_TAX_EXEMPT });
    // The certificate on file when the organisation has one; else the declaration signed here.
    taxExemptId = org?.taxExemptId || `DECL-${orderId}`;
    await tx
      .insert(orderTaxExemptions)
      .values({
        orderId,
        bizType: info.tax.bizType,
        signature: info.tax.signature,
        positionTitle: info.tax.title,
        organizationName: org?.name ?? (info.returning ? null : (info.orgName ?? null)),
      })
      .onConflictDoUpdate({
        target: orderTaxExemptions.orderId,
        set: {
          bizType: info.tax.bizType,
          signature: info.tax.signature,
          positionTitle: info.tax.title,
          createdAt: new Date(),
        },
      });
  } else {
    await tx.delete(orderTaxExemptions).where(eq(orderTaxExemptions.orderId, orderId));
  }
  return taxExemptId;
}
