/**
 * The dashboard's chart descriptions: what the server computes and the dashboard-charts island
 * draws (and tabulates). Plain JSON so it crosses the island boundary as props. Pure.
 */
import { intlLocale } from './money.ts';

export type ChartKind = 'bar' | 'line' | 'doughnut';

/** 'money' values are amounts in major units of `currency` (2 decimals); 'count' are whole numbers. */
export type ChartFormat = 'money' | 'count';

export type ChartSeries = { label: string; values: number[]; format: ChartFormat };

export type ChartSpec = {
  id: string;
  title: string;
  kind: ChartKind;
  /** Header of the label column in the table. */
  labelHeader: string;
  labels: string[];
  series: ChartSeries[];
  /** Horizontal bars (long product names read better). */
  horizontal?: boolean;
  /** A link to the report behind the chart. */
  reportHref?: string;
};

export type DashboardChartsProps = {
  locale: string;
  currency: string;
  charts: ChartSpec[];
  labels: { table: string; noData: string; loading: string; fullReport: string };
};

/** Why: one formatting of a chart value for the axis, the tooltip and the table alike. */
export function formatChartValue(value: number, format: ChartFormat, currency: string, locale: string): string {
  const tag = intlLocale(locale);
  if (format === 'count') return new Intl.NumberFormat(tag).format(value);
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}
