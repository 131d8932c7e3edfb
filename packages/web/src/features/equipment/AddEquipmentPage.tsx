/**
 * /addEquips (spec §2, §4 adding equipment): a device added by its serial number and product
 * model, named and put in a group; then the owner is shown how to point its DTU at this server
 * (address, port, the `SERIAL:secret` registration packet). The tree reloads, so the new device is
 * there when the owner goes back to monitoring.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listEquipmentTypes } from '../../api/equipment';
import type { CreatedEquipment, EquipmentType, NewEquipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { isLanguage } from '../../i18n';
import { INFO_BOUNDS } from '../configure/info-values';
import { DeviceIcon } from '../monitoring/DeviceIcon';
import DtuPanel from './DtuPanel';
import { SERIAL_PATTERN, submitError, useAddEquipment } from './add-equipment';

interface Values {
  readonly sn: string;
  readonly type: string;
  readonly name: string;
  readonly group?: string;
}

export default function AddEquipmentPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [added, setAdded] = useState<CreatedEquipment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const types = useQuery({
    queryKey: ['equipment-types'],
    queryFn: ({ signal }) => listEquipmentTypes(signal),
  });
  const groups = useDirectory((d) => d.groups);
  const add = useAddEquipment();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const chosenType = Form.useWatch('type', form);
  const chosen = types.data?.items.find((item) => item.type === chosenType);

  const typeOptions = useMemo(
    () =>
      (types.data?.items ?? [])
        .filter((item) => item.attachesTo === null)
        .map((item) => ({ value: item.type, label: `${item.names[lang]} (${item.type})` })),
    [types.data, lang],
  );
  const groupOptions = useMemo(() => groups.map((g) => ({ value: g.name })), [groups]);

  const onFinish = async (values: Values) => {
    setFailure(null);
    const request: NewEquipment = {
      sn: values.sn.trim(),
      type: values.type,
      name: values.name,
      ...(values.group ? { group: values.group } : {}),
    };
    try {
      setAdded(await add.mutateAsync(request));
    } catch (error) {
      const shown = submitError(error);
      if (shown.field) form.setFields([{ name: shown.field, errors: [t(shown.key)] }]);
      else setFailure(t('equipment.add.errors.failed', { message: shown.message }));
    }
  };

  if (added) {
    return (
      <DtuPanel
        equipment={added}
        onAnother={() => {
          setAdded(null);
          form.resetFields();
        }}
      />
    );
  }

  return (
    <Card title={t('equipment.add.title')} data-page="AddEquipmentPage" style={{ maxWidth: 640 }}>
      {types.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('equipment.add.errors.typesFailed', {
            message: types.error instanceof Error ? types.error.message : '',
          })}
        />
      ) : null}
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} disabled={add.isPending}>
        <Form.Item
          name="sn"
          label={t('equipment.add.fields.serial')}
          rules={[
            { required: true, whitespace: true, message: t('equipment.add.validation.serialRequired') },
            {
              validator: (_, value: unknown) =>
                typeof value !== 'string' || value.trim() === '' || SERIAL_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('equipment.add.validation.serialFormat'))),
            },
          ]}
        >
          <Input placeholder={t('equipment.add.placeholders.serial')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('equipment.add.fields.type')}
          rules={[{ required: true, message: t('equipment.add.validation.typeRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.isPending}
            options={typeOptions}
            placeholder={t('equipment.add.placeholders.type')}
          />
        </Form.Item>
        {chosen ? <TypePreview type={chosen} lang={lang} /> : null}
        <Form.Item
          name="name"
          label={t('equipment.add.fields.name')}
          rules={[
            { required: true, message: t('equipment.add.validation.nameRequired') },
            { max: INFO_BOUNDS.name, message: t('equipment.add.validation.nameTooLong') },
          ]}
        >
          <Input placeholder={t('equipment.add.placeholders.name')} />
        </Form.Item>
        <Form.Item
          name="group"
          label={t('equipment.add.fields.group')}
          rules={[{ max: INFO_BOUNDS.group, message: t('equipment.add.validation.groupTooLong') }]}
        >
          <AutoComplete
            options={groupOptions}
            placeholder={t('equipment.add.placeholders.group')}
            filterOption={(input, option) =>
              (option?.value ?? '').toLowerCase().includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('equipment.add.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** The chosen model's glyph, name and channel counts. */
function TypePreview({ type, lang }: { readonly type: EquipmentType; readonly lang: 'zh' | 'en' | 'tc' }) {
  const { t } = useTranslation();
  return (
    <Space align="center" style={{ marginBottom: 16 }} data-testid="type-preview">
      <span style={{ fontSize: 32 }}>
        <DeviceIcon type={type} isOnline isAlarm={false} />
      </span>
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{type.names[lang]}</Typography.Text>
        <Typography.Text type="secondary">{t('equipment.add.channels', { ...type.counts })}</Typography.Text>
      </Space>
    </Space>
  );
}
