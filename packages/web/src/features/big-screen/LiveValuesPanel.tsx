/**
 * The channels the user picked for the wall, each with its equipment's name, the channel's name,
 * its value with its unit (or On/Off) and the alarm colour when it alarms. The readings are the
 * diagrams' (useDiagramValues over a document binding the picked channels): the same scaling,
 * alarms and '—' before a value arrives as the equipment page, and a push repaints only the
 * equipment it touched.
 */
import { DIAGRAM_FORMAT, DIAGRAM_VERSION, DiagramDocument } from '@fieldlink/protocol';
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_VALUE, readingOf, useDiagramValues } from '../../diagrams';
import type { ChannelPick } from './layout';
import { pickKey } from './layout';
import Panel, { PanelNote } from './Panel';
import type { PanelProps } from './Panel';

/** A document binding each pick once (a lamp for DO/DI, a value for AI/AO): what the readings need. */
export function picksDocument(picks: readonly ChannelPick[]): DiagramDocument {
  return DiagramDocument.parse({
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { background: {}, grid: {} },
    widgets: picks.map((p, i) => ({
      id: `pick-${i}`,
      kind: p.kind === 'ai' || p.kind === 'ao' ? 'value' : 'lamp',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      binding: { equipmentId: p.equipmentId, channel: { kind: p.kind, index: p.index } },
    })),
  });
}

/**
 * The grid of `count` values: one to three columns, as many rows as needed, each row a share of
 * the panel's height (big-screen.css sizes the text by it), so every picked value is in view.
 */
export function grid(count: number): CSSProperties {
  const columns = count <= 3 ? 1 : count <= 8 ? 2 : 3;
  return { '--bs-columns': columns, '--bs-rows': Math.max(1, Math.ceil(count / columns)) } as CSSProperties;
}

export default function LiveValuesPanel({
  channels,
  ...frame
}: Omit<PanelProps, 'children'> & { readonly channels: readonly ChannelPick[] }) {
  const { t } = useTranslation();
  const document = useMemo(() => picksDocument(channels), [channels]);
  const values = useDiagramValues(document);
  return (
    <Panel {...frame}>
      {channels.length === 0 ? (
        <PanelNote>{t('bigScreen.values.none')}</PanelNote>
      ) : (
        <div className="bs-values-box">
          <ul className="bs-values" data-testid="bs-values" style={grid(channels.length)}>
            {channels.map((pick) => {
              const equipment = values.get(pick.equipmentId);
              const reading = readingOf(values, {
                equipmentId: pick.equipmentId,
                channel: { kind: pick.kind, index: pick.index },
              });
              const passage = `${pick.kind.toUpperCase()}${pick.index}`;
              const alarm = reading?.alarm === true;
              return (
                <li key={pickKey(pick)} className={alarm ? 'bs-value bs-value-alarm' : 'bs-value'}>
                  <span className="bs-value-device">
                    {equipment?.name ?? t('bigScreen.values.unknown', { id: pick.equipmentId })}
                  </span>
                  <span className="bs-value-name">
                    {reading && reading.name !== passage ? `${passage} ${reading.name}` : passage}
                  </span>
                  <span className="bs-value-reading" data-alarm={alarm ? 'true' : 'false'}>
                    {reading?.text ?? NO_VALUE}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Panel>
  );
}
