/** A DO or DI as a lamp: its on colour with a glow while on, its off colour otherwise. */
import { memo } from 'react';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'lamp'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
}

export default memo(function LampWidget({ widget, reading, known, words }: Props) {
  const { width: w, height: h } = widget;
  const on = reading?.on;
  const r = Math.max(1, (Math.min(w, h) / 2) * 0.72);
  const name = reading?.name || passageOf(widget.binding);
  const state = on === undefined ? missingWord(words, known) : on ? words.on : words.off;
  return (
    <g data-state={on === undefined ? 'unknown' : on ? 'on' : 'off'}>
      <title>{words.state(name, state)}</title>
      {on && (
        <circle
          className="diagram-lamp-glow"
          cx={w / 2}
          cy={h / 2}
          r={r * 1.35}
          fill={widget.onColor}
          fillOpacity={0.35}
        />
      )}
      <circle
        className="diagram-lamp"
        cx={w / 2}
        cy={h / 2}
        r={r}
        fill={on ? widget.onColor : widget.offColor}
        stroke="#00000026"
        strokeWidth={Math.max(1, r * 0.08)}
      />
      {on === undefined && (
        <text x={w / 2} y={h / 2} textAnchor="middle" dominantBaseline="central" fontSize={r} fill="#595959">
          {NO_VALUE}
        </text>
      )}
    </g>
  );
});
