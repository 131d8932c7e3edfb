/**
 * The Modbus slave (unit) address (docs/api.md § PATCH slaveAddress): where the server sends the
 * device's requests, its model's default (`slaveAddress` of the type catalogue) unless set for
 * this device. Set, changed, or given back to the model's default (null). Checked with the
 * contract's own rule (`SlaveAddress`), and the server's refusal shown on the field. Devices with a
 * link of their own only: a sub-device answers at its address under its host.
 */
import { SlaveAddress } from '@fieldlink/protocol';
import { Alert, App, Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { showOnFields } from './info-errors';
import { saveEquipment } from './save';
import { useUnsavedChanges } from './unsaved';

interface SlaveValues {
  /** Empty (null) while the model's default is used. */
  readonly address: number | null;
}

const valuesOf = (record: Equipment): SlaveValues => ({ address: record.slaveAddress });

const slaveFieldOf = (path: string): string | null => (path === 'slaveAddress' ? 'address' : null);

export default function LinkSlaveAddressForm({ record }: { readonly record: Equipment }) {
  if (record.parentId !== null) return null;
  return <SlaveAddressCard record={record} />;
}

function SlaveAddressCard({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SlaveValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const typeDefault = useDirectory((d) => d.types[record.type]?.slaveAddress);
  const initial = useMemo(() => valuesOf(record), [record]);
  const address = Form.useWatch('address', form) as number | null | undefined;
  const dirty = (address === undefined ? initial.address : address) !== initial.address;
  // A record changed elsewhere shows at once, unless this form holds edits.
  const shown = useRef(initial);
  useUnsavedChanges(dirty, () => form.setFieldsValue(shown.current));
  useEffect(() => {
    const before = shown.current;
    shown.current = initial;
    if (before === initial) return;
    const v = form.getFieldsValue(true) as Partial<SlaveValues>;
    if ((v.address ?? null) === before.address) form.setFieldsValue(initial);
  }, [initial, form]);

  const send = async (slaveAddress: number | null): Promise<void> => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveEquipment(record.id, { slaveAddress });
      form.setFieldsValue(valuesOf(saved));
      void message.success(
        t(slaveAddress === null ? 'configure.link.slave.cleared' : 'configure.link.slave.saved'),
      );
    } catch (error) {
      const general = showOnFields(form, error, slaveFieldOf);
      if (general !== null) setFailure(t('configure.link.slave.failed', { message: general }));
    } finally {
      setSaving(false);
    }
  };

  const onFinish = (values: SlaveValues): void => {
    if (values.address === null) return;
    void send(values.address);
  };

  const current = record.slaveAddress;
  const now =
    current !== null
      ? t('configure.link.slave.currentSet', { address: current })
      : typeDefault !== undefined
        ? t('configure.link.slave.currentDefault', { address: typeDefault })
        : t('configure.link.slave.currentDefaultUnknown');
  return (
    <Card size="small" title={t('configure.link.slave.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('configure.link.slave.help')}</Typography.Text>
        <Typography.Text data-testid="slave-address-current">{now}</Typography.Text>
        {failure !== null ? (
          <Alert type="error" showIcon title={failure} data-testid="slave-address-failure" />
        ) : null}
        <Form<SlaveValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={onFinish}
          disabled={saving}
          data-testid="slave-address-form"
        >
          <Form.Item
            name="address"
            label={t('configure.link.slave.label')}
            rules={[
              { required: true, message: t('configure.link.slave.validation.required') },
              {
                validator: async (_, value: unknown) => {
                  if (value === null || value === undefined) return;
                  if (!SlaveAddress.safeParse(value).success) {
                    throw new Error(t('configure.link.slave.validation.range'));
                  }
                },
              },
            ]}
          >
            <InputNumber
              style={{ width: 140 }}
              placeholder={
                typeDefault !== undefined ? String(typeDefault) : t('configure.link.slave.placeholder')
              }
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
                {t('configure.link.slave.save')}
              </Button>
              <Button disabled={current === null || saving} onClick={() => void send(null)}>
                {t('configure.link.slave.useDefault')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Space>
    </Card>
  );
}
