/** An AI or AO as text: the value with the widget's decimals and unit, in the alarm colour while it alarms. */
import { memo } from 'react';
import { fixed } from '../readouts';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'value'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
}

export default memo(function ValueWidget({ widget, reading, known, words }: Props) {
  const value = reading?.value;
  const unit = widget.showUnit && reading?.unit ? ` ${reading.unit}` : '';
  const text = value === undefined ? fixed(value, 0) : `${fixed(value, widget.decimals)}${unit}`;
  const alarm = value !== undefined && reading?.alarm === true;
  const name = reading?.name || passageOf(widget.binding);
  return (
    <g data-alarm={alarm || undefined}>
      <title>{words.state(name, value === undefined ? missingWord(words, known) : text)}</title>
      <text
        x={widget.width / 2}
        y={widget.height / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={widget.fontSize}
        fill={alarm ? widget.alarmColor : widget.color}
      >
        {text}
      </text>
    </g>
  );
});
