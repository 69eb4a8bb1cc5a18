/**
 * Draft orders made by staff for a customer (/{locale}/admin/orders/create): find a person, open
 * the editor on a new draft. A draft carries the person but not their user account, so every
 * customer-side read (which goes by user_id) leaves it out; submitting it links the account,
 * stamps submitted_at and clears the draft flag. Both steps are logged in their transaction.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { copyAddressesOfPlacedOrders } from '../orders/index.ts';
import { channelWarehouseList } from '../../db/queries/channel-stock.ts';
import { addresses, channels, organisations, persons, users, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { CurrentUser } from '../../http/types.ts';
import { audit } from '../audit/index.ts';
import { personMatch, prefixPattern } from './search.ts';
import { emitEvent } from '../webhooks/index.ts';

/** People matching a name, email, phone or organisation (at most 100, spec §9 typeahead limit). */
export function findPeople(db: DbOrTx, q: string) {
  const digits = q.replace(/\D/g, '');
  const alternatives = [
    sql`${persons.id} in (${personMatch(q)})`,
    sql`${persons.organisationId} in (select id from ${organisations} where lower(${organisations.name}) like ${prefixPattern(q.trim())})`,
  ];
  if (digits.length >= 3)
    alternatives.push(sql`regexp_replace(coalesce(${persons.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
  return db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      phone: persons.phone,
      organisation: organisations.name,
    })
    .from(persons)
    .leftJoin(organisations, eq(organisations.id, persons.organisationId))
    .where(or(...alternatives))
    .orderBy(asc(sql`lower(${persons.lastName})`), asc(persons.firstName), asc(persons.id))
    .limit(100);
}

export async function createDraft(db: Db, personId: number, staff: CurrentUser, locale: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({
        id: persons.id,
        userId: persons.userId,
        firstName: persons.firstName,
        lastName: persons.lastName,
        channelId: users.channelId,
        userLocale: users.locale,
        orgDiscount: organisations.orgDiscount,
        taxExemptId: organisations.taxExemptId,
      })
      .from(persons)
      .leftJoin(users, eq(users.id, persons.userId))
      .leftJoin(organisations, eq(organisations.id, persons.organisationId))
      .where(eq(persons.id, personId));
    if (!person) throw notFound('Person not found.');
    const [channel] = await tx
      .select({
        id: channels.id,
        currencyId: channels.currencyId,
        code: sql<string>`(select code from currencies where id = ${channels.currencyId})`,
      })
      .from(channels)
      .where(person.channelId ? eq(channels.id, person.channelId) : eq(channels.code, 'US'))
      .limit(1);
    // The channel's first warehouse by the one stock rule (src/domain/channel-stock.ts).
    const [warehouse] = await channelWarehouseList(tx, channel.id);
    const [address] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        person.userId
          ? or(eq(addresses.personId, person.id), eq(addresses.userId, person.userId))
          : eq(addresses.personId, person.id),
      )
      .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id))
      .limit(1);
    const [order] = await tx
      .insert(orders)
      .values({
        status: 'pending',
        draft: true,
        locale: person.userLocale ?? locale,
        channelId: channel.id,
        currencyId: channel.currencyId,
        orderCurrency: channel.code,
        userId: null,
        personId: person.id,
        orgDiscount: person.orgDiscount ?? '0',
        taxExemptId: person.taxExemptId ?? null,
        shipToAddressId: address?.id ?? null,
        billToAddressId: address?.id ?? null,
        shipFromWarehouseId: warehouse?.id ?? null,
        createdBy: staff.id,
      })
      .returning({ id: orders.id });
    await copyAddressesOfPlacedOrders(tx, order.id); // the draft keeps its addresses as they are now
    await audit(tx, {
      action: 'order.draft',
      entity: 'order',
      entityId: order.id,
      userId: staff.id,
      message: `Draft order ${order.id} for ${person.firstName} ${person.lastName} created by ${staff.email}`,
      data: { before: {}, after: { draft: true, person_id: person.id } },
    });
    return order.id;
  });
}

/** Staff submit a draft: the customer sees it from now on. Refused for an order without product lines. */
export async function submitDraft(db: Db, orderId: number, staff: CurrentUser) {
  await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('Order not found.');
    if (!o.draft) throw conflict('This order has already been submitted.');
    const [{ n }] = await tx
      .execute<{ n: number }>(
        sql`select count(*)::int as n from order_line_items where order_id = ${orderId} and line_type = 0`,
      )
      .then((r) => r.rows);
    if (!n) throw conflict('An order requires line items');
    const [person] = o.personId
      ? await tx.select({ userId: persons.userId }).from(persons).where(eq(persons.id, o.personId))
      : [];
    await tx
      .update(orders)
      .set({
        draft: false,
        userId: person?.userId ?? null,
        submittedAt: new Date(),
        version: sql`${orders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, orderId)));
    await audit(tx, {
      action: 'order.submit',
      entity: 'order',
      entityId: orderId,
      userId: staff.id,
      message: `Draft order ${orderId} submitted to the customer by ${staff.email}`,
      data: { before: { draft: true }, after: { draft: false } },
    });
    await emitEvent(tx, 'order.created', { orderId, source: 'staff' }); // webhooks
  });
}
