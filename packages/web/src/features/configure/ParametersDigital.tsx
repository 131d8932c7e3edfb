/** The Parameters tab's digital channels: output names; input names, alarm flags and alarm levels. */
import { Checkbox, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelSection, ChannelTable, useFieldLabel } from './channel-fields';
import { useTextColumns } from './parameters-columns';
import type { ParametersContext } from './parameters-columns';

export function DoParameters(props: ParametersContext) {
  const { t } = useTranslation();
  const text = useTextColumns('do', props);
  return (
    <ChannelSection title={t('configure.parameters.do.title')} testId="parameters-do">
      <ChannelTable
        kind="DO"
        count={props.draft.do.names.length}
        columns={[text('names', t('configure.parameters.name'), 200)]}
      />
    </ChannelSection>
  );
}

export function DiParameters(props: ParametersContext) {
  const { draft, editable, setItem } = props;
  const { t } = useTranslation();
  const text = useTextColumns('di', props);
  const fieldLabel = useFieldLabel();
  const levelText = (high: boolean) =>
    high ? t('configure.parameters.di.whenClosed') : t('configure.parameters.di.whenOpen');
  const alarmOf = (i: number) => draft.di.alarm[i] === true;
  const highOf = (i: number) => draft.di.alarmHigh[i] !== false;
  return (
    <ChannelSection
      title={t('configure.parameters.di.title')}
      help={t('configure.parameters.di.help')}
      testId="parameters-di"
    >
      <ChannelTable
        kind="DI"
        count={draft.di.names.length}
        columns={[
          text('names', t('configure.parameters.name'), 200),
          {
            key: 'alarm',
            title: t('configure.parameters.di.alarm'),
            cell: (i, passage) =>
              editable ? (
                <Checkbox
                  checked={alarmOf(i)}
                  aria-label={fieldLabel(passage, t('configure.parameters.di.alarm'))}
                  onChange={(e) => setItem('di', 'alarm', i, e.target.checked)}
                />
              ) : (
                <span>{alarmOf(i) ? t('configure.parameters.yes') : t('configure.parameters.no')}</span>
              ),
          },
          {
            key: 'level',
            title: t('configure.parameters.di.level'),
            cell: (i, passage) =>
              editable ? (
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={highOf(i) ? 'high' : 'low'}
                  disabled={!alarmOf(i)}
                  aria-label={fieldLabel(passage, t('configure.parameters.di.level'))}
                  options={[
                    { value: 'high', label: levelText(true) },
                    { value: 'low', label: levelText(false) },
                  ]}
                  onChange={(e) => setItem('di', 'alarmHigh', i, e.target.value === 'high')}
                />
              ) : (
                <span>{alarmOf(i) ? levelText(highOf(i)) : '—'}</span>
              ),
          },
        ]}
      />
    </ChannelSection>
  );
}
