/**
 * The dashboard's summary charts. The server renders every chart's table (the accessible
 * numbers); after hydration Chart.js — a chunk of its own, imported only here — draws each
 * canvas from the very same props, so the picture and the table cannot disagree.
 */
import { useEffect, useRef } from 'react';
import {
  chartLabelChars,
  cutChartLabel,
  formatChartValue,
  formatCompactChartValue,
  type ChartSpec,
  type DashboardChartsProps,
} from '../../src/domain/charts.ts';

export type Props = DashboardChartsProps;

const PALETTE = [
  '#2f7a45',
  '#e0a526',
  '#3b6fa8',
  '#b3261e',
  '#7a5aa6',
  '#4f9a8f',
  '#8a6d3b',
  '#5c6b73',
  '#c2577a',
  '#1f4d2c',
];

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
  useEffect(() => {
    let destroyed = false;
    let instance: { destroy(): void } | undefined;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (destroyed || !canvas.current) return;
      const fmt = (v: number, i = 0) => formatChartValue(v, chart.series[i]?.format ?? 'count', currency, locale);
      // On a phone the value axis is compact and level, and a bar's name is cut shorter, so neither runs off the canvas.
      const narrow = () => (canvas.current?.clientWidth ?? 1000) < 480;
      const tick = (v: number, i = 0) =>
        narrow() ? formatCompactChartValue(v, chart.series[i]?.format ?? 'count', currency, locale) : fmt(v, i);
      const category = chart.horizontal ? 'y' : 'x';
      const doughnut = chart.kind === 'doughnut';
      // A count beside money gets an axis of its own (right), or it would lie flat on the money scale.
      const mixed = chart.series.some((s) => s.format !== chart.series[0].format);
      instance = new Chart(canvas.current, {
        type: chart.kind,
        data: {
          labels: chart.labels,
          datasets: chart.series.map((s, i) => ({
            label: s.label,
            data: s.values,
            backgroundColor: doughnut
              ? chart.labels.map((_, j) => PALETTE[j % PALETTE.length])
              : PALETTE[i % PALETTE.length],
            borderColor: doughnut ? '#fff' : PALETTE[i % PALETTE.length],
            borderWidth: chart.kind === 'line' ? 2 : 1,
            pointRadius: chart.kind === 'line' ? 0 : undefined,
            tension: 0.25,
            fill: false,
            yAxisID: mixed && s.format !== chart.series[0].format ? 'y1' : undefined,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          indexAxis: chart.horizontal ? 'y' : 'x',
          locale,
          plugins: {
            legend: { display: doughnut || chart.series.length > 1, position: 'bottom' },
            tooltip: {
              callbacks: { label: (ctx) => `${ctx.dataset.label}: ${fmt(Number(ctx.raw), ctx.datasetIndex)}` },
            },
          },
          scales: doughnut
            ? {}
            : {
                [chart.horizontal ? 'x' : 'y']: {
                  beginAtZero: true,
                  ticks: {
                    callback: (v: string | number) => tick(Number(v)),
                    ...(chart.horizontal
                      ? { maxRotation: 0, autoSkipPadding: 12, ...(narrow() ? { maxTicksLimit: 3 } : {}) }
                      : {}),
                  },
                },
                // Category labels: a handful of dates on a long line, and names cut to fit beside a bar
                // (the full name is in the tooltip and in the table under the chart).
                [chart.horizontal ? 'y' : 'x']: {
                  ticks: {
                    autoSkip: !chart.horizontal,
                    autoSkipPadding: 16,
                    maxRotation: 0,
                    ...(chart.kind === 'line' ? { maxTicksLimit: 6 } : {}),
                    ...(chart.horizontal
                      ? {
                          callback: (v: string | number) =>
                            cutChartLabel(
                              chart.labels[Number(v)] ?? String(v),
                              chartLabelChars(canvas.current?.clientWidth ?? 1000),
                            ),
                        }
                      : {}),
                  },
                },
                ...(mixed
                  ? {
                      y1: {
                        position: 'right' as const,
                        beginAtZero: true,
                        grid: { drawOnChartArea: false },
                        ticks: { precision: 0 },
                      },
                    }
                  : {}),
              },
        },
        plugins: [
          {
            id: 'axis-room',
            // What each axis drew and the room it had, for anyone (tests, tools) checking that no label runs off the canvas.
            afterDraw: (c: {
              scales: Record<string, { ticks: { label?: unknown }[]; left: number; right: number; width: number }>;
              width: number;
            }) => {
              if (!canvas.current) return;
              const axes = Object.entries(c.scales).map(([id, s]) => ({
                id,
                labels: s.ticks.map((t) => (Array.isArray(t.label) ? t.label.join(' ') : String(t.label ?? ''))),
                left: Math.round(s.left),
                right: Math.round(s.right),
                width: Math.round(s.width),
              }));
              canvas.current.dataset.axes = JSON.stringify({ width: c.width, category, axes });
            },
          },
        ],
      });
      // What was drawn, for anyone (tests, tools) comparing the picture with the table.
      canvas.current.dataset.values = JSON.stringify(chart.series.map((s) => s.values));
      canvas.current.dataset.rendered = 'true';
    });
    return () => {
      destroyed = true;
      instance?.destroy();
    };
  }, [chart, currency, locale]);
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
