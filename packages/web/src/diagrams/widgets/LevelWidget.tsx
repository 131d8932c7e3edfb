/** An AI or AO as a tank filled in proportion to where the value lies in the range (clamped). */
import { memo } from 'react';
import { fractionOf } from '../readouts';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'level'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
}

export default memo(function LevelWidget({ widget, reading, known, words }: Props) {
  const { width: w, height: h } = widget;
  const value = reading?.value;
  const fraction = fractionOf(value, widget.min, widget.max);
  const inset = Math.max(1, Math.min(w, h) * 0.04);
  const innerW = Math.max(0, w - 2 * inset);
  const innerH = Math.max(0, h - 2 * inset);
  const vertical = widget.orientation === 'vertical';
  const fill = vertical
    ? { x: inset, y: inset + innerH * (1 - fraction), width: innerW, height: innerH * fraction }
    : { x: inset, y: inset, width: innerW * fraction, height: innerH };
  const alarm = value !== undefined && reading?.alarm === true;
  const text = reading?.value === undefined ? NO_VALUE : reading.text;
  const name = reading?.name || passageOf(widget.binding);
  return (
    <g data-fraction={fraction} data-alarm={alarm || undefined}>
      <title>{words.state(name, value === undefined ? missingWord(words, known) : text)}</title>
      <rect
        x={inset / 2}
        y={inset / 2}
        width={w - inset}
        height={h - inset}
        rx={Math.min(w, h) * 0.08}
        fill="#fafafa"
        stroke={alarm ? '#ff4d4f' : '#8c8c8c'}
        strokeWidth={inset}
      />
      {value !== undefined && <rect className="diagram-level-fill" {...fill} fill={widget.fill} />}
      <text
        x={w / 2}
        y={h / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={Math.max(6, Math.min(w, h) * 0.2)}
        fill="#1f1f1f"
      >
        {text}
      </text>
    </g>
  );
});
