/**
 * An AI or AO as a sparkline of the values seen since the view opened (trend.ts: no history is
 * read), over the widget's window, scaled to the lowest and highest value seen.
 */
import { memo } from 'react';
import { useTrendSeries } from '../trend';
import type { TrendSample } from '../trend';
import { NO_VALUE, readingOf } from '../values';
import type { DiagramValues } from '../values';
import { missingWord, passageOf } from './types';
import type { ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'trend'>;
  readonly values: DiagramValues;
  readonly known: boolean;
  readonly words: ViewWords;
  readonly now: () => number;
}

/** The polyline's points: time across the window ending at the last sample, values top to bottom. */
export function sparkline(
  samples: readonly TrendSample[],
  windowMs: number,
  width: number,
  height: number,
): string {
  const last = samples.at(-1);
  if (!last) return '';
  const low = Math.min(...samples.map((s) => s.value));
  const high = Math.max(...samples.map((s) => s.value));
  const pad = height * 0.1;
  const y = (v: number): number =>
    high === low ? height / 2 : pad + (height - 2 * pad) * (1 - (v - low) / (high - low));
  const x = (at: number): number => width * (1 - (last.at - at) / windowMs);
  const points = samples.map((s) => `${x(s.at).toFixed(2)},${y(s.value).toFixed(2)}`);
  // One sample: a short level line, so there is something to see.
  return samples.length === 1
    ? `${(width * 0.95).toFixed(2)},${y(last.value).toFixed(2)} ${points[0]}`
    : points.join(' ');
}

export default memo(function TrendWidget({ widget, values, known, words, now }: Props) {
  const { width: w, height: h } = widget;
  const samples = useTrendSeries(widget.binding, widget.minutes, values, now);
  const reading = readingOf(values, widget.binding);
  const name = reading?.name || passageOf(widget.binding);
  const text = reading?.value === undefined ? NO_VALUE : reading.text;
  return (
    <g data-samples={samples.length}>
      <title>{words.state(name, reading?.value === undefined ? missingWord(words, known) : text)}</title>
      <rect width={w} height={h} fill="#ffffff" fillOpacity={0.6} stroke="#d9d9d9" />
      {samples.length > 0 ? (
        <polyline
          className="diagram-trend-line"
          points={sparkline(samples, widget.minutes * 60_000, w, h)}
          fill="none"
          stroke={widget.color}
          strokeWidth={Math.max(1, Math.min(w, h) * 0.03)}
          strokeLinejoin="round"
        />
      ) : (
        <text
          x={w / 2}
          y={h / 2}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={Math.max(6, h * 0.3)}
          fill="#8c8c8c"
        >
          {NO_VALUE}
        </text>
      )}
    </g>
  );
});
