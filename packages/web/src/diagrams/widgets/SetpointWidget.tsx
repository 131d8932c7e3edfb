/**
 * An AO with − and + buttons around its value: each asks to write the value one step lower or
 * higher, within the output's range when the reading carries it. Not operable without an
 * operation handler, before a value is known, or at the end of the range.
 */
import { memo } from 'react';
import type { KeyboardEvent } from 'react';
import { steppedValue } from '../readouts';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { Operate, ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'setpoint'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
  readonly operate: Operate | undefined;
}

function StepButton({
  x,
  size,
  sign,
  label,
  write,
}: {
  readonly x: number;
  readonly size: number;
  readonly sign: '−' | '+';
  readonly label: string;
  /** What pressing does; none when it cannot. */
  readonly write: (() => void) | undefined;
}) {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (!write || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    write();
  };
  return (
    <g
      role="button"
      aria-label={label}
      aria-disabled={write ? undefined : true}
      tabIndex={write ? 0 : undefined}
      className={write ? 'diagram-operable' : undefined}
      onClick={write}
      onKeyDown={write ? onKeyDown : undefined}
    >
      <rect
        x={x}
        width={size}
        height={size}
        rx={size * 0.15}
        fill={write ? '#f0f0f0' : '#fafafa'}
        stroke="#d9d9d9"
      />
      <text
        x={x + size / 2}
        y={size / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={size * 0.6}
        fill={write ? '#1f1f1f' : '#bfbfbf'}
      >
        {sign}
      </text>
    </g>
  );
}

export default memo(function SetpointWidget({ widget, reading, known, words, operate }: Props) {
  const { width: w, height: h, step, binding } = widget;
  const name = reading?.name || passageOf(binding);
  const size = Math.max(1, Math.min(h, w / 3));
  const top = (h - size) / 2;
  const writer = (direction: -1 | 1): (() => void) | undefined => {
    const next = steppedValue(reading, step, direction);
    if (!operate || next === undefined || next === reading?.value) return undefined;
    return () => operate({ binding, action: 'write', value: next });
  };
  const text = reading?.value === undefined ? NO_VALUE : reading.text;
  return (
    <g data-value={reading?.value}>
      <title>{words.state(name, reading?.value === undefined ? missingWord(words, known) : text)}</title>
      <g transform={`translate(0 ${top})`}>
        <StepButton x={0} size={size} sign="−" label={words.decrease(name, step)} write={writer(-1)} />
        <StepButton x={w - size} size={size} sign="+" label={words.increase(name, step)} write={writer(1)} />
      </g>
      <text
        x={w / 2}
        y={h / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={Math.max(6, size * 0.45)}
        fill="#1f1f1f"
      >
        {text}
      </text>
    </g>
  );
});
