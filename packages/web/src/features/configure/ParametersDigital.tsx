/** The Parameters tab's digital channels: output names; input names, alarm flags and alarm levels. */
import { channelLabel } from '@fieldlink/protocol';
import { Checkbox, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelSection, TextField } from './channel-fields';
import type { FieldErrors } from './channel-rules';
import { fieldId } from './channel-rules';
import type { ParametersDraft } from './parameters-model';

export type SetItem = (
  kind: 'do' | 'di' | 'ai' | 'ao',
  list: string,
  index: number,
  value: string | boolean,
) => void;

interface Props {
  readonly draft: ParametersDraft;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  readonly setItem: SetItem;
}

export function DoParameters({ draft, errors, editable, setItem }: Props) {
  const { t } = useTranslation();
  return (
    <ChannelSection title={t('configure.parameters.do.title')} testId="parameters-do">
      <table className="channel-table">
        <thead>
          <tr>
            <th scope="col">{t('configure.parameters.channel')}</th>
            <th scope="col">{t('configure.parameters.name')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.do.names.map((name, i) => {
            const passage = channelLabel('DO', i);
            return (
              <tr key={passage} data-channel={passage}>
                <th scope="row">{passage}</th>
                <td>
                  <TextField
                    field={fieldId('do', 'names', i)}
                    label={t('configure.parameters.fieldLabel', {
                      channel: passage,
                      field: t('configure.parameters.name'),
                    })}
                    value={name}
                    placeholder={passage}
                    width={200}
                    errors={errors}
                    editable={editable}
                    onChange={(v) => setItem('do', 'names', i, v)}
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

export function DiParameters({ draft, errors, editable, setItem }: Props) {
  const { t } = useTranslation();
  const levelText = (high: boolean) =>
    high ? t('configure.parameters.di.whenClosed') : t('configure.parameters.di.whenOpen');
  return (
    <ChannelSection title={t('configure.parameters.di.title')} testId="parameters-di">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('configure.parameters.di.help')}
      </Typography.Paragraph>
      <table className="channel-table">
        <thead>
          <tr>
            <th scope="col">{t('configure.parameters.channel')}</th>
            <th scope="col">{t('configure.parameters.name')}</th>
            <th scope="col">{t('configure.parameters.di.alarm')}</th>
            <th scope="col">{t('configure.parameters.di.level')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.di.names.map((name, i) => {
            const passage = channelLabel('DI', i);
            const alarm = draft.di.alarm[i] === true;
            const high = draft.di.alarmHigh[i] !== false;
            const label = (field: string) =>
              t('configure.parameters.fieldLabel', { channel: passage, field });
            return (
              <tr key={passage} data-channel={passage}>
                <th scope="row">{passage}</th>
                <td>
                  <TextField
                    field={fieldId('di', 'names', i)}
                    label={label(t('configure.parameters.name'))}
                    value={name}
                    placeholder={passage}
                    width={200}
                    errors={errors}
                    editable={editable}
                    onChange={(v) => setItem('di', 'names', i, v)}
                  />
                </td>
                <td>
                  {editable ? (
                    <Checkbox
                      checked={alarm}
                      aria-label={label(t('configure.parameters.di.alarm'))}
                      onChange={(e) => setItem('di', 'alarm', i, e.target.checked)}
                    />
                  ) : (
                    <span>{alarm ? t('configure.parameters.yes') : t('configure.parameters.no')}</span>
                  )}
                </td>
                <td>
                  {editable ? (
                    <Radio.Group
                      size="small"
                      optionType="button"
                      value={high ? 'high' : 'low'}
                      disabled={!alarm}
                      aria-label={label(t('configure.parameters.di.level'))}
                      options={[
                        { value: 'high', label: levelText(true) },
                        { value: 'low', label: levelText(false) },
                      ]}
                      onChange={(e) => setItem('di', 'alarmHigh', i, e.target.value === 'high')}
                    />
                  ) : (
                    <span>{alarm ? levelText(high) : '—'}</span>
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
