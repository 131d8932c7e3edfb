/**
 * Adding a sub-device under a host: the model (those hanging under this kind of host, with their
 * channel counts), a name, and the address (a slave id 0-249 unused under this host, or a DL645
 * meter's 12 digits). The server's refusals land on the field they are about.
 */
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSubDevice } from '../../api/equipment';
import type { Equipment, EquipmentType, HostRole } from '../../api/equipment';
import { isLanguage } from '../../i18n';
import { useUnsavedChanges } from '../configure/unsaved';
import { useSubDeviceNameRules } from './sub-device-rules';
import { checkAddress, nextFreeSlaveId, submitProblem } from './sub-devices';

interface Values {
  readonly type?: string;
  readonly name?: string;
  readonly address?: string;
}

interface Props {
  readonly host: Equipment;
  readonly role: HostRole;
  readonly models: readonly EquipmentType[];
  /** The addresses already used under the host. */
  readonly used: readonly string[];
  readonly onAdded: (record: Equipment) => void;
}

export default function AddSubDeviceForm({ host, role, models, used, onAdded }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useUnsavedChanges(dirty);
  const nameRules = useSubDeviceNameRules();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const meter = role === 'dl645';
  const suggested = meter ? null : nextFreeSlaveId(used);

  // The list is read again every 5 s and after each change: the suggestion follows it until the
  // user types an address of their own.
  useEffect(() => {
    if (suggested !== null && !form.isFieldTouched('address'))
      form.setFieldValue('address', String(suggested));
  }, [form, suggested]);

  const options = useMemo(
    () =>
      models.map((m) => ({
        value: m.type,
        label: `${m.names[lang]} (${m.type}) · ${t('equipment.add.channels', { ...m.counts })}`,
      })),
    [models, lang, t],
  );
  const initial: Values = {
    ...(models.length === 1 && models[0] ? { type: models[0].type } : {}),
    ...(suggested !== null ? { address: String(suggested) } : {}),
  };

  const onFinish = async (values: Values) => {
    const address = checkAddress(role, values.address ?? '', used);
    if (!address.ok || !values.type || !values.name) return;
    setFailure(null);
    setPending(true);
    try {
      const record = await createSubDevice(host.id, {
        address: address.value,
        type: values.type,
        name: values.name,
      });
      void message.success(t('equipment.subDevices.added', { name: record.name }));
      const next = meter ? null : nextFreeSlaveId([...used, String(address.value)]);
      form.resetFields();
      form.setFieldsValue({ address: next === null ? '' : String(next) });
      setDirty(false);
      onAdded(record);
    } catch (error) {
      const problem = submitProblem(role, error);
      if (problem.field) form.setFields([{ name: problem.field, errors: [t(problem.key)] }]);
      else setFailure(t(problem.key, { message: problem.message }));
    } finally {
      setPending(false);
    }
  };

  if (models.length === 0)
    return <Alert type="warning" showIcon message={t('equipment.subDevices.add.noModels')} />;

  const addressLabel = t(`equipment.subDevices.add.fields.${meter ? 'meterAddress' : 'slaveId'}`);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={pending}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => void onFinish(v)}
      data-testid="add-sub-device"
    >
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} /> : null}
      <Form.Item
        name="type"
        label={t('equipment.subDevices.add.fields.type')}
        rules={[{ required: true, message: t('equipment.subDevices.validation.typeRequired') }]}
      >
        <Select options={options} placeholder={t('equipment.subDevices.add.placeholders.type')} />
      </Form.Item>
      <Form.Item name="name" label={t('equipment.subDevices.add.fields.name')} rules={nameRules}>
        <Input placeholder={t('equipment.subDevices.add.placeholders.name')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="address"
        label={addressLabel}
        extra={t(`equipment.subDevices.add.hints.${meter ? 'meterAddress' : 'slaveId'}`)}
        rules={[
          {
            validator: (_, value: unknown) => {
              const check = checkAddress(role, typeof value === 'string' ? value : '', used);
              if (check.ok) return Promise.resolve();
              const text = t(`equipment.subDevices.validation.${check.problem}`, {
                address: typeof value === 'string' ? value.trim() : '',
              });
              return Promise.reject(new Error(text));
            },
          },
        ]}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={meter ? 16 : 8}
          placeholder={t(`equipment.subDevices.add.placeholders.${meter ? 'meterAddress' : 'slaveId'}`)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('equipment.subDevices.add.submit')}
      </Button>
    </Form>
  );
}
