/**
 * Staff events: create, edit, move, delete. Each write and its audit entry are one transaction;
 * a missing event is a 404. Never sees req.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../db/client.ts';
import { calendarEvents } from '../../db/schema/index.ts';
import { eventWindow, timeInZone, zonedToUtc } from '../../domain/calendar.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { maxPickerDate } from '../../domain/dates.ts';
import { audit } from '../audit/index.ts';
import type { EventBody } from './schemas.ts';

function windowOf(body: EventBody, now: Date, tz: string) {
  const w = eventWindow(
    { date: body.date!, endDate: body.endDate, allDay: body.allDay, start: body.start, end: body.end },
    tz,
  );
  if ('field' in w) throw invalid(w.message, { [w.field]: w.message });
  // The date picker's limit (spec §9) holds for typed dates too.
  if (w.endsAt > maxPickerDate(now))
    throw invalid('Dates may be at most 21 years ahead.', {
      [body.endDate ? 'endDate' : 'date']: 'Dates may be at most 21 years ahead.',
    });
  return w;
}

export type EventRow = typeof calendarEvents.$inferSelect;

export async function createEvent(db: Db, userId: number, body: EventBody, now: Date, tz: string): Promise<EventRow> {
  const w = windowOf(body, now, tz);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarEvents)
      .values({ title: body.title, description: body.description, allDay: body.allDay, ...w, createdBy: userId })
      .returning();
    await audit(tx, {
      action: 'calendar.create',
      message: `Calendar event "${row.title}" created`,
      userId,
      entity: 'calendar_event',
      entityId: row.id,
    });
    return row;
  });
}

export async function updateEvent(
  db: Db,
  userId: number,
  id: number,
  body: EventBody,
  now: Date,
  tz: string,
): Promise<EventRow> {
  const w = windowOf(body, now, tz);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for('update');
    if (!before) throw notFound('That event no longer exists.');
    const [row] = await tx
      .update(calendarEvents)
      .set({ title: body.title, description: body.description, allDay: body.allDay, ...w, updatedAt: now })
      .where(eq(calendarEvents.id, id))
      .returning();
    await audit(tx, {
      action: 'calendar.update',
      message: `Calendar event "${row.title}" changed`,
      userId,
      entity: 'calendar_event',
      entityId: id,
      data: {
        before: { title: before.title, startsAt: before.startsAt, endsAt: before.endsAt, allDay: before.allDay },
        after: { title: row.title, startsAt: row.startsAt, endsAt: row.endsAt, allDay: row.allDay },
      },
    });
    return row;
  });
}

/** Why: moving keeps the time of day and the length; only the first day changes. */
export async function moveEvent(
  db: Db,
  userId: number,
  id: number,
  date: { year: number; month: number; day: number },
  now: Date,
  tz: string,
): Promise<EventRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for('update');
    if (!before) throw notFound('That event no longer exists.');
    const s = before.startsAt;
    const [hh, mm] = timeInZone(s, tz).split(':').map(Number);
    const startsAt = zonedToUtc(date, hh, mm, tz);
    const endsAt = before.endsAt ? new Date(startsAt.getTime() + (before.endsAt.getTime() - s.getTime())) : null;
    if ((endsAt ?? startsAt) > maxPickerDate(now))
      throw invalid('Dates may be at most 21 years ahead.', { date: 'Dates may be at most 21 years ahead.' });
    const [row] = await tx
      .update(calendarEvents)
      .set({ startsAt, endsAt, updatedAt: now })
      .where(eq(calendarEvents.id, id))
      .returning();
    await audit(tx, {
      action: 'calendar.move',
      message: `Calendar event "${row.title}" moved`,
      userId,
      entity: 'calendar_event',
      entityId: id,
      data: { from: s, to: startsAt },
    });
    return row;
  });
}

export async function deleteEvent(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning();
    if (!row) throw notFound('That event no longer exists.');
    await audit(tx, {
      action: 'calendar.delete',
      message: `Calendar event "${row.title}" deleted`,
      userId,
      entity: 'calendar_event',
      entityId: id,
      data: { title: row.title, startsAt: row.startsAt },
    });
  });
}

export type { DbOrTx };
