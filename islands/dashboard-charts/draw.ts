/**
 * One dashboard chart drawn by Chart.js from the same props as its table: the datasets, the
 * axes (compact and level on a phone), and what was drawn written onto the canvas for checks.
 */
import type { Chart as ChartJs, ChartConfiguration } from 'chart.js';
import {
  chartLabelChars,
  cutChartLabel,
  formatChartValue,
  formatCompactChartValue,
  type ChartSpec,
} from '../../src/domain/charts.ts';

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

/** The canvas as it is now (null once the chart's component is gone). */
type Canvas = () => HTMLCanvasElement | null;

type Format = {
  fmt: (v: number, i?: number) => string;
  tick: (v: number, i?: number) => string;
  narrow: () => boolean;
};

function formatsOf(chart: ChartSpec, canvas: Canvas, currency: string, locale: string): Format {
  const fmt = (v: number, i = 0) => formatChartValue(v, chart.series[i]?.format ?? 'count', currency, locale);
  // On a phone the value axis is compact and level, and a bar's name is cut shorter, so neither runs off the canvas.
  const narrow = () => (canvas()?.clientWidth ?? 1000) < 480;
  const tick = (v: number, i = 0) =>
    narrow() ? formatCompactChartValue(v, chart.series[i]?.format ?? 'count', currency, locale) : fmt(v, i);
  return { fmt, tick, narrow };
}

/** A count beside money gets an axis of its own (right), or it would lie flat on the money scale. */
const isMixed = (chart: ChartSpec) => chart.series.some((s) => s.format !== chart.series[0].format);

function datasetsOf(chart: ChartSpec) {
  const doughnut = chart.kind === 'doughnut';
  const mixed = isMixed(chart);
  return chart.series.map((s, i) => ({
    label: s.label,
    data: s.values,
    backgroundColor: doughnut ? chart.labels.map((_, j) => PALETTE[j % PALETTE.length]) : PALETTE[i % PALETTE.length],
    borderColor: doughnut ? '#fff' : PALETTE[i % PALETTE.length],
    borderWidth: chart.kind === 'line' ? 2 : 1,
    pointRadius: chart.kind === 'line' ? 0 : undefined,
    tension: 0.25,
    fill: false,
    yAxisID: mixed && s.format !== chart.series[0].format ? 'y1' : undefined,
  }));
}

function scalesOf(chart: ChartSpec, canvas: Canvas, { tick, narrow }: Format) {
  if (chart.kind === 'doughnut') return {};
  return {
    [chart.horizontal ? 'x' : 'y']: {
      beginAtZero: true,
      ticks: {
        callback: (v: string | number) => tick(Number(v)),
        ...(chart.horizontal ? { maxRotation: 0, autoSkipPadding: 12, ...(narrow() ? { maxTicksLimit: 3 } : {}) } : {}),
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
                cutChartLabel(chart.labels[Number(v)] ?? String(v), chartLabelChars(canvas()?.clientWidth ?? 1000)),
            }
          : {}),
      },
    },
    ...(isMixed(chart)
      ? {
          y1: {
            position: 'right' as const,
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { precision: 0 },
          },
        }
      : {}),
  };
}

type DrawnScales = {
  scales: Record<string, { ticks: { label?: unknown }[]; left: number; right: number; width: number }>;
  width: number;
};

/** What each axis drew and the room it had, for anyone (tests, tools) checking that no label runs off the canvas. */
function axisRoom(canvas: Canvas, category: 'x' | 'y') {
  return {
    id: 'axis-room',
    afterDraw: (c: DrawnScales) => {
      const el = canvas();
      if (!el) return;
      const axes = Object.entries(c.scales).map(([id, s]) => ({
        id,
        labels: s.ticks.map((t) => (Array.isArray(t.label) ? t.label.join(' ') : String(t.label ?? ''))),
        left: Math.round(s.left),
        right: Math.round(s.right),
        width: Math.round(s.width),
      }));
      el.dataset.axes = JSON.stringify({ width: c.width, category, axes });
    },
  };
}

function configOf(chart: ChartSpec, canvas: Canvas, currency: string, locale: string): ChartConfiguration {
  const format = formatsOf(chart, canvas, currency, locale);
  const doughnut = chart.kind === 'doughnut';
  return {
    type: chart.kind,
    data: { labels: chart.labels, datasets: datasetsOf(chart) },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: chart.horizontal ? 'y' : 'x',
      locale,
      plugins: {
        legend: { display: doughnut || chart.series.length > 1, position: 'bottom' },
        tooltip: {
          callbacks: { label: (ctx) => `${ctx.dataset.label}: ${format.fmt(Number(ctx.raw), ctx.datasetIndex)}` },
        },
      },
      scales: scalesOf(chart, canvas, format),
    },
    plugins: [axisRoom(canvas, chart.horizontal ? 'y' : 'x')],
  };
}

/** Draws `chart` on `el` and marks the canvas with what was drawn, for anyone (tests, tools) comparing it with the table. */
export function drawChart(
  Chart: typeof ChartJs,
  el: HTMLCanvasElement,
  canvas: Canvas,
  chart: ChartSpec,
  currency: string,
  locale: string,
): { destroy(): void } {
  const instance = new Chart(el, configOf(chart, canvas, currency, locale));
  el.dataset.values = JSON.stringify(chart.series.map((s) => s.values));
  el.dataset.rendered = 'true';
  return instance;
}
