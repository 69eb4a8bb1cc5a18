/** Draws a chart on its canvas once hydrated; Chart.js is a chunk of its own, imported only here. */
import { useEffect, type RefObject } from 'react';
import type { ChartSpec } from '../../src/domain/charts.ts';
import { drawChart } from './draw.ts';

export function useChart(
  canvas: RefObject<HTMLCanvasElement | null>,
  chart: ChartSpec,
  currency: string,
  locale: string,
) {
  useEffect(() => {
    let destroyed = false;
    let instance: { destroy(): void } | undefined;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (destroyed || !canvas.current) return;
      instance = drawChart(Chart, canvas.current, () => canvas.current, chart, currency, locale);
    });
    return () => {
      destroyed = true;
      instance?.destroy();
    };
  }, [chart, currency, locale]);
}
