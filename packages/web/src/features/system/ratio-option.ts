/** The online-ratio chart: percent of the user's equipment online, per bucket, as an area line. */
import { formatDateTime } from '../../api/history';
import { element } from '../../components/dom';
import type { ChartOption } from '../history/chart/echarts-setup';
import { TIME_LABELS } from '../history/chart/history-option';
import type { RatioPoint } from './online-ratio';

interface TooltipParam {
  readonly value?: unknown;
}

export function ratioOption(points: readonly RatioPoint[], seriesName: string, to: number): ChartOption {
  const data = points.map((p): [number, number | null] => [
    p.t,
    p.ratio === null ? null : Math.round(p.ratio * 1000) / 10,
  ]);
  // The last bucket's value holds to the end of the window.
  const last = data.at(-1);
  if (last && last[0] < to) data.push([to, last[1]]);
  return {
    animation: false,
    grid: { left: 48, right: 24, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      // Built as text, as every tooltip is (components/dom.ts).
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const first = Array.isArray(params) ? params[0] : params;
        const value = Array.isArray(first?.value) ? (first.value as unknown[]) : [];
        const t = Number(value[0]);
        const v = value[1];
        return element(
          'div',
          {},
          element('div', { text: Number.isFinite(t) ? formatDateTime(t) : '' }),
          element('div', {}, `${seriesName}: `, element('b', { text: `${String(v ?? '-')}%` })),
        );
      },
    },
    xAxis: {
      type: 'time',
      min: points[0]?.t,
      max: to,
      axisLabel: { hideOverlap: true, formatter: TIME_LABELS },
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        type: 'line',
        name: seriesName,
        step: 'end',
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data,
      },
    ],
  };
}
