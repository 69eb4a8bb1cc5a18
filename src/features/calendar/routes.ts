/**
 * The back office calendar (spec §2: view and editor share the path), behind calendar.edit:
 *   GET    /{locale}/account/dashboard/calendar?view=month|week|agenda&date=YYYY-MM-DD
 *   POST   /{locale}/account/dashboard/calendar/events            create a staff event
 *   PUT    /{locale}/account/dashboard/calendar/events/{id}       edit it
 *   POST   /{locale}/account/dashboard/calendar/events/{id}/move  move it to another day
 *   DELETE /{locale}/account/dashboard/calendar/events/{id}       delete it
 */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { addDays, dayInZone, isoDay, parseIsoDay, viewRange } from '../../domain/calendar.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { calendarRange, calendarZone } from './queries.ts';
import { requireChannel } from '../../http/context.ts';
import { CalendarQuery, EventBody, MoveBody } from './schemas.ts';
import { createEvent, deleteEvent, moveEvent, updateEvent } from './service.ts';
import { buildDays, editorProps, heading, viewLinks } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

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
  const r = routes({ mergeParams: true });
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /{locale}/account/dashboard/calendar */
  route(r, 'get', BASE, { allow: 'calendar.edit' }, async (req, res) => {
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
  route(r, 'post', `${BASE}/events`, { allow: 'calendar.edit' }, async (req, res) => {
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
  route(r, 'put', `${BASE}/events/:id`, { allow: 'calendar.edit' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const body = parseInput(EventBody, req.body);
    res.json({
      event: toJson(
        await updateEvent(s.db, req.user!.id, id, body, new Date(), await calendarZone(s.db, requireChannel(res).code)),
      ),
    });
  });

  /** POST /{locale}/account/dashboard/calendar/events/{id}/move */
  route(r, 'post', `${BASE}/events/:id/move`, { allow: 'calendar.edit' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const { date } = parseInput(MoveBody, req.body);
    res.json({
      event: toJson(
        await moveEvent(s.db, req.user!.id, id, date!, new Date(), await calendarZone(s.db, requireChannel(res).code)),
      ),
    });
  });

  /** DELETE /{locale}/account/dashboard/calendar/events/{id} */
  route(r, 'delete', `${BASE}/events/:id`, { allow: 'calendar.edit' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    await deleteEvent(s.db, req.user!.id, id);
    res.status(204).end();
  });

  return r;
}
