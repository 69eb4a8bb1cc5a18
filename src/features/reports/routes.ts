/**
 * Reports (spec §2: reports main, order reports, survey reports), all behind reports.view:
 *   GET /{locale}/account/dashboard/reports               the entry to every report
 *   GET /{locale}/account/dashboard/reports/orders        order report (filters in the URL; JSON for scripts)
 *   GET /{locale}/account/dashboard/reports/orders.csv    the same report as a streamed CSV
 *   GET /{locale}/account/dashboard/reports/surveys       checkout survey answers
 */
import type { Router, Request, Response } from 'express';
import type { z } from 'zod';
import type { Services } from '../../services.ts';
import { csvLine } from '../../domain/csv.ts';
import { isAppError, invalid } from '../../domain/errors.ts';
import { reportCurrency } from '../../domain/money.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { MONEY_COLUMNS } from './queries.ts';
import {
  OrderReportQuery,
  PAGE_SIZE,
  REPORT_GROUPS,
  REPORT_STATUSES,
  SurveyReportQuery,
  resolvePeriod,
} from './schemas.ts';
import {
  filterOptions,
  orderReportChunks,
  orderReportPage,
  resolveOrderFilters,
  type ResolvedOrderReport,
} from './service.ts';
import { surveyReport } from './survey-queries.ts';
import { pickerValue, reportQueryString, rowLabel } from './view-model.ts';
import { translated } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/reports';

/** Why: a person who typed a bad date sees the form again with the message beside the field (400); a script gets the JSON error. */
function badInput(req: Request, err: unknown): { message: string; fields: Record<string, string> } {
  if (wantsJson(req)) throw err;
  if (isAppError(err) && err.status === 400) {
    const e = translated(err, req);
    return { message: e.message, fields: e.fields ?? {} };
  }
  throw err;
}

function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseInput(schema, req.query);
}

const now = () => new Date();

export function reportRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /{locale}/account/dashboard/reports */
  route(r, 'get', BASE, { allow: 'reports.view' }, async (req, res) => {
    await res.page('reports/index', { title: req.t('reports.title'), layout: 'layouts/admin', nav: 'reports' });
  });

  /** GET /{locale}/account/dashboard/reports/orders */
  route(r, 'get', `${BASE}/orders`, { allow: 'reports.view' }, ordersReport(s));

  /** GET /{locale}/account/dashboard/reports/orders.csv — every group, then the totals line. */
  route(r, 'get', `${BASE}/orders.csv`, { allow: 'reports.view' }, ordersCsv(s));

  /** GET /{locale}/account/dashboard/reports/surveys */
  route(r, 'get', `${BASE}/surveys`, { allow: 'reports.view' }, surveysReport(s));

  return r;
}

/** GET /{locale}/account/dashboard/reports/orders: the report page, or its figures as JSON. */
function ordersReport(s: Services) {
  return async (req: Request, res: Response) => {
    const channels = await s.channels.all();
    let resolved: ResolvedOrderReport | undefined;
    let errors: { message: string; fields: Record<string, string> } | null = null;
    try {
      resolved = resolveOrderFilters(
        parseQuery(OrderReportQuery, req),
        now(),
        channels.map((c) => c.code),
      );
    } catch (err) {
      errors = badInput(req, err);
    }
    const [report, options] = await Promise.all([
      resolved ? orderReportPage(s.db, resolved) : Promise.resolve(null),
      wantsJson(req) ? Promise.resolve(null) : filterOptions(s.db),
    ]);
    const currency = reportCurrency(resolved?.filters.channel, channels);
    if (wantsJson(req)) {
      return void res.json({
        period: resolved!.period,
        group: resolved!.q.group,
        currency,
        page: resolved!.q.page,
        page_size: PAGE_SIZE,
        rows: report!.rows,
        totals: report!.totals,
      });
    }
    const q = resolved?.q;
    const link = q ? { ...q, from: resolved!.period.from, to: resolved!.period.to } : null;
    const query = link ? reportQueryString(link) : '';
    const pages = report ? Math.max(1, Math.ceil(report.totals.groups / PAGE_SIZE)) : 1;
    await res.page(
      'reports/orders',
      {
        title: req.t('reports.orders.title'),
        layout: 'layouts/admin',
        nav: 'reports',
        values: req.query,
        dateValue: (name: 'from' | 'to') => pickerValue(req.query[name], resolved?.period[name]),
        period: resolved?.period ?? null,
        q: q ?? null,
        errors,
        report,
        currency,
        channels,
        options,
        groups: REPORT_GROUPS,
        statuses: REPORT_STATUSES,
        moneyColumns: MONEY_COLUMNS,
        rowLabel: (group: string, key: string, label: string) => rowLabel(req, group, key, label),
        csvHref: `${req.baseUrl}${BASE}/orders.csv?${query}`,
        prevHref: link && link.page > 1 ? `?${reportQueryString({ ...link, page: link.page - 1 })}` : '',
        nextHref: link && link.page < pages ? `?${reportQueryString({ ...link, page: link.page + 1 })}` : '',
        pages,
      },
      errors ? 400 : 200,
    );
  };
}

/** GET /{locale}/account/dashboard/reports/orders.csv: every group, then the totals line. */
function ordersCsv(s: Services) {
  return async (req: Request, res: Response) => {
    const channels = await s.channels.all();
    const resolved = resolveOrderFilters(
      parseQuery(OrderReportQuery, req),
      now(),
      channels.map((c) => c.code),
    );
    const currency = reportCurrency(resolved.filters.channel, channels);
    const name = `orders-${resolved.q.group}-${resolved.period.from}-${resolved.period.to}${resolved.filters.channel ? `-${resolved.filters.channel}` : ''}.csv`;
    res.status(200).type('text/csv; charset=utf-8').attachment(name);
    // A byte-order mark so spreadsheet programs read the UTF-8 (accents in product names) correctly.
    res.write('\uFEFF');
    res.write(
      csvLine([
        req.t(`reports.group.${resolved.q.group}`),
        req.t('reports.col.orders'),
        req.t('reports.col.quantity'),
        ...MONEY_COLUMNS.map((c) => `${req.t(`reports.col.${c}`)} (${currency})`),
      ]),
    );
    let totals;
    for await (const page of orderReportChunks(s.db, resolved)) {
      for (const row of page.rows) {
        if (
          !res.write(
            csvLine([
              rowLabel(req, resolved.q.group, row.key, row.label),
              row.orders,
              row.quantity,
              ...MONEY_COLUMNS.map((c) => row[c]),
            ]),
          )
        ) {
          await new Promise((resolve) => res.once('drain', resolve));
        }
      }
      totals = page.totals;
    }
    res.end(
      csvLine([req.t('reports.totals'), totals!.orders, totals!.quantity, ...MONEY_COLUMNS.map((c) => totals![c])]),
    );
  };
}

/** GET /{locale}/account/dashboard/reports/surveys */
function surveysReport(s: Services) {
  return async (req: Request, res: Response) => {
    let errors: { message: string; fields: Record<string, string> } | null = null;
    let summary = null;
    let period = null;
    let group: 'month' | 'all' = 'all';
    try {
      const q = parseQuery(SurveyReportQuery, req);
      group = q.group;
      const p = resolvePeriod(q.from, q.to, now());
      if ('field' in p) throw invalid(p.message, { [p.field]: p.message });
      period = p;
      summary = await surveyReport(s.db, p.from, p.toExclusive, q.group);
    } catch (err) {
      errors = badInput(req, err);
    }
    if (wantsJson(req)) return void res.json({ period, group, ...summary });
    await res.page(
      'reports/surveys',
      {
        title: req.t('reports.surveys.title'),
        layout: 'layouts/admin',
        nav: 'reports',
        values: req.query,
        dateValue: (name: 'from' | 'to') => pickerValue(req.query[name], period?.[name]),
        period,
        group,
        summary,
        errors,
      },
      errors ? 400 : 200,
    );
  };
}
