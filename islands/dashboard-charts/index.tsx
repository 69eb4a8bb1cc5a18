/**
 * The dashboard's summary charts. The server renders every chart's table (the accessible
 * numbers); after hydration Chart.js — a chunk of its own, imported only here — draws each
 * canvas from the very same props, so the picture and the table cannot disagree.
 */
import { useRef } from 'react';
import { formatChartValue, type ChartSpec, type DashboardChartsProps } from '../../src/domain/charts.ts';
import { useChart } from './use-chart.ts';

export type Props = DashboardChartsProps;

function ChartCanvas({
  chart,
  currency,
  locale,
  loading,
}: {
  chart: ChartSpec;
  currency: string;
  locale: string;
  loading: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useChart(canvas, chart, currency, locale);
  return (
    <div className={`chart-canvas${chart.horizontal ? ' chart-canvas--tall' : ''}`}>
      <canvas ref={canvas} role="img" aria-label={chart.title} data-testid={`chart-canvas-${chart.id}`}>
        {loading}
      </canvas>
    </div>
  );
}

function ChartTable({
  chart,
  currency,
  locale,
  caption,
}: {
  chart: ChartSpec;
  currency: string;
  locale: string;
  caption: string;
}) {
  return (
    <div className="table-wrap chart-table" tabIndex={0} role="region" aria-label={`${caption}: ${chart.title}`}>
      <table className="table" data-testid={`chart-table-${chart.id}`}>
        <caption className="visually-hidden">{`${caption}: ${chart.title}`}</caption>
        <thead>
          <tr>
            <th scope="col">{chart.labelHeader}</th>
            {chart.series.map((s) => (
              <th scope="col" className="num" key={s.label}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {chart.series.map((s) => (
                <td className="num nowrap" key={s.label} data-value={s.values[i]}>
                  {formatChartValue(s.values[i], s.format, currency, locale)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DashboardCharts({ locale, currency, charts, labels }: Props) {
  return (
    <div className="chart-grid">
      {charts.map((chart) => (
        <section
          className="card chart-card"
          key={chart.id}
          aria-labelledby={`chart-h-${chart.id}`}
          data-testid={`chart-${chart.id}`}
        >
          <div className="card-head">
            <h2 id={`chart-h-${chart.id}`}>{chart.title}</h2>
            {chart.reportHref ? (
              <a className="small" href={chart.reportHref}>
                {labels.fullReport}
              </a>
            ) : null}
          </div>
          <div className="card-body">
            {chart.labels.length ? (
              <>
                <ChartCanvas chart={chart} currency={currency} locale={locale} loading={labels.loading} />
                <details className="chart-numbers">
                  <summary>{labels.table}</summary>
                  <ChartTable chart={chart} currency={currency} locale={locale} caption={labels.table} />
                </details>
              </>
            ) : (
              <p className="muted" data-testid="chart-empty">
                {labels.noData}
              </p>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
