/**
 * The Parameters tab's analog channels. Inputs: name, unit, the scaling points, the live reading as
 * saved and as typed, alarm limits and the alarm operation. Outputs: name, unit, the raw limits,
 * the scaling points and the same preview.
 */
import { channelLabel, scaleValue } from '@fieldlink/protocol';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import type { LiveState } from '../../equipment/live-state';
import { ALARM_COLORS } from '../monitoring/InputPanels';
import { ChannelSection, TextField } from './channel-fields';
import type { FieldErrors } from './channel-rules';
import { fieldId, numberOrNull } from './channel-rules';
import {
  alarmOperationChoices,
  formatAlarmOperation,
  parseAlarmOperation,
} from './parameters-alarm-operation';
import type { AlarmOperation } from './parameters-alarm-operation';
import type { ParametersDraft } from './parameters-model';
import { previewValue, SCALING_KEYS } from './parameters-model';
import type { SetItem } from './ParametersDigital';
import { ScalingPreview } from './ScalingPreview';

interface Props {
  readonly record: Equipment;
  readonly live: LiveState | undefined;
  readonly draft: ParametersDraft;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  readonly setItem: SetItem;
}

const SCALING_LABELS = { x1: 'X1', x2: 'X2', y1: 'Y1', y2: 'Y2' } as const;

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

export function AiParameters({ record, live, draft, errors, editable, setItem }: Props) {
  const { t } = useTranslation();
  const operationLabel = useOperationLabel(draft);
  const s = record.settings.ai;
  const colors = {
    low: record.settings.colors.alarmLow || ALARM_COLORS.low,
    high: record.settings.colors.alarmHigh || ALARM_COLORS.high,
  };
  const cell = (list: string, i: number, label: string, width = 58) => (
    <TextField
      field={fieldId('ai', list, i)}
      label={t('configure.parameters.fieldLabel', { channel: channelLabel('AI', i), field: label })}
      value={draft.ai[list as keyof ParametersDraft['ai']][i] ?? ''}
      width={width}
      inputMode={list === 'names' || list === 'units' ? 'text' : 'decimal'}
      placeholder={list === 'names' ? channelLabel('AI', i) : undefined}
      errors={errors}
      editable={editable}
      onChange={(v) => setItem('ai', list, i, v)}
    />
  );
  return (
    <ChannelSection title={t('configure.parameters.ai.title')} testId="parameters-ai">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('configure.parameters.scalingHelp')} {t('configure.parameters.ai.alarmHelp')}
      </Typography.Paragraph>
      <table className="channel-table">
        <thead>
          <tr>
            <th scope="col">{t('configure.parameters.channel')}</th>
            <th scope="col">{t('configure.parameters.name')}</th>
            <th scope="col">{t('configure.parameters.unit')}</th>
            {SCALING_KEYS.map((key) => (
              <th scope="col" key={key}>
                {SCALING_LABELS[key]}
              </th>
            ))}
            <th scope="col">{t('configure.parameters.preview.title')}</th>
            <th scope="col">{t('configure.parameters.ai.low')}</th>
            <th scope="col">{t('configure.parameters.ai.high')}</th>
            <th scope="col">{t('configure.parameters.ai.operation.title')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.ai.names.map((_, i) => {
            const passage = channelLabel('AI', i);
            const raw = live?.known.ai ? live.ai[i] : undefined;
            const low = numberOrNull(draft.ai.alarmLow[i] ?? '');
            const high = numberOrNull(draft.ai.alarmHigh[i] ?? '');
            const current = draft.ai.alarmOperations[i] ?? '';
            const choices = alarmOperationChoices(record.counts.do, current);
            return (
              <tr key={passage} data-channel={passage}>
                <th scope="row">{passage}</th>
                <td>{cell('names', i, t('configure.parameters.name'), 120)}</td>
                <td>{cell('units', i, t('configure.parameters.unit'), 52)}</td>
                {SCALING_KEYS.map((key) => (
                  <td key={key}>{cell(key, i, SCALING_LABELS[key])}</td>
                ))}
                <td>
                  <ScalingPreview
                    passage={passage}
                    raw={raw}
                    saved={
                      raw === undefined
                        ? 0
                        : scaleValue(raw, s.x1[i] ?? 0, s.x2[i] ?? 0, s.y1[i] ?? 0, s.y2[i] ?? 0)
                    }
                    typed={raw === undefined ? null : previewValue(raw, draft.ai, i)}
                    unit={draft.ai.units[i] ?? ''}
                    limits={low === null || high === null ? null : { low, high }}
                    colors={colors}
                  />
                </td>
                <td>{cell('alarmLow', i, t('configure.parameters.ai.low'))}</td>
                <td>{cell('alarmHigh', i, t('configure.parameters.ai.high'))}</td>
                <td>
                  {editable ? (
                    <Select
                      size="small"
                      style={{ width: 132 }}
                      value={formatAlarmOperation(parseAlarmOperation(current))}
                      aria-label={t('configure.parameters.fieldLabel', {
                        channel: passage,
                        field: t('configure.parameters.ai.operation.title'),
                      })}
                      options={choices.map((op) => ({
                        value: formatAlarmOperation(op),
                        label: operationLabel(op),
                      }))}
                      onChange={(value: string) => setItem('ai', 'alarmOperations', i, value)}
                    />
                  ) : (
                    <span>{operationLabel(parseAlarmOperation(current))}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ChannelSection>
  );
}

export function AoParameters({ record, live, draft, errors, editable, setItem }: Props) {
  const { t } = useTranslation();
  const s = record.settings.ao;
  const cell = (list: string, i: number, label: string, width = 58) => (
    <TextField
      field={fieldId('ao', list, i)}
      label={t('configure.parameters.fieldLabel', { channel: channelLabel('AO', i), field: label })}
      value={draft.ao[list as keyof ParametersDraft['ao']][i] ?? ''}
      width={width}
      inputMode={list === 'names' || list === 'units' ? 'text' : 'decimal'}
      placeholder={list === 'names' ? channelLabel('AO', i) : undefined}
      errors={errors}
      editable={editable}
      onChange={(v) => setItem('ao', list, i, v)}
    />
  );
  return (
    <ChannelSection title={t('configure.parameters.ao.title')} testId="parameters-ao">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('configure.parameters.ao.limitsHelp')} {t('configure.parameters.scalingHelp')}
      </Typography.Paragraph>
      <table className="channel-table">
        <thead>
          <tr>
            <th scope="col">{t('configure.parameters.channel')}</th>
            <th scope="col">{t('configure.parameters.name')}</th>
            <th scope="col">{t('configure.parameters.unit')}</th>
            <th scope="col">{t('configure.parameters.ao.min')}</th>
            <th scope="col">{t('configure.parameters.ao.max')}</th>
            {SCALING_KEYS.map((key) => (
              <th scope="col" key={key}>
                {SCALING_LABELS[key]}
              </th>
            ))}
            <th scope="col">{t('configure.parameters.preview.title')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.ao.names.map((_, i) => {
            const passage = channelLabel('AO', i);
            const raw = live?.known.ao ? live.ao[i] : undefined;
            return (
              <tr key={passage} data-channel={passage}>
                <th scope="row">{passage}</th>
                <td>{cell('names', i, t('configure.parameters.name'), 120)}</td>
                <td>{cell('units', i, t('configure.parameters.unit'), 52)}</td>
                <td>{cell('min', i, t('configure.parameters.ao.min'))}</td>
                <td>{cell('max', i, t('configure.parameters.ao.max'))}</td>
                {SCALING_KEYS.map((key) => (
                  <td key={key}>{cell(key, i, SCALING_LABELS[key])}</td>
                ))}
                <td>
                  <ScalingPreview
                    passage={passage}
                    raw={raw}
                    saved={
                      raw === undefined
                        ? 0
                        : scaleValue(raw, s.x1[i] ?? 0, s.x2[i] ?? 0, s.y1[i] ?? 0, s.y2[i] ?? 0)
                    }
                    typed={raw === undefined ? null : previewValue(raw, draft.ao, i)}
                    unit={draft.ao.units[i] ?? ''}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ChannelSection>
  );
}
