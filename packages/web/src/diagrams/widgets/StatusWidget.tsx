/** A whole equipment as a badge: online, offline or alarm (readouts.ts `statusOf`), '—' when unknown. */
import { memo } from 'react';
import { statusOf } from '../readouts';
import type { EquipmentStatus } from '../readouts';
import { NO_VALUE } from '../values';
import type { EquipmentValues } from '../values';
import type { ViewWords, WidgetOf } from './types';

const COLOURS: Record<EquipmentStatus | 'unknown', string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#ff4d4f',
  unknown: '#bfbfbf',
};

export default memo(function StatusWidget({
  widget,
  equipment,
  words,
}: {
  readonly widget: WidgetOf<'status'>;
  readonly equipment: EquipmentValues | undefined;
  readonly words: ViewWords;
}) {
  const { width: w, height: h } = widget;
  const status = equipment ? statusOf(equipment) : undefined;
  const colour = COLOURS[status ?? 'unknown'];
  const word = status ? words[status] : NO_VALUE;
  const fontSize = Math.max(6, Math.min(h * 0.5, w * 0.2));
  return (
    <g data-status={status ?? 'unknown'}>
      <title>{equipment ? words.state(equipment.name, word) : words.unknown}</title>
      <rect width={w} height={h} rx={Math.min(h, w) / 2} fill={colour} fillOpacity={0.12} stroke={colour} />
      <circle cx={h / 2} cy={h / 2} r={Math.max(1, h * 0.16)} fill={colour} />
      <text x={h * 0.9} y={h / 2} dominantBaseline="central" fontSize={fontSize} fill={colour}>
        {word}
      </text>
    </g>
  );
});
