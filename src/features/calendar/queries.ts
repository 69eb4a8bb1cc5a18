/**
 * What the calendar shows for a range of days [from, to): staff events, promotions' first and last
 * days, and deliveries (the shipment date of each order's selected quote). Deliveries are counted
 * per day by PostgreSQL with the first few orders named, so a busy month stays one small answer.
 */
import { and, asc, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarEvents, channels, promotions, users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

export const DELIVERIES_NAMED = 3;

/** The time zone the business's calendar is kept in: the zone of the channel being viewed. */
export async function calendarZone(db: DbOrTx, channelCode: string): Promise<string> {
  const [row] = await db
    .select({ zone: channels.zoneLocation })
    .from(channels)
    .where(eq(channels.code, channelCode))
    .limit(1);
  return row?.zone ?? 'America/Chicago';
}

export async function calendarRange(db: DbOrTx, from: string, to: string) {
  // Events are placed on days of the business's zone (at most a day off UTC): read a day either side.
  const fromTs = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000);
  const toTs = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  const [events, promos, deliveries] = await Promise.all([
    db
      .select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        startsAt: calendarEvents.startsAt,
        endsAt: calendarEvents.endsAt,
        allDay: calendarEvents.allDay,
        description: calendarEvents.description,
        createdBy: users.email,
      })
      .from(calendarEvents)
      .leftJoin(users, eq(users.id, calendarEvents.createdBy))
      .where(
        and(
          lt(calendarEvents.startsAt, toTs),
          gte(sql`coalesce(${calendarEvents.endsAt}, ${calendarEvents.startsAt})`, fromTs),
        ),
      )
      .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id)),
    db
      .select({
        id: promotions.id,
        name: promotions.name,
        startsAt: promotions.startsAt,
        endsAt: promotions.endsAt,
        active: promotions.active,
      })
      .from(promotions)
      .where(
        or(
          and(isNotNull(promotions.startsAt), gte(promotions.startsAt, fromTs), lt(promotions.startsAt, toTs)),
          and(isNotNull(promotions.endsAt), gte(promotions.endsAt, fromTs), lt(promotions.endsAt, toTs)),
        ),
      )
      .orderBy(asc(promotions.id)),
    db.execute<{ day: string; orders: number; ids: number[] }>(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(*)::int as orders, (array_agg(d.order_id order by d.order_id))[1:${DELIVERIES_NAMED}] as ids
      from (
        select distinct sq.order_id, sq.shipment_date as day
        from shipment_quotes sq join orders o on o.id = sq.order_id
        where sq.selected and sq.shipment_date >= ${from}::date and sq.shipment_date < ${to}::date
          and o.status not in ('cart', 'quote', 'cancelled')
      ) d
      group by d.day order by d.day`),
  ]);
  return { events, promos, deliveries: deliveries.rows.map((r) => ({ ...r, ids: (r.ids ?? []).map(Number) })) };
}
