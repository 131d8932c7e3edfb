/**
 * The Modbus TCP address (docs/api.md § PATCH modbusTcp): where the server dials the device instead
 * of waiting for its DTU; set, changed or cleared. Checked with the contract's own rule
 * (`ModbusTcpAddress`), and the server's refusal (an address it does not dial) shown on the host.
 */
import { ModbusTcpAddress } from '@fieldlink/protocol';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { schemaRule, useLinkSettingForm } from './link-setting-form';
import LinkSettingCard from './LinkSettingCard';

interface ModbusValues {
  readonly host: string;
  readonly port: number | null;
}

const valuesOf = (record: Equipment): ModbusValues => ({
  host: record.modbusTcp?.host ?? '',
  port: record.modbusTcp?.port ?? null,
});
const BLANK: ModbusValues = { host: '', port: null };

function modbusFieldOf(path: string): string | null {
  if (path === 'modbusTcp.port') return 'port';
  if (path === 'modbusTcp' || path.startsWith('modbusTcp.host')) return 'host';
  return null;
}

export default function LinkModbusForm({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const setting = useLinkSettingForm({
    record,
    valuesOf,
    blank: BLANK,
    fieldOf: modbusFieldOf,
    failed: 'configure.link.modbus.failed',
  });
  const { saving, send } = setting;
  const save = (address: { host: string; port: number } | null): Promise<void> =>
    send({ modbusTcp: address }, address ? 'configure.link.modbus.saved' : 'configure.link.modbus.cleared');

  const onFinish = (values: ModbusValues): void => {
    if (values.port === null) return;
    void save({ host: values.host.trim(), port: values.port });
  };

  const current = record.modbusTcp;
  return (
    <LinkSettingCard
      setting={setting}
      title={t('configure.link.modbus.title')}
      help={t('configure.link.modbus.help')}
      current={
        current
          ? t('configure.link.modbus.current', { address: `${current.host}:${current.port}` })
          : t('configure.link.modbus.none')
      }
      testId="modbus"
      onFinish={onFinish}
      save={t('configure.link.modbus.save')}
      actions={
        <Button danger disabled={current === null || saving} onClick={() => void save(null)}>
          {t('configure.link.modbus.clear')}
        </Button>
      }
    >
      <Space wrap align="start" size="middle">
        <Form.Item
          name="host"
          label={t('configure.link.modbus.host')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('configure.link.modbus.validation.hostRequired'),
            },
            schemaRule(ModbusTcpAddress.shape.host, t('configure.link.modbus.validation.host')),
          ]}
        >
          <Input placeholder={t('configure.link.modbus.hostPlaceholder')} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item
          name="port"
          label={t('configure.link.modbus.port')}
          rules={[
            { required: true, message: t('configure.link.modbus.validation.portRequired') },
            schemaRule(ModbusTcpAddress.shape.port, t('configure.link.modbus.validation.port')),
          ]}
        >
          <InputNumber style={{ width: 140 }} placeholder="502" />
        </Form.Item>
      </Space>
    </LinkSettingCard>
  );
}
