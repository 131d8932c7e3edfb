/**
 * Analog outputs: the value after scaling with its unit, and for users who may operate, a field
 * to set it within the output's limits (fAOMin/fAOMax, raw; 400-2000 when both are 0), shown
 * and typed in the scaled unit. What is typed is checked before anything is written (ao-entry.ts):
 * a value that is not a number, or is outside the range, is refused with the reason under the
 * field and stays there to be corrected; nothing is brought within the range silently. One output is written as one register (waohex at the type's AO
 * register + index), so the other outputs are never rewritten with values read a while ago. A
 * user who confirms operations with the password is asked it before each write (use-operation.ts).
 * Outputs the device does not have (it refused their registers) show '—' with the reason and no
 * field.
 */
import { aoLimits, clampAo, scaleToDisplay, scaleToRaw } from '@fieldlink/protocol';
import type { ChannelView, ScalingPoints } from '@fieldlink/protocol';
import { Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { scalingPoints } from '../../equipment/channels';
import { readAoEntry } from './ao-entry';
import type { AoEntryProblem } from './ao-entry';
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
/** The range of output `index` (from 0) in the shown unit, low first. */
export function aoRangeOf(
  record: Pick<Equipment, 'counts' | 'settings'>,
  index: number,
): { min: number; max: number } {
  const points = scalingPoints(record.settings.ao, record.counts.ao)[index] ?? { x1: 0, x2: 0, y1: 0, y2: 0 };
  return displayRange(record.settings.ao.min[index] ?? 0, record.settings.ao.max[index] ?? 0, points);
}

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
  const points = scalingPoints(record.settings.ao, record.counts.ao);

  return (
    <Card size="small" title={t('monitoring.ao.title')}>
      <div className="channel-grid" data-kind="ao">
        {views.map((view) => {
          const p = points[view.id] ?? { x1: 0, x2: 0, y1: 0, y2: 0 };
          const min = record.settings.ao.min[view.id] ?? 0;
          const max = record.settings.ao.max[view.id] ?? 0;
          const range = displayRange(min, max, p);
          const write = (value: number): Promise<boolean> => {
            const operation = aoWriteOf(record, view.id, value);
            const shown = scaleToDisplay(operation.raw, p);
            return run({ opr: 'waohex', aoinfos: operation.aoinfos }, `ao${view.id}`, {
              label: `${view.name}: ${t('monitoring.ao.set')}`,
              question: t('monitoring.ao.confirm', { name: view.name, value: withUnit(shown, view.unit) }),
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
                <AoField view={view} range={range} busy={pending.has(`ao${view.id}`)} write={write} />
              )}
            </div>
          );
        })}
      </div>
      {prompt}
    </Card>
  );
}

/** A value with its unit, as the panel shows it ('100 %'). */
function withUnit(value: number, unit: string): string {
  return `${formatValue(value)}${unit ? ` ${unit}` : ''}`;
}

/**
 * The field and Set button of one output. The reason a typed value cannot be written shows under
 * the field as it is typed (an empty field only once Set or Enter was tried); Set and Enter then
 * write nothing. The field empties once a value is written.
 */
function AoField({
  view,
  range,
  busy,
  write,
}: {
  readonly view: ChannelView;
  readonly range: { readonly min: number; readonly max: number };
  readonly busy: boolean;
  readonly write: (value: number) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const errorId = useId();
  const entry = readAoEntry(text, range);
  const problem: AoEntryProblem | null =
    'problem' in entry && (entry.problem !== 'empty' || tried) ? entry.problem : null;
  const message =
    problem === null
      ? null
      : t(`monitoring.ao.problems.${problem}`, {
          min: withUnit(range.min, view.unit),
          max: withUnit(range.max, view.unit),
        });

  // Enter reads the field itself: it may fire before the last keystroke is drawn.
  const submit = (typed: string): void => {
    setTried(true);
    const read = readAoEntry(typed, range);
    if (!('value' in read)) return;
    void write(read.value).then((ok) => {
      if (ok) {
        setText('');
        setTried(false);
      }
    });
  };

  return (
    <Flex vertical gap={2} style={{ maxWidth: 180 }}>
      <Space.Compact size="small">
        <Input
          size="small"
          style={{ width: 96 }}
          inputMode="decimal"
          value={text}
          placeholder={formatValue(view.value)}
          status={message === null ? undefined : 'error'}
          aria-label={t('monitoring.ao.value', { name: view.name })}
          aria-invalid={message !== null}
          aria-describedby={message === null ? undefined : errorId}
          onChange={(e) => {
            setText(e.target.value);
            setTried(false);
          }}
          onPressEnter={(e) => submit(e.currentTarget.value)}
        />
        <Button size="small" type="primary" loading={busy} onClick={() => submit(text)}>
          {t('monitoring.ao.set')}
        </Button>
      </Space.Compact>
      {message !== null && (
        <Typography.Text type="danger" id={errorId} role="alert" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      )}
    </Flex>
  );
}
