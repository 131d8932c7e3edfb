/**
 * The Modbus TCP address (docs/api.md § PATCH modbusTcp): where the server dials the device instead
 * of waiting for its DTU; set, changed or cleared. Checked with the contract's own rule
 * (`ModbusTcpAddress`), and the server's refusal (an address it does not dial) shown on the host.
 */
import { ModbusTcpAddress } from '@fieldlink/protocol';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { showOnFields } from './info-errors';
import { saveEquipment } from './save';
import { useUnsavedChanges } from './unsaved';

interface ModbusValues {
  readonly host: string;
  readonly port: number | null;
}

const valuesOf = (record: Equipment): ModbusValues => ({
  host: record.modbusTcp?.host ?? '',
  port: record.modbusTcp?.port ?? null,
});

function modbusFieldOf(path: string): string | null {
  if (path === 'modbusTcp.port') return 'port';
  if (path === 'modbusTcp' || path.startsWith('modbusTcp.host')) return 'host';
  return null;
}

export default function LinkModbusForm({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModbusValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = useMemo(() => valuesOf(record), [record]);
  const host = Form.useWatch('host', form) as string | undefined;
  const port = Form.useWatch('port', form) as number | null | undefined;
  const dirty =
    (host ?? initial.host) !== initial.host || (port === undefined ? initial.port : port) !== initial.port;
  // A record changed elsewhere shows at once, unless this form holds edits.
  const shown = useRef(initial);
  useUnsavedChanges(dirty, () => form.setFieldsValue(shown.current));
  useEffect(() => {
    const before = shown.current;
    shown.current = initial;
    if (before === initial) return;
    const v = form.getFieldsValue(true) as Partial<ModbusValues>;
    if ((v.host ?? '') === before.host && (v.port ?? null) === before.port) form.setFieldsValue(initial);
  }, [initial, form]);

  const send = async (address: { host: string; port: number } | null): Promise<void> => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveEquipment(record.id, { modbusTcp: address });
      form.setFieldsValue(valuesOf(saved));
      void message.success(t(address ? 'configure.link.modbus.saved' : 'configure.link.modbus.cleared'));
    } catch (error) {
      const general = showOnFields(form, error, modbusFieldOf);
      if (general !== null) setFailure(t('configure.link.modbus.failed', { message: general }));
    } finally {
      setSaving(false);
    }
  };

  const onFinish = (values: ModbusValues): void => {
    if (values.port === null) return;
    void send({ host: values.host.trim(), port: values.port });
  };

  const current = record.modbusTcp;
  return (
    <Card size="small" title={t('configure.link.modbus.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('configure.link.modbus.help')}</Typography.Text>
        <Typography.Text data-testid="modbus-current">
          {current
            ? t('configure.link.modbus.current', { address: `${current.host}:${current.port}` })
            : t('configure.link.modbus.none')}
        </Typography.Text>
        {failure !== null ? (
          <Alert type="error" showIcon title={failure} data-testid="modbus-failure" />
        ) : null}
        <Form<ModbusValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={onFinish}
          disabled={saving}
          data-testid="modbus-form"
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
                {
                  validator: async (_, value: unknown) => {
                    if (typeof value !== 'string' || value.trim() === '') return;
                    if (!ModbusTcpAddress.shape.host.safeParse(value).success) {
                      throw new Error(t('configure.link.modbus.validation.host'));
                    }
                  },
                },
              ]}
            >
              <Input placeholder={t('configure.link.modbus.hostPlaceholder')} style={{ width: 280 }} />
            </Form.Item>
            <Form.Item
              name="port"
              label={t('configure.link.modbus.port')}
              rules={[
                { required: true, message: t('configure.link.modbus.validation.portRequired') },
                {
                  validator: async (_, value: unknown) => {
                    if (value === null || value === undefined) return;
                    if (!ModbusTcpAddress.shape.port.safeParse(value).success) {
                      throw new Error(t('configure.link.modbus.validation.port'));
                    }
                  },
                },
              ]}
            >
              <InputNumber style={{ width: 140 }} placeholder="502" />
            </Form.Item>
          </Space>
          <Form.Item style={{ marginBottom: 0 }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
                {t('configure.link.modbus.save')}
              </Button>
              <Button danger disabled={current === null || saving} onClick={() => void send(null)}>
                {t('configure.link.modbus.clear')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Space>
    </Card>
  );
}
