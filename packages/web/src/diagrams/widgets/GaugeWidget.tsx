/** An AI or AO as a dial: a 270° arc filled up to the value, a needle clamped to the range, the value below. */
import { memo } from 'react';
import { GAUGE_SWEEP, gaugeAngle } from '../readouts';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'gauge'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
}

/** The point of the circle at `angle` degrees clockwise from straight up. */
function at(cx: number, cy: number, r: number, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  return `${cx + r * Math.sin(rad)} ${cy - r * Math.cos(rad)}`;
}

function arc(cx: number, cy: number, r: number, from: number, to: number): string {
  const large = to - from > 180 ? 1 : 0;
  return `M ${at(cx, cy, r, from)} A ${r} ${r} 0 ${large} 1 ${at(cx, cy, r, to)}`;
}

export default memo(function GaugeWidget({ widget, reading, known, words }: Props) {
  const { width: w, height: h, min, max } = widget;
  const value = reading?.value;
  const angle = gaugeAngle(value, min, max);
  const r = Math.max(1, Math.min(w / 2, h / 2) * 0.85);
  const cx = w / 2;
  const cy = h / 2;
  const stroke = Math.max(1, r * 0.16);
  const start = -GAUGE_SWEEP / 2;
  const alarm = value !== undefined && reading?.alarm === true;
  const text = reading?.value === undefined ? NO_VALUE : reading.text;
  const name = reading?.name || passageOf(widget.binding);
  return (
    <g data-angle={angle} data-alarm={alarm || undefined}>
      <title>{words.state(name, value === undefined ? missingWord(words, known) : text)}</title>
      <path d={arc(cx, cy, r, start, -start)} fill="none" stroke="#f0f0f0" strokeWidth={stroke} />
      {value !== undefined && angle > start && (
        <path
          d={arc(cx, cy, r, start, angle)}
          fill="none"
          stroke={alarm ? '#ff4d4f' : '#1677ff'}
          strokeWidth={stroke}
        />
      )}
      {value !== undefined && (
        <line
          className="diagram-gauge-needle"
          x1={cx}
          y1={cy}
          x2={cx}
          y2={cy - r * 0.8}
          stroke="#1f1f1f"
          strokeWidth={Math.max(1, r * 0.05)}
          strokeLinecap="round"
          transform={`rotate(${angle} ${cx} ${cy})`}
        />
      )}
      <circle cx={cx} cy={cy} r={Math.max(1, r * 0.07)} fill="#1f1f1f" />
      <text
        x={cx}
        y={cy + r * 0.55}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={Math.max(6, r * 0.28)}
        fill={alarm ? '#ff4d4f' : '#1f1f1f'}
      >
        {text}
      </text>
    </g>
  );
});
