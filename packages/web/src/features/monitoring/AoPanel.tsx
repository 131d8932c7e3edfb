/**
 * Analog outputs: the value after scaling with its unit, and for users who may operate, a field
 * to set it within the output's limits (fAOMin/fAOMax, raw; 400-2000 when both are 0), shown
 * and typed in the scaled unit. One output is written as one register (waohex at the type's AO
 * register + index), so the other outputs are never rewritten with values read a while ago. A
 * user who confirms operations with the password is asked it before each write (use-operation.ts).
 * Outputs the device does not have (it refused their registers) show '—' with the reason and no
 * field.
 */
import { aoLimits, clampAo, scaleToDisplay, scaleToRaw } from '@fieldlink/protocol';
import type { ChannelView, ScalingPoints } from '@fieldlink/protocol';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { scalingPoints } from '../../equipment/channels';
import { formatValue } from './format';
import { UnavailableValue } from './UnsupportedAlert';
import { useOperation } from './use-operation';

/** The range of output `index` in the shown unit, low first. */
export function displayRange(min: number, max: number, points: ScalingPoints): { min: number; max: number } {
  const raw = aoLimits(min, max);
  const a = scaleToDisplay(raw.min, points);
  const b = scaleToDisplay(raw.max, points);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** The register write for a shown value: scaled back, a whole number within the limits. */
export function aoWrite(
  value: number,
  index: number,
  aoRegister: number,
  limits: { min: number; max: number },
  points: ScalingPoints,
): { raw: number; aoinfos: string } {
  const raw = clampAo(scaleToRaw(value, points), limits);
  const hex = raw.toString(16).toUpperCase().padStart(4, '0');
  return { raw, aoinfos: `${aoRegister + index}_${hex}` };
}

/** The write that sets output `index` (from 0) of `record` to `value` in its shown unit. */
export function aoWriteOf(
  record: Pick<Equipment, 'counts' | 'settings' | 'aoRegister'>,
  index: number,
  value: number,
): { raw: number; aoinfos: string } {
  const points = scalingPoints(record.settings.ao, record.counts.ao)[index] ?? { x1: 0, x2: 0, y1: 0, y2: 0 };
  const limits = { min: record.settings.ao.min[index] ?? 0, max: record.settings.ao.max[index] ?? 0 };
  return aoWrite(value, index, record.aoRegister, limits, points);
}

interface Props {
  readonly record: Pick<Equipment, 'id' | 'counts' | 'settings' | 'aoRegister'>;
  readonly views: readonly ChannelView[];
  readonly canOperate: boolean;
  /** Why the outputs are not read, when the device does not have them. */
  readonly unavailable?: string | undefined;
}

export default function AoPanel({ record, views, canOperate, unavailable }: Props) {
  const { t } = useTranslation();
  const { pending, run, prompt } = useOperation(record.id);
  const [drafts, setDrafts] = useState<Record<number, number | null>>({});
  // What each field holds now. Enter first brings a typed value within the limits and reports it,
  // then fires before the panel is drawn again: it reads the value from here.
  const latest = useRef(drafts);
  const setDraft = (id: number, value: number | null): void => {
    latest.current = { ...latest.current, [id]: value };
    setDrafts(latest.current);
  };
  const points = scalingPoints(record.settings.ao, record.counts.ao);

  return (
    <Card size="small" title={t('monitoring.ao.title')}>
      <div className="channel-grid" data-kind="ao">
        {views.map((view) => {
          const p = points[view.id] ?? { x1: 0, x2: 0, y1: 0, y2: 0 };
          const min = record.settings.ao.min[view.id] ?? 0;
          const max = record.settings.ao.max[view.id] ?? 0;
          const range = displayRange(min, max, p);
          const draft = drafts[view.id];
          const set = (): void => {
            const value = latest.current[view.id];
            if (value === null || value === undefined) return;
            const write = aoWriteOf(record, view.id, value);
            const shown = scaleToDisplay(write.raw, p);
            void run({ opr: 'waohex', aoinfos: write.aoinfos }, `ao${view.id}`, {
              label: `${view.name}: ${t('monitoring.ao.set')}`,
              question: t('monitoring.ao.confirm', {
                name: view.name,
                value: `${formatValue(shown)}${view.unit ? ` ${view.unit}` : ''}`,
              }),
            }).then((ok) => {
              // The field empties once written; the value shown comes back over the live channel.
              if (ok) setDraft(view.id, null);
            });
          };
          return (
            <div
              key={view.id}
              className="channel-cell"
              data-channel={view.passage}
              data-unavailable={unavailable !== undefined || undefined}
            >
              <div className="channel-text">
                <Typography.Text strong ellipsis title={view.name}>
                  {view.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {view.passage} ·{' '}
                  {t('monitoring.ao.range', { min: formatValue(range.min), max: formatValue(range.max) })}
                </Typography.Text>
              </div>
              {unavailable !== undefined ? (
                <UnavailableValue text={unavailable} channel={view.passage} />
              ) : (
                <span className="channel-value" data-testid={`value-${view.passage}`}>
                  {formatValue(view.value)}
                  {view.unit && <small> {view.unit}</small>}
                </span>
              )}
              {canOperate && unavailable === undefined && (
                <Space.Compact size="small">
                  <InputNumber
                    size="small"
                    style={{ width: 96 }}
                    min={range.min}
                    max={range.max}
                    value={draft ?? undefined}
                    placeholder={formatValue(view.value)}
                    aria-label={t('monitoring.ao.value', { name: view.name })}
                    onChange={(v) => setDraft(view.id, typeof v === 'number' ? v : null)}
                    onPressEnter={set}
                  />
                  <Button size="small" type="primary" loading={pending.has(`ao${view.id}`)} onClick={set}>
                    {t('monitoring.ao.set')}
                  </Button>
                </Space.Compact>
              )}
            </div>
          );
        })}
      </div>
      {prompt}
    </Card>
  );
}
