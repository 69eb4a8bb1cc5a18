/**
 * System services and the log (spec §2 "/{locale}/admin/services", "/{locale}/admin/logs"):
 *   GET /{locale}/admin/services                          every service's live status (services.view)
 *   GET /{locale}/admin/logs[?q=&who=&action=&kind=&level=&from=&to=&after=|before=]   the audit log (logs.view)
 * Scripts get JSON; filters live in the URL and bad ones are a 400 naming the field.
 */
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { LOG_PAGE_SIZE, searchLogs } from './log-queries.ts';
import { LOG_KINDS, LogQuery } from './schemas.ts';
import { serviceStatuses } from './status.ts';
import { route, routes } from '../../http/route.ts';

export function systemRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/admin/services */
  route(r, 'get', '/admin/services', { allow: 'services.view' }, async (req, res) => {
    const services = await serviceStatuses(s);
    res.set('Cache-Control', 'no-store');
    if (wantsJson(req)) return void res.json({ services, checkedAt: new Date().toISOString() });
    await res.page('system/services', {
      layout: 'layouts/admin',
      nav: 'services',
      title: req.t('system.services.title'),
      services,
      checkedAt: new Date(),
    });
  });

  /** GET /{locale}/admin/logs */
  route(r, 'get', '/admin/logs', { allow: 'logs.view' }, async (req, res) => {
    const q = parseInput(LogQuery, req.query);
    const page = await searchLogs(s.db, q);
    if (wantsJson(req)) return void res.json({ entries: page.rows, next: page.next, prev: page.prev });
    const href = (k: 'after' | 'before', c: string | null) => (c ? logsHref(req, q, { [k]: c }) : null);
    await res.page('system/logs', {
      layout: 'layouts/admin',
      nav: 'logs',
      title: req.t('system.logs.title'),
      q,
      rows: page.rows,
      kinds: LOG_KINDS,
      pageSize: LOG_PAGE_SIZE,
      prevHref: href('before', page.prev),
      nextHref: href('after', page.next),
      filtered: !!(q.q || q.who || q.action || q.kind || q.level || q.from || q.to),
    });
  });

  return r;
}

/** The log URL with the current filters (never the cursor it came with) plus `extra`. */
function logsHref(req: Request, q: LogQuery, extra: Record<string, string>) {
  const u = new URLSearchParams();
  for (const k of ['q', 'who', 'action', 'kind', 'level', 'from', 'to'] as const) if (q[k]) u.set(k, q[k]!);
  for (const [k, v] of Object.entries(extra)) u.set(k, v);
  return `/${req.locale}/admin/logs?${u}`;
}
