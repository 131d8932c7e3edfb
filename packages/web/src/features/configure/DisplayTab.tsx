/**
 * The UI area of a device (spec §3 fDOUIMode, fDODIMode, images): each output's mode in the device
 * UI, the open-all and close-all buttons, which channels the equipment page shows, and the channel
 * pictures. With the edit right an editable form saved as one PATCH of what changed; without it
 * the same settings as text.
 */
import { App, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { canConfigure } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { SaveBar } from './channel-fields';
import { useChannelDraft, useSaveSettings } from './channel-draft';
import { displayChanges, displayFromRecord, sameDisplay, validateDisplay } from './display-model';
import { DisplayImages } from './DisplayImages';
import { DisplayModes } from './DisplayModes';
import { DisplayShown } from './DisplayShown';

export default function DisplayTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permission = useEquipmentStore((s) => s.rights[record.id]) ?? record.permission;
  const type = useEquipmentStore((s) => s.types[record.type]);
  const editable = canConfigure(permission);
  const { draft, setDraft, dirty, reset } = useChannelDraft(record, displayFromRecord, sameDisplay);
  const { saving, saveError, save } = useSaveSettings(record, reset);
  const relayModes = type?.relayModes;
  const errors = useMemo(
    () => validateDisplay(draft, record.counts, relayModes),
    [draft, record.counts, relayModes],
  );
  const errorCount = Object.keys(errors).length;

  const submit = (): void => {
    if (errorCount > 0) {
      void message.error(t('configure.parameters.fixErrors'));
      return;
    }
    const changes = displayChanges(draft, record);
    if (changes === null) {
      reset();
      return;
    }
    void save(changes);
  };

  const { counts } = record;
  const none = counts.do + counts.di + counts.ai + counts.ao === 0;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tab-display">
      {!editable && (
        <Typography.Text type="warning" data-testid="display-no-config">
          {t('monitoring.device.noConfig')}
        </Typography.Text>
      )}
      {none && <Typography.Text type="secondary">{t('monitoring.device.noChannels')}</Typography.Text>}
      {counts.do > 0 && (
        <DisplayModes
          draft={draft}
          errors={errors}
          editable={editable}
          relayModes={relayModes}
          names={record.settings.do.names}
          setMode={(index, change) =>
            setDraft((d) => ({ ...d, modes: d.modes.map((m, i) => (i === index ? { ...m, ...change } : m)) }))
          }
          setButtons={(change) => setDraft((d) => ({ ...d, ...change }))}
        />
      )}
      {!none && (
        <DisplayShown
          record={record}
          draft={draft}
          errors={errors}
          editable={editable}
          setShown={(kind, shown) => setDraft((d) => ({ ...d, shown: { ...d.shown, [kind]: shown } }))}
        />
      )}
      <DisplayImages
        record={record}
        draft={draft}
        editable={editable}
        setImage={(list, index, name) =>
          setDraft((d) => ({
            ...d,
            images: { ...d.images, [list]: d.images[list].map((v, i) => (i === index ? name : v)) },
          }))
        }
      />
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
