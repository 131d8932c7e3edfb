/**
 * The Parameters tab's analog channels. Inputs: name, unit, the scaling points, the live reading as
 * saved and as typed, alarm limits and the alarm operation. Outputs: name, unit, the raw limits,
 * the scaling points and the same preview.
 */
import { channelLabel, scaleValue } from '@fieldlink/protocol';
import { Select } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import type { LiveState } from '../../equipment/live-state';
import { ALARM_COLORS } from '../monitoring/InputPanels';
import { ChannelSection, ChannelTable, useFieldLabel } from './channel-fields';
import type { ChannelColumn } from './channel-fields';
import { numberOrNull } from './channel-rules';
import {
  alarmOperationChoices,
  formatAlarmOperation,
  parseAlarmOperation,
} from './parameters-alarm-operation';
import type { AlarmOperation } from './parameters-alarm-operation';
import { useTextColumns } from './parameters-columns';
import type { ParametersContext } from './parameters-columns';
import type { AnalogKind, ParametersDraft } from './parameters-model';
import { previewValue, SCALING_KEYS } from './parameters-model';
import { ScalingPreview } from './ScalingPreview';

interface Props extends ParametersContext {
  readonly record: Equipment;
  readonly live: LiveState | undefined;
}

const SCALING_LABELS = { x1: 'X1', x2: 'X2', y1: 'Y1', y2: 'Y2' } as const;

type PreviewAlarm = Pick<ComponentProps<typeof ScalingPreview>, 'limits' | 'colors'>;

/**
 * The columns inputs and outputs share: name, unit, the scaling points, and the preview of the
 * live reading scaled with the saved points and with the typed ones (with an input's alarm).
 */
function useAnalogColumns(kind: AnalogKind, props: Props) {
  const { t } = useTranslation();
  const text = useTextColumns(kind, props);
  const { record, live, draft } = props;
  const saved = record.settings[kind];
  return {
    text,
    names: text('names', t('configure.parameters.name'), 120),
    units: text('units', t('configure.parameters.unit'), 52),
    points: SCALING_KEYS.map((key) => text(key, SCALING_LABELS[key])),
    preview: (alarm?: (index: number) => PreviewAlarm): ChannelColumn => ({
      key: 'preview',
      title: t('configure.parameters.preview.title'),
      cell: (i, passage) => {
        const raw = live?.known[kind] ? live[kind][i] : undefined;
        return (
          <ScalingPreview
            passage={passage}
            raw={raw}
            saved={
              raw === undefined
                ? 0
                : scaleValue(raw, saved.x1[i] ?? 0, saved.x2[i] ?? 0, saved.y1[i] ?? 0, saved.y2[i] ?? 0)
            }
            typed={raw === undefined ? null : previewValue(raw, draft[kind], i)}
            unit={draft[kind].units[i] ?? ''}
            {...alarm?.(i)}
          />
        );
      },
    }),
  };
}

function useOperationLabel(draft: ParametersDraft): (op: AlarmOperation) => string {
  const { t } = useTranslation();
  return (op) => {
    if (op.kind === 'none') return t('configure.parameters.ai.operation.none');
    if (op.kind === 'other') return t('configure.parameters.ai.operation.other', { text: op.text });
    const passage = channelLabel('DO', op.output - 1);
    const name = draft.do.names[op.output - 1]?.trim() || passage;
    const channel = name === passage ? passage : `${passage} ${name}`;
    return t(`configure.parameters.ai.operation.${op.kind}`, { channel });
  };
}

export function AiParameters(props: Props) {
  const { record, draft, editable, setItem } = props;
  const { t } = useTranslation();
  const operationLabel = useOperationLabel(draft);
  const fieldLabel = useFieldLabel();
  const columns = useAnalogColumns('ai', props);
  const colors = {
    low: record.settings.colors.alarmLow || ALARM_COLORS.low,
    high: record.settings.colors.alarmHigh || ALARM_COLORS.high,
  };
  const limits = (i: number) => {
    const low = numberOrNull(draft.ai.alarmLow[i] ?? '');
    const high = numberOrNull(draft.ai.alarmHigh[i] ?? '');
    return low === null || high === null ? null : { low, high };
  };
  const operation: ChannelColumn = {
    key: 'operation',
    title: t('configure.parameters.ai.operation.title'),
    cell: (i, passage) => {
      const current = draft.ai.alarmOperations[i] ?? '';
      if (!editable) return <span>{operationLabel(parseAlarmOperation(current))}</span>;
      return (
        <Select
          size="small"
          style={{ width: 132 }}
          value={formatAlarmOperation(parseAlarmOperation(current))}
          aria-label={fieldLabel(passage, t('configure.parameters.ai.operation.title'))}
          options={alarmOperationChoices(record.counts.do, current).map((op) => ({
            value: formatAlarmOperation(op),
            label: operationLabel(op),
          }))}
          onChange={(value: string) => setItem('ai', 'alarmOperations', i, value)}
        />
      );
    },
  };
  return (
    <ChannelSection
      title={t('configure.parameters.ai.title')}
      help={`${t('configure.parameters.scalingHelp')} ${t('configure.parameters.ai.alarmHelp')}`}
      testId="parameters-ai"
    >
      <ChannelTable
        kind="AI"
        count={draft.ai.names.length}
        columns={[
          columns.names,
          columns.units,
          ...columns.points,
          columns.preview((i) => ({ limits: limits(i), colors })),
          columns.text('alarmLow', t('configure.parameters.ai.low')),
          columns.text('alarmHigh', t('configure.parameters.ai.high')),
          operation,
        ]}
      />
    </ChannelSection>
  );
}

export function AoParameters(props: Props) {
  const { t } = useTranslation();
  const columns = useAnalogColumns('ao', props);
  return (
    <ChannelSection
      title={t('configure.parameters.ao.title')}
      help={`${t('configure.parameters.ao.limitsHelp')} ${t('configure.parameters.scalingHelp')}`}
      testId="parameters-ao"
    >
      <ChannelTable
        kind="AO"
        count={props.draft.ao.names.length}
        columns={[
          columns.names,
          columns.units,
          columns.text('min', t('configure.parameters.ao.min')),
          columns.text('max', t('configure.parameters.ao.max')),
          ...columns.points,
          columns.preview(),
        ]}
      />
    </ChannelSection>
  );
}
