/**
 * Whether the server sets the device's clock (docs/api.md § PATCH clockSync, docs/protocol.md §
 * Clock): as its model says (`clock` of the type catalogue: the maker's boards have the clock at
 * holding registers 1100-1106), or on or off for this device. Off matters on a third-party board,
 * whose registers there may be its settings. Devices with a link of their own only: a sub-device
 * is never written by itself.
 */
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import type { MessageKey } from '../../i18n';
import { useLinkSettingForm } from './link-setting-form';
import LinkSettingCard from './LinkSettingCard';

/** The owner's choice: the model's (null on the wire), or on or off for this device. */
export type ClockChoice = 'model' | 'on' | 'off';

interface ClockValues {
  readonly sync: ClockChoice;
}

export const choiceOf = (clockSync: boolean | null): ClockChoice =>
  clockSync === null ? 'model' : clockSync ? 'on' : 'off';
const clockSyncOf = (choice: ClockChoice): boolean | null => (choice === 'model' ? null : choice === 'on');

const valuesOf = (record: Equipment): ClockValues => ({ sync: choiceOf(record.clockSync) });
const BLANK: ClockValues = { sync: 'model' };
const clockFieldOf = (path: string): string | null => (path === 'clockSync' ? 'sync' : null);

/** What is in force now and why. */
function currentKey(clockSync: boolean | null, model: boolean | undefined): MessageKey {
  if (clockSync !== null)
    return clockSync ? 'configure.link.clock.currentOn' : 'configure.link.clock.currentOff';
  if (model === undefined) return 'configure.link.clock.currentModelUnknown';
  return model ? 'configure.link.clock.currentModelOn' : 'configure.link.clock.currentModelOff';
}

export default function LinkClockSyncForm({ record }: { readonly record: Equipment }) {
  if (record.parentId !== null) return null;
  return <ClockSyncCard record={record} />;
}

function ClockSyncCard({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const setting = useLinkSettingForm({
    record,
    valuesOf,
    blank: BLANK,
    fieldOf: clockFieldOf,
    failed: 'configure.link.clock.failed',
  });
  const model = useDirectory((d) => d.types[record.type]?.clock);
  const save = (clockSync: boolean | null): Promise<void> =>
    setting.send(
      { clockSync },
      clockSync === null ? 'configure.link.clock.cleared' : 'configure.link.clock.saved',
    );

  const current = record.clockSync;
  return (
    <LinkSettingCard
      setting={setting}
      title={t('configure.link.clock.title')}
      help={t('configure.link.clock.help')}
      current={t(currentKey(current, model))}
      testId="clock-sync"
      onFinish={(values: ClockValues) => void save(clockSyncOf(values.sync))}
      save={t('configure.link.clock.save')}
    >
      <Form.Item name="sync" label={t('configure.link.clock.label')}>
        <Radio.Group
          optionType="button"
          options={[
            {
              value: 'model',
              label:
                model === undefined
                  ? t('configure.link.clock.modelUnknown')
                  : t('configure.link.clock.model', {
                      state: t(model ? 'configure.link.clock.state.on' : 'configure.link.clock.state.off'),
                    }),
            },
            { value: 'on', label: t('configure.link.clock.on') },
            { value: 'off', label: t('configure.link.clock.off') },
          ]}
        />
      </Form.Item>
    </LinkSettingCard>
  );
}
