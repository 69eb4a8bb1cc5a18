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

/**
 * A value axis's tick on a narrow chart (a phone): compact ("$10K", "10 k $ US"), so the
 * ticks stay level and inside the canvas; the tooltip and the table keep the full figure.
 */
export function formatCompactChartValue(value: number, format: ChartFormat, currency: string, locale: string): string {
  const tag = intlLocale(locale);
  const compact = { notation: 'compact', maximumFractionDigits: 1 } as const;
  if (format === 'count') return new Intl.NumberFormat(tag, compact).format(value);
  try {
    return new Intl.NumberFormat(tag, { ...compact, style: 'currency', currency }).format(value);
  } catch {
    return `${new Intl.NumberFormat(tag, compact).format(value)} ${currency}`;
  }
}

/** A category label cut to `max` characters (an ellipsis ends a cut one); the full name is in the tooltip and the table. */
export function cutChartLabel(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, Math.max(1, max - 1))}…` : label;
}

/** How many characters of a bar's name fit beside it: a phone's chart gives the names far less room. */
export const chartLabelChars = (chartWidth: number): number => (chartWidth < 480 ? 14 : 24);
