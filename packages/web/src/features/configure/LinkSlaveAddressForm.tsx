/**
 * The Modbus slave (unit) address (docs/api.md § PATCH slaveAddress): where the server sends the
 * device's requests, its model's default (`slaveAddress` of the type catalogue) unless set for
 * this device. Set, changed, or given back to the model's default (null). Checked with the
 * contract's own rule (`SlaveAddress`), and the server's refusal shown on the field. Devices with a
 * link of their own only: a sub-device answers at its address under its host.
 */
import { SlaveAddress } from '@fieldlink/protocol';
import { Button, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { schemaRule, useLinkSettingForm } from './link-setting-form';
import LinkSettingCard from './LinkSettingCard';

interface SlaveValues {
  /** Empty (null) while the model's default is used. */
  readonly address: number | null;
}

const valuesOf = (record: Equipment): SlaveValues => ({ address: record.slaveAddress });
const BLANK: SlaveValues = { address: null };

const slaveFieldOf = (path: string): string | null => (path === 'slaveAddress' ? 'address' : null);

export default function LinkSlaveAddressForm({ record }: { readonly record: Equipment }) {
  if (record.parentId !== null) return null;
  return <SlaveAddressCard record={record} />;
}

function SlaveAddressCard({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const setting = useLinkSettingForm({
    record,
    valuesOf,
    blank: BLANK,
    fieldOf: slaveFieldOf,
    failed: 'configure.link.slave.failed',
  });
  const { saving, send } = setting;
  const typeDefault = useDirectory((d) => d.types[record.type]?.slaveAddress);
  const save = (slaveAddress: number | null): Promise<void> =>
    send(
      { slaveAddress },
      slaveAddress === null ? 'configure.link.slave.cleared' : 'configure.link.slave.saved',
    );

  const onFinish = (values: SlaveValues): void => {
    if (values.address === null) return;
    void save(values.address);
  };

  const current = record.slaveAddress;
  const now =
    current !== null
      ? t('configure.link.slave.currentSet', { address: current })
      : typeDefault !== undefined
        ? t('configure.link.slave.currentDefault', { address: typeDefault })
        : t('configure.link.slave.currentDefaultUnknown');
  return (
    <LinkSettingCard
      setting={setting}
      title={t('configure.link.slave.title')}
      help={t('configure.link.slave.help')}
      current={now}
      testId="slave-address"
      onFinish={onFinish}
      save={t('configure.link.slave.save')}
      actions={
        <Button disabled={current === null || saving} onClick={() => void save(null)}>
          {t('configure.link.slave.useDefault')}
        </Button>
      }
    >
      <Form.Item
        name="address"
        label={t('configure.link.slave.label')}
        rules={[
          { required: true, message: t('configure.link.slave.validation.required') },
          schemaRule(SlaveAddress, t('configure.link.slave.validation.range')),
        ]}
      >
        <InputNumber
          style={{ width: 140 }}
          placeholder={
            typeDefault !== undefined ? String(typeDefault) : t('configure.link.slave.placeholder')
          }
        />
      </Form.Item>
    </LinkSettingCard>
  );
}
