/**
 * The curve chart's option from a history reply. Values are stored only when they change, so a
 * curve starts with the value that held when the range began (`previous`) and holds its last
 * value to the end of the range; on/off channels (DO, DI, online) are drawn as steps on their
 * own 0/1 axis at the right, measured values on the left.
 */
import type { HistoryReply, HistorySeries } from '../../../api/history';
import { formatDateTime } from '../../../api/history';
import { colourDot, element } from '../../../components/dom';
import type { ChartOption } from './echarts-setup';

const DIGITAL = new Set(['do', 'di', 'online']);

export const isDigital = (s: Pick<HistorySeries, 'kind'>): boolean => DIGITAL.has(s.kind);

/** [time, value] pairs of one curve over the range. */
export function curvePoints(series: HistorySeries, from: number, to: number): [number, number][] {
  const digital = isDigital(series);
  const data: [number, number][] = [];
  if (series.previous) data.push([from, series.previous.value]);
  for (const p of series.points) {
    const value = digital ? p.last : (p.avg ?? p.last);
    // A bucket that starts before the range (the first one may) is drawn at the range's start.
    data.push([Math.max(from, p.t), value]);
  }
  const last = data.at(-1);
  if (last && last[0] < to) data.push([to, digital ? last[1] : (series.points.at(-1)?.last ?? last[1])]);
  return data;
}

export interface OptionLabels {
  /** The legend name of a series. */
  readonly seriesName: (s: HistorySeries) => string;
  /** Names of the two value axes. */
  readonly valueAxis: string;
  readonly stateAxis: string;
}

interface TooltipParam {
  readonly color?: unknown;
  readonly seriesName?: string;
  readonly value?: unknown;
  readonly axisValue?: unknown;
}

/** The tooltip of the curves: series names are the user's channel names, so it is built as text. */
function tooltip(params: TooltipParam | TooltipParam[]): HTMLElement {
  const list = Array.isArray(params) ? params : [params];
  const root = element('div');
  const first = list[0];
  if (!first) return root;
  const time = Number(first.axisValue ?? (Array.isArray(first.value) ? first.value[0] : NaN));
  if (Number.isFinite(time)) root.append(element('div', { text: formatDateTime(time) }));
  for (const p of list) {
    const value = Array.isArray(p.value) ? p.value[1] : p.value;
    root.append(
      element(
        'div',
        {},
        ...(typeof p.color === 'string' ? [colourDot(p.color, 10)] : []),
        `${p.seriesName ?? ''}: `,
        element('b', { text: formatValue(value) }),
      ),
    );
  }
  return root;
}

/** Time axis labels by level: dates as MM-dd, times as HH:mm. */
export const TIME_LABELS = {
  year: '{yyyy}',
  month: '{yyyy}-{MM}',
  day: '{MM}-{dd}',
  hour: '{HH}:{mm}',
  minute: '{HH}:{mm}',
  second: '{HH}:{mm}:{ss}',
  millisecond: '{HH}:{mm}:{ss}',
};

/** Values as people read them: at most 3 decimals, no trailing zeros. */
export const formatValue = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(Number(value.toFixed(3)))
    : String(value ?? '');

/** Only the 0 and 1 of the state axis are labelled. */
const stateLabel = (value: number): string =>
  Math.abs(value) < 1e-9 ? '0' : Math.abs(value - 1) < 1e-9 ? '1' : '';

export function historyOption(reply: HistoryReply, labels: OptionLabels, now = Date.now()): ChartOption {
  const from = Date.parse(reply.from);
  const to = Math.min(Date.parse(reply.to), now);
  const hasDigital = reply.series.some(isDigital);
  const hasAnalog = reply.series.some((s) => !isDigital(s));
  return {
    animation: false,
    grid: { left: 56, right: hasDigital ? 56 : 24, top: 72, bottom: 72 },
    legend: { type: 'scroll', top: 8 },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltip },
    xAxis: {
      type: 'time',
      min: from,
      max: to,
      axisLabel: { hideOverlap: true, formatter: TIME_LABELS },
    },
    yAxis: [
      { type: 'value', name: hasAnalog ? labels.valueAxis : '', scale: true, show: hasAnalog || !hasDigital },
      {
        type: 'value',
        name: labels.stateAxis,
        // A little room around 0 and 1 keeps a state line off the axis and the frame.
        min: -0.2,
        max: 1.2,
        interval: 0.2,
        axisLabel: { formatter: stateLabel },
        show: hasDigital,
        splitLine: { show: false },
      },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 16, height: 24 },
    ],
    series: reply.series.map((s) => ({
      type: 'line' as const,
      name: labels.seriesName(s),
      yAxisIndex: isDigital(s) ? 1 : 0,
      step: isDigital(s) ? ('end' as const) : undefined,
      showSymbol: false,
      sampling: isDigital(s) ? undefined : ('lttb' as const),
      data: curvePoints(s, from, to),
    })),
  };
}
