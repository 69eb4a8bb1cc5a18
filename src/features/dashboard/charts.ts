/**
 * The dashboard's summary charts for a period and a channel, computed by the order report's SQL
 * (src/features/reports/queries.ts), so the dashboard and the reports agree to the cent:
 * sales by day, orders by status, top products, payments outstanding, average order value.
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ChartSpec } from '../../domain/charts.ts';
import { divideCents, sumCents, toCents, toMajor } from '../../domain/money.ts';
import { addDays, isoDay, startOfWeek } from '../../domain/calendar.ts';
import { OWED_STATUSES } from '../../domain/order-balance.ts';
import { orderReport, type OrderFilters, type ReportRow, reportQueryString, rowLabel } from '../reports/index.ts';

export const DASHBOARD_PERIODS = ['30', '90', '365', '730'] as const;

export const DashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { message: 'Choose a period from the list.' }).optional().default('365'),
  channel: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, 'Choose a channel from the list.')
    .optional()
    .transform((v) => v || undefined),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** Statuses whose unpaid balance is money owed (quotes and cancelled orders owe nothing): the balance rule's. */
const OWING: readonly string[] = OWED_STATUSES;

const num = (v: string | null) => Number(v ?? 0);
/** Sums and averages are worked in exact cents (money.ts), never by rounding float dollars. */
const cents = (v: string | number | null) => toCents(v ?? 0);

export async function dashboardCharts(db: DbOrTx, req: Request, q: DashboardQuery, now: Date) {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
  const from = isoDay(addDays(today, -(Number(q.period) - 1)));
  const base: OrderFilters = { from, toExclusive: isoDay(addDays(today, 1)), channel: q.channel, status: '' };
  // Sales by day over a month or a quarter, by week (Sunday) over a year or two: a day's count of
  // orders over 365 days is mostly 0 or 1, which says nothing.
  const step = Number(q.period) <= 90 ? 'day' : 'week';
  const [byDay, byStatus, byProduct, byMonth] = await Promise.all([
    orderReport(db, step, base, { limit: 1000 }),
    orderReport(db, 'status', { ...base, status: 'any' }, { limit: 20 }),
    orderReport(db, 'product', base, { limit: 10, sort: 'total' }),
    orderReport(db, 'month', base, { limit: 100 }),
  ]);
  const t = (k: string, o?: Record<string, unknown>) => String(req.t(k as never, o as never));
  const reportHref = (group: string, extra: Record<string, unknown> = {}) =>
    `/${req.locale}/account/dashboard/reports/orders?${reportQueryString({ from, to: isoDay(today), channel: q.channel, group, ...extra })}`;
  const label = (group: string) => (r: ReportRow) => rowLabel(req, group, r.key, r.label);
  const owing = byStatus.rows.filter((r) => OWING.includes(r.key));
  // Every day of the period, a day without orders at zero: the lines then show the quiet days
  // (drawn from the days with orders only, the orders line sat at 1 and the sales line skipped them).
  const byDayKey = new Map(byDay.rows.map((r) => [r.key, r]));
  const days = periodDays(today, Number(q.period), step);
  const charts: ChartSpec[] = [
    salesChart({ t, req, reportHref }, step, days, byDayKey),
    {
      id: 'status',
      title: t('dashboard.charts.status'),
      kind: 'doughnut',
      labelHeader: t('reports.status'),
      labels: byStatus.rows.map(label('status')),
      series: [{ label: t('reports.col.orders'), values: byStatus.rows.map((r) => r.orders), format: 'count' }],
      reportHref: reportHref('channel', { status: 'any' }),
    },
    {
      id: 'products',
      title: t('dashboard.charts.products'),
      kind: 'bar',
      horizontal: true,
      labelHeader: t('reports.product'),
      labels: byProduct.rows.map((r) => r.label),
      series: [{ label: t('reports.col.total'), values: byProduct.rows.map((r) => num(r.total)), format: 'money' }],
      reportHref: reportHref('product'),
    },
    {
      id: 'outstanding',
      title: t('dashboard.charts.outstanding'),
      kind: 'bar',
      labelHeader: t('reports.status'),
      labels: owing.map(label('status')),
      series: [
        { label: t('reports.col.unpaid'), values: owing.map((r) => num(r.unpaid)), format: 'money' },
        { label: t('reports.col.paid'), values: owing.map((r) => num(r.paid)), format: 'money' },
      ],
    },
    aovChart({ t, req, reportHref }, byMonth.rows, label('month')),
  ];
  const totals = byDay.totals;
  return {
    charts,
    kpis: {
      orders: totals.orders,
      sales: totals.total,
      outstanding: toMajor(sumCents(owing.map((r) => cents(r.unpaid)))),
      aov: totals.orders ? toMajor(divideCents(cents(totals.total), totals.orders)) : 0,
    },
  };
}

type Day = Parameters<typeof isoDay>[0];
type ChartText = {
  t: (k: string, o?: Record<string, unknown>) => string;
  req: Request;
  reportHref: (group: string, extra?: Record<string, unknown>) => string;
};

/** Every day (or every week's Sunday) of the period, to today. */
function periodDays(today: Day, period: number, step: 'day' | 'week'): string[] {
  const first = step === 'day' ? addDays(today, -(period - 1)) : startOfWeek(addDays(today, -(period - 1)));
  const days: string[] = [];
  for (let d = first, n = 0; isoDay(d) <= isoDay(today) && n < 1000; d = addDays(d, step === 'day' ? 1 : 7), n++)
    days.push(isoDay(d));
  return days;
}

/** Sales and orders by day (or week), a quiet day at zero. */
function salesChart(c: ChartText, step: 'day' | 'week', days: string[], byDayKey: Map<string, ReportRow>): ChartSpec {
  const { t, req, reportHref } = c;
  return {
    id: 'sales',
    title: t(step === 'day' ? 'dashboard.charts.sales' : 'dashboard.charts.salesWeek'),
    kind: 'line',
    labelHeader: t('dashboard.charts.date'),
    labels: days.map((d) => rowLabel(req, 'day', d, d)), // a week by its Sunday: the title says "by week"
    series: [
      {
        label: t('dashboard.charts.sales.total'),
        values: days.map((d) => num(byDayKey.get(d)?.total ?? null)),
        format: 'money',
      },
      { label: t('reports.col.orders'), values: days.map((d) => byDayKey.get(d)?.orders ?? 0), format: 'count' },
    ],
    reportHref: reportHref(step),
  };
}

/** The average order value by month. */
function aovChart(c: ChartText, rows: ReportRow[], label: (r: ReportRow) => string): ChartSpec {
  const { t, reportHref } = c;
  return {
    id: 'aov',
    title: t('dashboard.charts.aovMonth'),
    kind: 'bar',
    labelHeader: t('dashboard.charts.month'),
    labels: rows.map(label),
    // Rounded to cents once, from the month's exact sum and count.
    series: [
      {
        label: t('dashboard.charts.aov'),
        values: rows.map((r) => (r.orders ? toMajor(divideCents(cents(r.total), r.orders)) : 0)),
        format: 'money',
      },
    ],
    reportHref: reportHref('month'),
  };
}
