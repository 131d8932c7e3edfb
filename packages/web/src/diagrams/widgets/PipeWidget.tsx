/**
 * A pipe: a polyline (points relative to the widget's frame) and, while its flow channel is on
 * or above the threshold, a dashed overlay that moves along it (diagrams.css; still under
 * prefers-reduced-motion).
 */
import { memo } from 'react';
import type { CSSProperties } from 'react';
import { flows } from '../readouts';
import type { ChannelReading } from '../values';
import type { WidgetOf } from './types';

export default memo(function PipeWidget({
  widget,
  flow,
}: {
  readonly widget: WidgetOf<'pipe'>;
  /** The reading of the widget's `flow` binding. */
  readonly flow: ChannelReading | undefined;
}) {
  const points = widget.points.map((p) => `${p.x},${p.y}`).join(' ');
  const flowing = widget.flow !== null && flows(flow, widget.threshold);
  const dash = Math.max(2, widget.thickness * 1.5);
  // The animation moves the dashes by one period of the pattern (see diagrams.css).
  const period = { '--diagram-flow-period': `${2 * dash}px` } as CSSProperties;
  return (
    <g data-flowing={flowing}>
      <polyline
        points={points}
        fill="none"
        stroke={widget.color}
        strokeWidth={widget.thickness}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {flowing && (
        <polyline
          className="diagram-pipe-flow"
          points={points}
          fill="none"
          stroke={widget.flowColor}
          strokeWidth={Math.max(1, widget.thickness * 0.45)}
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeDasharray={`${dash} ${dash}`}
          style={period}
        />
      )}
    </g>
  );
});
