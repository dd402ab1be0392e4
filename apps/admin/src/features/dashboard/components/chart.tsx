import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { type ChartOption, initChart } from './echarts';

/**
 * One chart on a canvas, redrawn when its option changes and resized with the space it is given (the window, the
 * menu folding away). The canvas says nothing to a screen reader: `label` is what it shows, in words.
 */
export function Chart({ option, label }: { option: ChartOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = initChart(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="dashboard-chart-canvas" role="img" aria-label={label} />;
}
