/**
 * A chart drawn by ECharts, loaded on first use (a separate chunk, see echarts-setup.ts). The
 * chart follows its box's size. Where there is no canvas to draw on (the jsdom of component
 * tests) nothing is loaded and the box stays empty.
 */
import { Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Setup from './echarts-setup';
import type { ChartOption } from './echarts-setup';

type EChartsModule = typeof Setup;
type Chart = ReturnType<EChartsModule['echarts']['init']>;

let loading: Promise<EChartsModule> | null = null;

/** Loads ECharts once, for every chart of the page. */
export function loadECharts(): Promise<EChartsModule> {
  loading ??= import('./echarts-setup').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** jsdom has no canvas: charts are not drawn there. */
export const canDrawCharts = (): boolean =>
  typeof window !== 'undefined' && !/jsdom/i.test(window.navigator.userAgent);

export interface EChartProps {
  readonly option: ChartOption;
  readonly height?: number | string;
  readonly style?: CSSProperties;
  /** Replace the whole option on change (a new query) instead of merging into it. */
  readonly notMerge?: boolean;
  readonly 'aria-label'?: string;
}

export default function EChart({ option, height = 360, style, notMerge = true, ...rest }: EChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canDrawCharts()) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadECharts().then(
      ({ echarts }) => {
        if (disposed || !box.current) return;
        chart.current = echarts.init(box.current);
        const element = box.current;
        // A view kept in the cache but not shown has no size: nothing to draw until it is back.
        observer = new ResizeObserver(() => {
          if (element.clientWidth > 0 && element.clientHeight > 0) chart.current?.resize();
        });
        observer.observe(element);
        setReady(true);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge });
  }, [ready, option, notMerge]);

  return (
    <div style={{ position: 'relative', height, ...style }}>
      <div ref={box} role="img" aria-label={rest['aria-label']} style={{ position: 'absolute', inset: 0 }} />
      {!ready && !failed && canDrawCharts() ? (
        <Spin style={{ position: 'absolute', top: '45%', left: '50%', transform: 'translate(-50%, -50%)' }} />
      ) : null}
      {failed ? (
        <Typography.Text
          type="danger"
          style={{ position: 'absolute', top: '45%', width: '100%', textAlign: 'center' }}
        >
          {t('history.chartFailed')}
        </Typography.Text>
      ) : null}
    </div>
  );
}
