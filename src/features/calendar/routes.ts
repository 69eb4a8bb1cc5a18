/**
 * The back office calendar (spec §2: view and editor share the path), behind calendar.edit:
 *   GET    /{locale}/account/dashboard/calendar?view=month|week|agenda&date=YYYY-MM-DD
 *   POST   /{locale}/account/dashboard/calendar/events            create a staff event
 *   PUT    /{locale}/account/dashboard/calendar/events/{id}       edit it
 *   POST   /{locale}/account/dashboard/calendar/events/{id}/move  move it to another day
 *   DELETE /{locale}/account/dashboard/calendar/events/{id}       delete it
 */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { addDays, dayInZone, isoDay, parseIsoDay, viewRange } from '../../domain/calendar.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { calendarRange, calendarZone } from './queries.ts';
import { requireChannel } from '../../http/context.ts';
import { CalendarQuery, EventBody, MoveBody } from './schemas.ts';
import { createEvent, deleteEvent, moveEvent, updateEvent } from './service.ts';
import { buildDays, editorProps, heading, viewLinks } from './view-model.ts';

const BASE = '/account/dashboard/calendar';

const toJson = (e: {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  description: string | null;
}) => ({
  id: e.id,
  title: e.title,
  starts_at: e.startsAt.toISOString(),
  ends_at: e.endsAt?.toISOString() ?? null,
  all_day: e.allDay,
  description: e.description,
});

export function calendarRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  // Who may reach these routes: the route table (src/http/route-permissions.ts), enforced before the router.

  /** GET /{locale}/account/dashboard/calendar */
  r.get(BASE, async (req, res) => {
    const q = parseInput(CalendarQuery, req.query);
    const now = new Date();
    const tz = await calendarZone(s.db, requireChannel(res).code);
    const anchor = q.date ?? parseIsoDay(dayInZone(now, tz))!;
    const { from, days } = viewRange(q.view, anchor);
    const range = await calendarRange(s.db, isoDay(from), isoDay(addDays(from, days)));
    await res.page('calendar/index', {
      title: req.t('calendar.title'),
      layout: 'layouts/admin',
      nav: 'calendar',
      view: q.view,
      heading: heading(req, q.view, anchor),
      days: buildDays(req, q.view, anchor, range, now, tz),
      timeZone: tz,
      links: viewLinks(req, q.view, anchor, now, tz),
      editor: editorProps(req, anchor, range, now, tz),
    });
  });

  /** POST /{locale}/account/dashboard/calendar/events */
  r.post(`${BASE}/events`, async (req, res) => {
    const body = parseInput(EventBody, req.body);
    const row = await createEvent(
      s.db,
      req.user!.id,
      body,
      new Date(),
      await calendarZone(s.db, requireChannel(res).code),
    );
    res.status(201).json({ event: toJson(row) });
  });

  /** PUT /{locale}/account/dashboard/calendar/events/{id} */
  r.put(`${BASE}/events/:id`, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const body = parseInput(EventBody, req.body);
    res.json({
      event: toJson(
        await updateEvent(s.db, req.user!.id, id, body, new Date(), await calendarZone(s.db, requireChannel(res).code)),
      ),
    });
  });

  /** POST /{locale}/account/dashboard/calendar/events/{id}/move */
  r.post(`${BASE}/events/:id/move`, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const { date } = parseInput(MoveBody, req.body);
    res.json({
      event: toJson(
        await moveEvent(s.db, req.user!.id, id, date!, new Date(), await calendarZone(s.db, requireChannel(res).code)),
      ),
    });
  });

  /** DELETE /{locale}/account/dashboard/calendar/events/{id} */
  r.delete(`${BASE}/events/:id`, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    await deleteEvent(s.db, req.user!.id, id);
    res.status(204).end();
  });

  return r;
}
