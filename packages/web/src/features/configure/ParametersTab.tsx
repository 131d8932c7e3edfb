/**
 * The parameters area of a device (spec §2, §3): per-channel names, DI alarm flags and levels, AI
 * and AO units and scaling points with a live preview, AI alarm limits and operations, AO limits.
 * With the edit right an editable form saved as one PATCH of the lists that changed; without it
 * the same values as text.
 */
import { App, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { canConfigure } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { SaveBar } from './channel-fields';
import { useChannelDraft, useSaveSettings } from './channel-draft';
import { draftFromRecord, parametersChanges, sameDraft, validateParameters } from './parameters-model';
import type { ParametersDraft } from './parameters-model';
import { AiParameters, AoParameters } from './ParametersAnalog';
import { DiParameters, DoParameters } from './ParametersDigital';
import type { SetItem } from './ParametersDigital';

export default function ParametersTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permission = useEquipmentStore((s) => s.rights[record.id]) ?? record.permission;
  const live = useEquipmentStore((s) => s.live[record.id]);
  const editable = canConfigure(permission);
  const { draft, setDraft, dirty, reset } = useChannelDraft(record, draftFromRecord, sameDraft);
  const { saving, saveError, save } = useSaveSettings(record, reset);
  const errors = useMemo(() => validateParameters(draft, record.counts), [draft, record.counts]);
  const errorCount = Object.keys(errors).length;

  const setItem: SetItem = (kind, list, index, value) =>
    setDraft((d) => {
      const lists = d[kind] as Record<string, readonly unknown[]>;
      const items = lists[list] ?? [];
      return {
        ...d,
        [kind]: { ...lists, [list]: items.map((item, i) => (i === index ? value : item)) },
      } as ParametersDraft;
    });

  const submit = (): void => {
    if (errorCount > 0) {
      void message.error(t('configure.parameters.fixErrors'));
      return;
    }
    const changes = parametersChanges(draft, record);
    if (changes === null) {
      reset();
      return;
    }
    void save(changes);
  };

  const { counts } = record;
  const props = { draft, errors, editable, setItem };
  const analog = { ...props, record, live };
  const none = counts.do + counts.di + counts.ai + counts.ao === 0;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tab-parameters">
      {!editable && (
        <Typography.Text type="warning" data-testid="parameters-no-config">
          {t('monitoring.device.noConfig')}
        </Typography.Text>
      )}
      {none && <Typography.Text type="secondary">{t('monitoring.device.noChannels')}</Typography.Text>}
      {counts.do > 0 && <DoParameters {...props} />}
      {counts.di > 0 && <DiParameters {...props} />}
      {counts.ai > 0 && <AiParameters {...analog} />}
      {counts.ao > 0 && <AoParameters {...analog} />}
      {editable && !none && (
        <SaveBar
          dirty={dirty}
          saving={saving}
          errorCount={errorCount}
          saveError={saveError}
          onSave={submit}
          onReset={() => reset()}
        />
      )}
    </Space>
  );
}
