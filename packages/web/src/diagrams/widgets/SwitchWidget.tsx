/**
 * A DO as a toggle: its track and knob, its label (or the channel's name) and its state. A button
 * for assistive technology (pressed = on); clicking asks to close an output that is on and to
 * open one that is off. Not operable without an operation handler or before its state is known.
 */
import { memo } from 'react';
import type { KeyboardEvent } from 'react';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';
import { missingWord, passageOf } from './types';
import type { Operate, ViewWords, WidgetOf } from './types';

interface Props {
  readonly widget: WidgetOf<'switch'>;
  readonly reading: ChannelReading | undefined;
  readonly known: boolean;
  readonly words: ViewWords;
  readonly operate: Operate | undefined;
}

export default memo(function SwitchWidget({ widget, reading, known, words, operate }: Props) {
  const { width: w, height: h, binding } = widget;
  const name = widget.label || reading?.name || passageOf(binding);
  const on = reading?.on;
  const shown = on === undefined ? NO_VALUE : on ? words.on : words.off;
  const state = on === undefined ? missingWord(words, known) : shown;
  const enabled = operate !== undefined && on !== undefined;
  const act = (): void => {
    if (operate && on !== undefined) operate({ binding, action: on ? 'close' : 'open' });
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    act();
  };
  const trackH = Math.max(2, Math.min(h * 0.6, w * 0.3));
  const trackW = trackH * 1.8;
  const top = (h - trackH) / 2;
  const knob = trackH / 2 - Math.max(1, trackH * 0.1);
  const fontSize = Math.max(6, Math.min(h * 0.32, 24));
  const textX = trackW + trackH * 0.4;
  return (
    <g
      role="button"
      aria-label={words.state(name, state)}
      aria-pressed={on === undefined ? undefined : on}
      aria-disabled={enabled ? undefined : true}
      tabIndex={enabled ? 0 : undefined}
      className={enabled ? 'diagram-operable' : undefined}
      data-state={on === undefined ? 'unknown' : on ? 'on' : 'off'}
      onClick={enabled ? act : undefined}
      onKeyDown={enabled ? onKeyDown : undefined}
    >
      <rect width={w} height={h} fill="transparent" />
      <rect y={top} width={trackW} height={trackH} rx={trackH / 2} fill={on ? '#52c41a' : '#bfbfbf'} />
      <circle cx={on ? trackW - trackH / 2 : trackH / 2} cy={h / 2} r={knob} fill="#ffffff" />
      <text x={textX} y={h / 2} dy="-0.15em" fontSize={fontSize} fill="#1f1f1f">
        {name}
      </text>
      <text x={textX} y={h / 2} dy="1em" fontSize={fontSize * 0.85} fill="#595959" data-role="state">
        {shown}
      </text>
    </g>
  );
});
